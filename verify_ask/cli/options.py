"""The options that ``ask`` (with ``--batch``) and ``eval`` share, declared once, and what
the parsed options make: the validated settings and the backend.

Each declaration fixes a flag's names and default; the help text is the command's own,
as ``eval`` words some of them differently (or not at all). A checker's option is declared
by its checker (``verify_ask.checkers.base.option``): its flag, default and help are read
from there, and any declared option, a plugin's too, can be given as
``--check-option NAME=VALUE``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import typer

from verify_ask import defaults
from verify_ask.checkers.base import Option, declared, default_of
from verify_ask.checkers.choices import ChoicesOptions
from verify_ask.checkers.command import CommandOptions
from verify_ask.checkers.pattern import PatternOptions
from verify_ask.checkers.quote import QuoteOptions
from verify_ask.checkers.rank import RankOptions
from verify_ask.checkers.span import SpanOptions
from verify_ask.checkers.vote import VoteOptions
from verify_ask.errors import UsageError

if TYPE_CHECKING:
    from verify_ask.checkers.options import Declared
    from verify_ask.model.backends import Backend
    from verify_ask.settings import Settings


def model(help: str | None = None) -> Any:
    return typer.Option(None, "--model", "-m", envvar="VERIFY_ASK_MODEL", help=help)


def verifier(help: str | None = None) -> Any:
    return typer.Option(
        None,
        "--verifier",
        help=help
        or "A larger model (name or GGUF) that reads the answer's evidence and answers itself; "
        "where it answers otherwise, abstain.",
    )


def samples(help: str | None = None) -> Any:
    return typer.Option(defaults.SAMPLES, "--samples", "-n", help=help)


def temperature(help: str | None = None) -> Any:
    return typer.Option(defaults.TEMPERATURE, "--temperature", "-t", help=help)


def seed(help: str | None = None) -> Any:
    return typer.Option(0, "--seed", help=help)


def draft(help: str | None = None) -> Any:
    return typer.Option(defaults.DRAFT, "--draft/--no-draft", help=help)


DECLARED = True
"""As ``help``: the help text the checker declares with the option."""


def checker_option(owner: type, name: str, help: str | bool | None = DECLARED) -> Any:
    """The Typer option for field ``name`` of a checker's options dataclass: its flag and
    default as declared; ``help`` is the declared text (DECLARED), a command's own, or none."""
    field_, how = next((f, how) for f, how in declared(owner) if f.name == name)
    text = how.help if help is DECLARED else help or None
    return typer.Option(None if how.multiple else default_of(field_), how.flag, help=text)


def min_agree(help: str | bool | None = None) -> Any:
    return checker_option(VoteOptions, "min_agree", help)


def min_share(help: str | bool | None = None) -> Any:
    return checker_option(RankOptions, "min_share", help)


def min_relevance(help: str | bool | None = None) -> Any:
    return checker_option(SpanOptions, "min_relevance", help)


def ignore_rule(help: str | bool | None = None) -> Any:
    return checker_option(SpanOptions, "ignore_rules", help)


def choices() -> Any:
    return checker_option(ChoicesOptions, "choices")


def pattern() -> Any:
    return checker_option(PatternOptions, "pattern")


def check_command() -> Any:
    return checker_option(CommandOptions, "command")


def check_timeout() -> Any:
    return checker_option(CommandOptions, "check_timeout")


def quote_threshold() -> Any:
    return checker_option(QuoteOptions, "quote_threshold")


def check_option() -> Any:
    return typer.Option(
        None,
        "--check-option",
        "-o",
        help="A checker's declared option as NAME=VALUE (repeatable), such as a plugin "
        "checker's; NAME is its field (check_timeout=5 is --check-timeout 5).",
    )


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
    "decision",
    "min_confidence",
    "weights",
    "prompt",
    "verifier",
    "passages",
    "max_source_chars",
)


def settings_from(options: Mapping[str, Any], **overrides: Any) -> Settings:
    """The validated settings that a command's parsed options ask for.

    ``options`` are named as the command's parameters (click's ``ctx.params``); a setting
    that the command has no option for keeps its default.
    """
    from dataclasses import fields

    from verify_ask.checkers.options import declared_options
    from verify_ask.settings import Settings

    given = {**options, **overrides}
    if given.get("model") and not given.get("weights") and given.get("decision") != "rules":
        from verify_ask.model.catalog import weights_for

        # A known model is judged by the weights fitted for it; a served one is the server's.
        given["weights"] = weights_for(given["model"], served=bool(given.get("base_url")))
    declared_ = declared_options()
    settings_fields = {f.name for f in fields(Settings)}
    run: dict[str, Any] = {name: given[name] for name in _AS_GIVEN if name in given}
    checker: dict[str, Any] = {}
    by_param = {how.param: (name, how) for name, (_, _, how) in declared_.items() if how.param}
    for param, value in given.items():  # in the command's order: --choices runs first
        if param in by_param:
            name, how = by_param[param]
            (run if name in settings_fields else checker)[name] = _parsed(how, value)
    for pair in given.get("check_option") or ():
        name, value = _named_value(pair, declared_)
        (run if name in settings_fields else checker)[name] = value
    settings = Settings(
        **run,
        checks=tuple(given.get("check") or ()),
        check_options=tuple(checker.items()),
    )
    settings.validate()
    return settings


def _parsed(how: Option, value: Any) -> Any:
    if how.multiple:
        value = list(value or ())
        return how.parse(value) if how.parse else tuple(value)
    return how.parse(value) if how.parse and value is not None else value


def _named_value(pair: str, declared_: Mapping[str, Declared]) -> tuple[str, Any]:
    """``--check-option NAME=VALUE`` as the declared option's name and typed value."""
    name, equals, text = pair.partition("=")
    name = name.strip().replace("-", "_")
    if not equals or not name:
        raise UsageError(f"--check-option takes NAME=VALUE, not {pair!r}")
    if name not in declared_:
        valid = ", ".join(sorted(declared_))
        raise UsageError(f"unknown checker option {name!r}; choose from: {valid}")
    _, field_, how = declared_[name]
    if how.multiple or how.parse:
        return name, _parsed(how, [text] if how.multiple else text)
    default = default_of(field_)
    try:
        if isinstance(default, bool):
            return name, text.strip().lower() in {"1", "true", "yes", "on"}
        if isinstance(default, (int, float)):
            return name, type(default)(text)
    except ValueError:
        raise UsageError(f"--check-option {name}: {text!r} is not a number") from None
    return name, text


def backend_from(options: Mapping[str, Any]) -> Backend:
    """The model ``ask`` samples from: a server with ``--base-url``, else a local GGUF."""
    from verify_ask.model.backends import create

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
