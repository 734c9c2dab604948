"""The run-wide options that the checkers read as well as the run: each declared once, here,
below both, so that ``Settings`` and a checker's options dataclass hold fields of the same
declaration, and no checker imports the settings that sit above it.

A dataclass field belongs to one class only, so each call makes a fresh field; the
declaration (``Option``) and the default are the same objects for every one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from typing import Any

from verify_ask import defaults
from verify_ask.declaration import Option


def ignorable(given: Iterable[str]) -> frozenset[str]:
    """The ids of the rules named (by id or name); an unknown one is a usage error."""
    from verify_ask.rules import ignorable as known  # the rules load only when checked

    return known(given)


_DECLARED: dict[str, tuple[Any, Option]] = {
    "min_agree": (defaults.MIN_AGREE, Option(
        "--min-agree", "Vote share that backs an answer.", within=(0, 1))),
    "min_share": (defaults.MIN_SHARE, Option(
        "--min-share",
        "Share of the model's scores, among the source's figures near the question's words, "
        "that backs an answer (either this or --min-agree suffices).",
        within=(0, 1))),
    "min_relevance": (defaults.MIN_RELEVANCE, Option(
        "--min-relevance",
        "Place score the evidence needs (share of the question's term weight near the figure).",
        within=(0, 1))),
    "ignore_rules": ((), Option(
        "--ignore-rule",
        "Switch off one rule of the span checker by id or name (repeatable); "
        "`verify-ask rules` lists them.",
        multiple=True,
        parse=lambda given: tuple(sorted(ignorable(given or ()))),
        metavar="ID")),
}  # fmt: skip


def _field(name: str) -> Any:
    default, how = _DECLARED[name]
    return field(default=default, metadata={"option": how})


def min_agree() -> Any:
    return _field("min_agree")


def min_share() -> Any:
    return _field("min_share")


def min_relevance() -> Any:
    return _field("min_relevance")


def ignore_rules() -> Any:
    return _field("ignore_rules")
