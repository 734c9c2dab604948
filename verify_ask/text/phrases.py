"""Phrases compared as words, whatever their case and punctuation: a question's "PP&E" spelled
out as the source writes it, a statement's caption found in a row's label."""

from __future__ import annotations

import re

_NOT_WORD = re.compile(r"[^\w]+")


def plain(text: str) -> str:
    """``text``'s words, case-folded and parted by single spaces ("Property, Plant &
    Equipment" as "property plant equipment")."""
    return _NOT_WORD.sub(" ", text.casefold()).strip()
