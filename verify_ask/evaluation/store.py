"""The per-record file of an eval run: one line per finished record, appended as it finishes.

A run that stops (Ctrl-C, a crash) keeps every finished line; ``--resume`` rebuilds those
records from their stored samples (no model call) and runs only the rest.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from verify_ask.errors import InputError
from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.evaluation.runner import Scored, restore
from verify_ask.settings import Settings


def read_stored(path: str | Path) -> dict[str, dict[str, Any]]:
    """The finished lines of a per-record file by record id (none if it does not exist); a
    line cut short by an interrupted run is left out, to be run again."""
    path = Path(path)
    if not path.exists():
        return {}
    lines: dict[str, dict[str, Any]] = {}
    try:
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                try:
                    item = json.loads(line)
                    lines[str(item["id"])] = item
                except (json.JSONDecodeError, KeyError, TypeError):
                    continue
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    return lines


def stored_records(
    paths: Iterable[str | Path], records: Iterable[EvalRecord], settings: Settings
) -> list[Scored]:
    """The records of these per-record files judged afresh under ``settings`` (no model
    call), in the order of ``records``; records no file holds are left out."""
    stored: dict[str, dict[str, Any]] = {}
    for path in paths:
        stored |= read_stored(path)
    return [restore(stored[r.id], r, settings) for r in records if r.id in stored]


class PerRecordStore:
    """A run's per-record file: what ``--resume`` keeps, and where finished records go.
    ``read_only`` (``--stored-only``) reads it and never opens it for writing."""

    def __init__(
        self, path: str, settings: Settings, *, resume: bool, read_only: bool = False
    ) -> None:
        self.path = Path(path)
        self.settings = settings
        self._previous = read_stored(self.path) if resume or read_only else {}
        self._handle: IO[str] | None = None
        if read_only:
            return
        try:
            self._handle = self.path.open("a" if resume else "w", encoding="utf-8")
        except OSError as error:
            raise InputError(f"cannot write {path}: {error.strerror or error}") from None

    def restored(self, records: Sequence[EvalRecord]) -> list[Scored]:
        return [
            restore(self._previous[r.id], r, self.settings)
            for r in records
            if r.id in self._previous
        ]

    def append(self, scored: Scored) -> None:
        if self._handle is None:
            raise ValueError(f"{self.path} was opened read-only")
        self._handle.write(json.dumps(scored.to_json(), ensure_ascii=False) + "\n")
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
