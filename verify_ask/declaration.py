"""An option declared once: the field of a frozen dataclass that holds its value, with its
flag, default, help, the check of its value, and its row in the README's option tables.

``Settings`` declares the run-wide options so, each checker its own (``option``), ``ask`` its
own (``verify_ask.cli.ask_options``), and a checker that reads a run-wide value names it
(``verify_ask.run_options``) rather than declaring it again. The CLI's parameters are
built from these declarations (``verify_ask.cli.options``), and so are the README's option
tables (``scripts/option_tables.py``, which tests/test_readme.py runs). Imports nothing of the
pipeline, so ``Settings`` stays light.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass
from typing import Any

from verify_ask.errors import UsageError


@dataclass(frozen=True)
class Option:
    """How one field is given on the command line, and which values the run can use.

    ``flag`` is the option's name (``--choices``; ``--draft/--no-draft`` for a switch with
    its negation); None keeps the field off the command line (a value only code sets).
    ``short`` and ``envvar`` are further ways to give it. ``enables``: giving the option runs
    its checker on top of the others, and naming the checker with ``--check`` without it is a
    usage error. ``multiple``: the flag may be repeated (its command-line default is then
    None). ``parse`` turns what the command line gave into the field's value.

    Its README row: ``table`` names the option table it sits in where that is not its
    owner's (``scripts/option_tables.py`` gives each owner one), ``metavar`` follows the flag
    there (``--source FILE``), ``default_in_words`` says the default where the raw value
    would mislead (``the weights' own``; ``--help`` shows it too), and ``doc`` is a (label,
    link) to the page that says more, which ``--help`` leaves out.

    A value the run cannot use is a ``UsageError`` before any model is loaded: outside
    ``within`` (inclusive bounds), below ``at_least``, not ``one_of`` the names, or refused
    by ``validate``. None, where the field allows it, is never checked.
    """

    flag: str | None
    help: str | None = None
    short: str | None = None
    envvar: str | tuple[str, ...] | None = None
    show_default: bool = True
    enables: bool = False
    multiple: bool = False
    parse: Callable[[Any], Any] | None = None
    validate: Callable[[Any], None] | None = None
    within: tuple[float, float] | None = None
    at_least: float | None = None
    one_of: tuple[str, ...] = ()
    table: str | None = None
    metavar: str | None = None
    default_in_words: str | None = None
    doc: tuple[str, str] | None = None

    @property
    def param(self) -> str | None:
        """The flag as a Python parameter name (``--check-command``: ``check_command``)."""
        if self.flag is None:
            return None
        return self.flag.split("/")[0].lstrip("-").replace("-", "_")

    @property
    def name(self) -> str | None:
        """The flag as messages name it (``--draft`` for ``--draft/--no-draft``)."""
        return self.flag.split("/")[0] if self.flag else None

    def read(self, given: Any) -> Any:
        """The field's value for what a command line or a caller gave: a repeated option's
        values as a tuple, through ``parse`` where it is declared."""
        if self.multiple:
            given = list(given or ())
            return self.parse(given) if self.parse else tuple(given)
        return self.parse(given) if self.parse and given is not None else given

    def check(self, value: Any) -> None:
        """Raise ``UsageError`` for a value the run cannot use."""
        if value is None:
            return
        if self.within is not None:
            low, high = self.within
            if not low <= value <= high:  # nan is refused too
                raise UsageError(f"{self.name} must be between {low} and {high}, not {value}")
        if self.at_least is not None and value < self.at_least:
            raise UsageError(f"{self.name} must be at least {self.at_least}, not {value}")
        if self.one_of and value not in self.one_of:
            choices = ", ".join(self.one_of)
            raise UsageError(f"{self.name} must be one of {choices}, not {value!r}")
        if self.validate is not None:
            self.validate(value)


def option(default: Any, flag: str | None, help: str | None = None, **how: Any) -> Any:
    """A dataclass field declared as an option, with how it is given (``Option``)."""
    return field(default=default, metadata={"option": Option(flag, help, **how)})


def declared(options: type | None) -> tuple[tuple[Field[Any], Option], ...]:
    """The fields of an options dataclass with their declarations, in declaration order."""
    if options is None or not is_dataclass(options):
        return ()
    return tuple((f, f.metadata.get("option") or Option(None)) for f in fields(options))


def declaration(owner: type, name: str) -> Option:
    """How the field ``name`` of ``owner`` is declared."""
    return next(how for field_, how in declared(owner) if field_.name == name)


def default_of(field_: Field[Any]) -> Any:
    if field_.default is not MISSING:
        return field_.default
    if field_.default_factory is not MISSING:
        return field_.default_factory()
    return None
