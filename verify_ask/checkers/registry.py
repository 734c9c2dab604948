"""Checkers by name: built-ins register on import, third parties through entry points."""

from __future__ import annotations

import sys
from importlib import import_module
from importlib.metadata import entry_points

from verify_ask.checkers.base import Checker
from verify_ask.errors import UsageError

ENTRY_POINT_GROUP = "verify_ask.checkers"
_BUILTIN_MODULES = ("span", "arithmetic", "vote")

_CHECKERS: dict[str, Checker] = {}
_loaded = False


def register(checker: Checker) -> Checker:
    _CHECKERS[checker.name] = checker
    return checker


def available() -> dict[str, Checker]:
    """Every checker known by name, built-ins first, then plugins that import cleanly."""
    _load()
    return dict(_CHECKERS)


def get(name: str) -> Checker:
    checkers = available()
    try:
        return checkers[name]
    except KeyError:
        valid = ", ".join(sorted(checkers))
        raise UsageError(f"unknown checker {name!r}; choose from: {valid}") from None


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in _BUILTIN_MODULES:
        import_module(f"verify_ask.checkers.{module}")
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            checker = entry.load()
            register(checker() if isinstance(checker, type) else checker)
        except Exception as error:  # a broken plugin must not stop the run
            print(
                f"verify-ask: warning: checker plugin {entry.name!r} failed to load: {error}",
                file=sys.stderr,
            )
