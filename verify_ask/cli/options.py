"""The options that ``ask`` (with ``--batch``) and ``eval`` share, and what the parsed
options make: the validated settings and the backend.

Every option is declared once, as a field (``verify_ask.declaration.option``): the run-wide
ones by ``Settings``, a checker's by its checker, the backend's here. A command's
parameters are built from those declarations (``parameters``, ``with_parameters``), with the
declared help unless the command words it otherwise. Any checker's declared option, a
plugin's too, can be given as ``--check-option NAME=VALUE``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Optional, TypeVar, get_type_hints

import typer

from verify_ask import defaults
from verify_ask.checkers.choices import ChoicesOptions
from verify_ask.checkers.command import CommandOptions
from verify_ask.checkers.pattern import PatternOptions
from verify_ask.checkers.quote import QuoteOptions
from verify_ask.declaration import Option, declared, default_of, option
from verify_ask.errors import UsageError
from verify_ask.model.catalog import DEFAULT as DEFAULT_MODEL
from verify_ask.settings import Settings

if TYPE_CHECKING:
    from verify_ask.checkers.options import Declared
    from verify_ask.model.backends import Backend

Command = TypeVar("Command", bound=Callable[..., Any])


@dataclass(frozen=True)
class BackendOptions:
    """How ``ask`` reaches the model: a local GGUF, or a server with ``--base-url``."""

    model: str | None = option(
        None,
        "--model",
        "A model by name (`verify-ask models`) or a GGUF file; with --base-url, the served "
        "model's name (default: the one the server lists).",
        short="-m",
        envvar="VERIFY_ASK_MODEL",
        table="run",
        metavar="NAME",
        default_in_words=f"'{DEFAULT_MODEL}'",
    )
    base_url: str | None = option(
        None,
        "--base-url",
        "The server: an OpenAI-compatible one (llama-server, vLLM, Ollama), "
        "e.g. http://127.0.0.1:8080/v1.",
        envvar="VERIFY_ASK_BASE_URL",
        metavar="URL",
    )
    api_key: str | None = option(
        None,
        "--api-key",
        "Sent to --base-url as 'Authorization: Bearer'.",
        envvar=("VERIFY_ASK_API_KEY", "OPENAI_API_KEY"),
        show_default=False,
        metavar="KEY",
    )
    timeout: float = option(
        120.0, "--timeout", "Seconds to connect and wait for an answer.", metavar="S"
    )
    retries: int = option(
        3,
        "--retries",
        "Retries on connection errors, 429 and 5xx, with backoff; 'Retry-After' is honoured.",
        metavar="N",
    )
    concurrency: int = option(
        4,
        "--concurrency",
        "Requests in flight to --base-url at once for one question, when the server needs one "
        "request per sample.",
        metavar="N",
    )
    max_requests: int | None = option(
        None,
        "--max-requests",
        "Requests in flight to --base-url at once for the whole run, all lines of a "
        "batch together.",
        show_default=False,
        metavar="N",
        default_in_words="--jobs × --concurrency",
    )
    draft: bool = option(
        defaults.DRAFT,
        "--draft/--no-draft",
        "Draft answer tokens from the source and verify them in the local batch: faster for a "
        "lone greedy answer, the same for greedy + 10 samples; a near-tied token can come out "
        "otherwise.",
        table="run",
        doc=("speed", "docs/speed.md#drafting-on-by-default"),
    )
    draft_model: str | None = option(
        None,
        "--draft-model",
        "A smaller GGUF of the same vocabulary that drafts for --model (implies --draft).",
        table="run",
        metavar="GGUF",
    )
    full_vocab: bool = option(
        False,
        "--full-vocab",
        "Logits over the whole vocabulary instead of the prompt's answer vocabulary (slower; "
        "the same greedy answers on the examples).",
        table="run",
        doc=("speed", "docs/speed.md#the-answer-vocabulary"),
    )


@dataclass(frozen=True)
class AnyCheckerOption:
    check_option: tuple[str, ...] = option(
        (),
        "--check-option",
        "Any checker's declared option by its field name, a plugin's too (repeatable); "
        "'-o check_timeout=5' is '--check-timeout 5'.",
        short="-o",
        multiple=True,
        metavar="NAME=VALUE",
    )


CHECKER_OPTIONS = (ChoicesOptions, PatternOptions, CommandOptions, QuoteOptions)
"""The built-in checkers whose options have flags of their own, in the order their
checkers run when several are given (--choices before --pattern, however given)."""


def every_option() -> list[inspect.Parameter]:
    """The parameters of every option ``ask`` takes by flag: the backend's, the run's, the
    built-in checkers' own, and ``--check-option`` for any checker's."""
    found: dict[str, inspect.Parameter] = {}
    for owner in (BackendOptions, Settings, *CHECKER_OPTIONS, AnyCheckerOption):
        for param in parameters(owner):
            found.setdefault(param.name, param)  # a checker's field naming a setting: once
    return list(found.values())


def parameters(
    owner: type, names: Iterable[str] | None = None, helps: Mapping[str, str] | None = None
) -> list[inspect.Parameter]:
    """Command parameters for the fields of ``owner`` that have a flag (those in ``names``,
    if given), in declaration order; ``helps`` words a field's help otherwise."""
    hints = get_type_hints(owner)
    wanted = None if names is None else set(names)
    return [
        inspect.Parameter(
            how.param,
            inspect.Parameter.KEYWORD_ONLY,
            default=_typer_option(field_, how, (helps or {}).get(field_.name, how.help)),
            annotation=Optional[list[str]] if how.multiple else hints[field_.name],
        )
        for field_, how in declared(owner)
        if how.param and (wanted is None or field_.name in wanted)
    ]


def _typer_option(field_: Any, how: Option, help: str | None) -> Any:
    names = (how.flag, how.short) if how.short else (how.flag,)
    envvar = list(how.envvar) if isinstance(how.envvar, tuple) else how.envvar
    default = None if how.multiple else default_of(field_)
    if how.default_in_words:  # the raw value would mislead ("None"); \[ is no rich markup
        help = f"{help} \\[default: {how.default_in_words}]"
    return typer.Option(
        default,
        *names,
        envvar=envvar,
        show_default=how.show_default and not how.default_in_words,
        help=help or None,
        metavar=how.metavar,  # "--samples N", as the README's option tables write it
    )


def with_parameters(declared_: list[inspect.Parameter], after: str) -> Callable[[Command], Command]:
    """Give a command the ``declared_`` parameters too, placed after its own ``after`` (for
    ``--help``); Typer reads the command's signature, and passes them as keywords."""

    def give(command: Command) -> Command:
        own = [
            p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
            for p in inspect.signature(command, eval_str=True).parameters.values()
            if p.kind is not inspect.Parameter.VAR_KEYWORD
        ]
        at = next(i for i, p in enumerate(own) if p.name == after) + 1
        command.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [*own[:at], *declared_, *own[at:]],
            return_annotation=inspect.signature(command).return_annotation,
        )
        return command

    return give


def settings_from(options: Mapping[str, Any], **overrides: Any) -> Settings:
    """The validated settings that a command's parsed options ask for.

    ``options`` are named as the command's parameters (click's ``ctx.params``); a setting
    that the command has no option for keeps its default.
    """
    from verify_ask.checkers.options import declared_options

    given = {**options, **overrides}
    from verify_ask.model.catalog import judged_by

    # A known model is judged by the weights fitted for it; a served one is the server's.
    given["weights"] = judged_by(
        given.get("model"),
        weights=given.get("weights"),
        decision=given.get("decision"),
        served=bool(given.get("base_url")),
    )
    declared_ = declared_options()
    settings_fields = {f.name for f in fields(Settings)}
    by_param = {how.param: (f.name, how) for f, how in declared(Settings) if how.param}
    for name, (_, _, how) in declared_.items():
        if how.param:
            by_param.setdefault(how.param, (name, how))
    run: dict[str, Any] = {}
    checker: dict[str, Any] = {}
    for param, value in given.items():  # in the command's order: --choices runs first
        if param in by_param:
            name, how = by_param[param]
            (run if name in settings_fields else checker)[name] = how.read(value)
    for pair in given.get("check_option") or ():
        name, value = _named_value(pair, declared_)
        (run if name in settings_fields else checker)[name] = value
    settings = Settings(**run, check_options=tuple(checker.items()))
    settings.validate()
    return settings


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
        return name, how.read([text] if how.multiple else text)
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
