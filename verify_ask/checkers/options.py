"""Checking the options of the checkers that need one, before any model is loaded.

A bad regular expression or an unsplittable command is a usage error (exit 2) found when
the settings are validated, not a failed check on every candidate after sampling.
"""

from __future__ import annotations

import re
import shlex
import shutil
from typing import Protocol

from verify_ask.errors import UsageError

# A checker named with --check that cannot work without its option.
_NEEDS = {"choices": "--choices", "pattern": "--pattern", "command": "--check-command"}


class CheckerOptions(Protocol):
    """The part of ``verify_ask.settings.Settings`` read here, named by shape rather than
    imported: the settings call this module to validate themselves."""

    @property
    def checks(self) -> tuple[str, ...]: ...
    @property
    def choices(self) -> tuple[str, ...]: ...
    @property
    def pattern(self) -> str | None: ...
    @property
    def command(self) -> str | None: ...
    @property
    def check_timeout(self) -> float: ...
    @property
    def quote_threshold(self) -> float: ...


def validate_options(settings: CheckerOptions) -> None:
    given = {"choices": settings.choices, "pattern": settings.pattern, "command": settings.command}
    for name, option in _NEEDS.items():
        if name in settings.checks and not given[name]:
            raise UsageError(f"the {name} checker needs {option}")
    if settings.pattern is not None:
        compile_pattern(settings.pattern)
    if settings.command is not None:
        split_command(settings.command)
    if not settings.check_timeout > 0:
        raise UsageError(f"--check-timeout must be above 0 seconds, not {settings.check_timeout}")
    if not 0 <= settings.quote_threshold <= 100:
        raise UsageError(
            f"--quote-threshold must be between 0 and 100, not {settings.quote_threshold}"
        )


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
