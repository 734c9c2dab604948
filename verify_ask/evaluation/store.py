"""The per-record file of an eval run: one line per finished record, appended as it finishes.

A run that stops (Ctrl-C, a crash) keeps every finished line; ``--resume`` rebuilds those
records from their stored samples (no model call) and runs only the rest.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from verify_ask.errors import InputError
from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.evaluation.runner import Scored, restore
from verify_ask.settings import Settings


class PerRecordStore:
    def __init__(self, path: str, settings: Settings, *, resume: bool) -> None:
        self.path = Path(path)
        self.settings = settings
        self._previous = self._read() if resume else {}
        try:
            self._handle: IO[str] = self.path.open("a" if resume else "w", encoding="utf-8")
        except OSError as error:
            raise InputError(f"cannot write {path}: {error.strerror or error}") from None

    def _read(self) -> dict[str, dict[str, Any]]:
        if not self.path.exists():
            return {}
        lines: dict[str, dict[str, Any]] = {}
        with self.path.open(encoding="utf-8") as handle:
            for line in handle:
                try:
                    item = json.loads(line)
                    lines[str(item["id"])] = item
                except (json.JSONDecodeError, KeyError, TypeError):
                    continue  # a line cut short by an interrupted run is run again
        return lines

    def restored(self, records: Sequence[EvalRecord]) -> list[Scored]:
        return [
            restore(self._previous[r.id], r, self.settings)
            for r in records
            if r.id in self._previous
        ]

    def append(self, scored: Scored) -> None:
        self._handle.write(json.dumps(scored.to_json(), ensure_ascii=False) + "\n")
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()
