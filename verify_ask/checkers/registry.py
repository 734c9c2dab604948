"""Checkers by name: built-ins register on import, third parties through entry points.

Every module of this package other than the plumbing is a built-in checker that calls
``register`` when imported, so adding a checker is adding one file. A checker runs by
default unless it sets ``by_default = False``: those that need options, such as a list of
allowed answers, run when named with ``--check`` or when one of their options is given
(``--choices`` runs ``choices``, ``Settings.checker_names``).
"""

from __future__ import annotations

import pkgutil
import sys
import threading
from importlib import import_module
from importlib.metadata import entry_points

from verify_ask.checkers.base import Checker
from verify_ask.errors import UsageError

ENTRY_POINT_GROUP = "verify_ask.checkers"
_PLUMBING = frozenset({"base", "options", "registry"})
# Built-ins in the order their verdicts are shown; modules not listed follow by name.
_ORDER = ("span", "arithmetic", "comparison", "vote", "rank", "reader")

_CHECKERS: dict[str, Checker] = {}
_builtin_names: list[str] = []
_loaded = False
_started = False
_loading = threading.RLock()
"""Batches answer lines on several threads (``--jobs``): one of them loads the checkers,
the others wait for it rather than see a half-filled registry."""


def register(checker: Checker) -> Checker:
    _CHECKERS[checker.name] = checker
    return checker


def available() -> dict[str, Checker]:
    """Every checker known by name, built-ins first, then plugins that import cleanly."""
    _load()
    return dict(_CHECKERS)


def _shown_order(name: str) -> tuple[int, str]:
    return (_ORDER.index(name) if name in _ORDER else len(_ORDER), name)


def default_names() -> tuple[str, ...]:
    """The built-in checkers that run when ``--check`` is not given."""
    _load()
    return tuple(name for name in _builtin_names if getattr(_CHECKERS[name], "by_default", True))


def get(name: str) -> Checker:
    checkers = available()
    try:
        return checkers[name]
    except KeyError:
        valid = ", ".join(sorted(checkers))
        raise UsageError(f"unknown checker {name!r}; choose from: {valid}") from None


def _load() -> None:
    global _loaded, _started
    if _loaded:
        return
    with _loading:
        # A checker module that asks for the registry while it is imported (the same
        # thread, inside this load) sees what is registered so far.
        if _started:
            return
        _started = True
        _load_all()
        _loaded = True


def _load_all() -> None:
    package = sys.modules[__package__]
    for info in pkgutil.iter_modules(package.__path__):
        if info.name not in _PLUMBING:
            import_module(f"{__package__}.{info.name}")
    _builtin_names.extend(sorted(_CHECKERS, key=_shown_order))
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            checker = entry.load()
            register(checker() if isinstance(checker, type) else checker)
        except Exception as error:  # a broken plugin must not stop the run
            print(
                f"verify-ask: warning: checker plugin {entry.name!r} failed to load: {error}",
                file=sys.stderr,
            )
