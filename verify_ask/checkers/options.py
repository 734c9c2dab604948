"""Checking the options the checkers declare, before any model is loaded.

A bad regular expression or an unsplittable command is a usage error (exit 2) found when
the settings are validated, not a failed check on every candidate after sampling. Which
options there are, and what each needs, comes from the checkers' own declarations
(``verify_ask.checkers.base.option``); nothing here names one.
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Mapping
from dataclasses import Field
from typing import TYPE_CHECKING, Any

from verify_ask.errors import UsageError

if TYPE_CHECKING:
    from verify_ask.checkers.base import Checker, Option

Declared = tuple["Checker", Field[Any], "Option"]


def declared_options() -> dict[str, Declared]:
    """Every declared option by field name: (checker, field, declaration), the first
    checker that declares a name owning it (built-ins first, then plugins)."""
    from verify_ask.checkers.base import options_of
    from verify_ask.checkers.registry import available

    found: dict[str, Declared] = {}
    for checker in available().values():
        for field_, how in options_of(checker):
            found.setdefault(field_.name, (checker, field_, how))
    return found


def enabled_by(values: Mapping[str, object]) -> tuple[str, ...]:
    """The checkers that the given options ask for (``--choices`` runs ``choices``), in
    the order the options were given."""
    from verify_ask.checkers.base import options_of
    from verify_ask.checkers.registry import available

    checkers = available()
    names: list[str] = []
    for name, value in values.items():
        if not value:
            continue
        for checker in checkers.values():
            if any(f.name == name and how.enables for f, how in options_of(checker)):
                names.append(checker.name)
    return tuple(dict.fromkeys(names))


def validate_options(values: Mapping[str, object], checks: tuple[str, ...]) -> None:
    """``values``: the run's option values by field name; ``checks``: the checkers named."""
    from verify_ask.checkers.base import options_of
    from verify_ask.checkers.registry import get

    for name in checks:
        for field_, how in options_of(get(name)):
            if how.enables and not values.get(field_.name):
                raise UsageError(f"the {name} checker needs {how.flag}")
    known = declared_options()
    for name, value in values.items():
        if name not in known:
            continue
        known[name][2].check(value)


def check_option_names(names: tuple[str, ...]) -> None:
    """Names given with ``--check-option`` must be declared by some checker."""
    known = declared_options()
    for name in names:
        if name not in known:
            valid = ", ".join(sorted(known))
            raise UsageError(f"unknown checker option {name!r}; choose from: {valid}")


def split_choices(values: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """``--choices a,b --choices c`` as ("a", "b", "c").

    Every comma separates, so numbers go without thousands separators (1250, not 1,250).
    """
    choices = tuple(part.strip() for value in values for part in value.split(",") if part.strip())
    if values and not choices:
        raise UsageError("--choices needs at least one non-empty choice")
    return choices


def compile_pattern(pattern: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except re.error as error:
        raise UsageError(
            f"--pattern {pattern!r} is not a valid regular expression: {error}"
        ) from None


def split_command(command: str) -> list[str]:
    """The command's argv, split like a POSIX shell would, but never run through one."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise UsageError(f"--check-command {command!r} cannot be split: {error}") from None
    if not argv:
        raise UsageError("--check-command is empty")
    if shutil.which(argv[0]) is None:
        raise UsageError(f"--check-command: {argv[0]!r} is not an executable program")
    return argv
