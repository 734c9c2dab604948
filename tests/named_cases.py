"""Parametrized cases written as rows whose first item is the case's id."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest


def named(rows: Iterable[Sequence[Any]]) -> list[Any]:
    """``("id", a, b, ...)`` rows as pytest parameters ``(a, b, ...)`` with that id."""
    return [pytest.param(*row[1:], id=row[0]) for row in rows]
