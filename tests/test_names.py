"""Abbreviations a text defines, which the names rule accepts for the words they stand for."""

from __future__ import annotations

import pytest

from verify_ask.names import abbreviations, initialisms
from verify_ask.question import is_code


@pytest.mark.parametrize(
    ("text", "defined"),
    [
        ("The Lunar Module (LM) landed.", {"lm": ("lunar", "modul")}),
        ("the European Court of Justice (ECJ) ruled", {"ecj": ("european", "court", "justic")}),
        ("The Command and Service Module (CSM) flew.", {"csm": ("command", "servic", "modul")}),
        ("It sells Fresh Milk (FM) and Yoghurt Drinks (YDs).", {"fm": ("fresh", "milk"),
                                                             "yd": ("yoghurt", "drink")}),
        ("The Moon (see below) shone.", {}),
        ("Revenue (EUR) grew.", {}),
    ],
    ids=["two-words", "small-words-skipped", "and-skipped", "plural", "no-abbreviation",
         "initials-differ"],
)  # fmt: skip
def test_abbreviations(text: str, defined: dict[str, tuple[str, ...]]) -> None:
    assert dict(abbreviations(text)) == defined


def test_codes_are_names_with_digits_or_hyphens() -> None:
    assert is_code("AS-201") and is_code("S-IVB") and not is_code("Apollo")


def test_initialisms_of_capitalized_runs() -> None:
    found = initialisms(
        "The Court of Justice of the European Union ruled. The United States agreed."
    )
    assert {"cjeu", "eu", "us"} <= set(found)
    assert "tus" not in found and "ua" not in found
