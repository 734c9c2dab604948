"""The options that ``ask`` (with ``--batch``) and ``eval`` share, declared once, and what
the parsed options make: the validated settings and the backend.

Each declaration fixes a flag's names and default; the help text is the command's own,
as ``eval`` words some of them differently (or not at all).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import typer

from verify_ask import defaults

if TYPE_CHECKING:
    from verify_ask.backends import Backend
    from verify_ask.settings import Settings


def model(help: str | None = None) -> Any:
    return typer.Option(None, "--model", "-m", envvar="VERIFY_ASK_MODEL", help=help)


def samples(help: str | None = None) -> Any:
    return typer.Option(defaults.SAMPLES, "--samples", "-n", help=help)


def temperature(help: str | None = None) -> Any:
    return typer.Option(defaults.TEMPERATURE, "--temperature", "-t", help=help)


def seed(help: str | None = None) -> Any:
    return typer.Option(0, "--seed", help=help)


def min_agree(help: str | None = None) -> Any:
    return typer.Option(defaults.MIN_AGREE, "--min-agree", help=help)


def min_share(help: str | None = None) -> Any:
    return typer.Option(defaults.MIN_SHARE, "--min-share", help=help)


def min_relevance(help: str | None = None) -> Any:
    return typer.Option(defaults.MIN_RELEVANCE, "--min-relevance", help=help)


def ignore_rule(help: str | None = None) -> Any:
    return typer.Option(None, "--ignore-rule", help=help)


def decision(help: str | None = None) -> Any:
    return typer.Option(defaults.DECISION, "--decision", help=help)


def min_confidence(help: str | None = None) -> Any:
    return typer.Option(None, "--min-confidence", help=help)


def weights(help: str | None = None) -> Any:
    return typer.Option(None, "--weights", help=help)


# Settings fields that an option of the same name gives as it is.
_AS_GIVEN = (
    "samples",
    "temperature",
    "seed",
    "max_tokens",
    "min_agree",
    "min_share",
    "min_relevance",
    "decision",
    "min_confidence",
    "weights",
    "prompt",
    "pattern",
    "check_timeout",
    "quote_threshold",
    "passages",
    "max_source_chars",
)


def settings_from(options: Mapping[str, Any], **overrides: Any) -> Settings:
    """The validated settings that a command's parsed options ask for.

    ``options`` are named as the command's parameters (click's ``ctx.params``); a setting
    that the command has no option for keeps its default.
    """
    from verify_ask.checkers.options import split_choices
    from verify_ask.rules import ignorable
    from verify_ask.settings import Settings

    given = {**options, **overrides}
    converted = {
        "checks": tuple(given.get("check") or ()),
        "ignore_rules": tuple(sorted(ignorable(given.get("ignore_rule") or ()))),
        "choices": split_choices(given.get("choices") or []),
        "command": given.get("check_command"),
    }
    settings = Settings(**{name: given[name] for name in _AS_GIVEN if name in given}, **converted)
    settings.validate()
    return settings


def backend_from(options: Mapping[str, Any]) -> Backend:
    """The model ``ask`` samples from: a server with ``--base-url``, else a local GGUF."""
    from verify_ask.backends import create

    if options["base_url"]:
        return create(
            "http",
            base_url=options["base_url"],
            model=options["model"],
            api_key=options["api_key"],
            timeout=options["timeout"],
            retries=options["retries"],
            concurrency=options["concurrency"],
            max_requests=options.get("max_requests"),
        )
    return create(
        "llama",
        model=options["model"],
        draft=options["draft"],
        draft_model=options["draft_model"],
        full_vocab=options.get("full_vocab", False),
    )
