"""Reading evaluation records (the schema of shared/data/README.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from verify_ask.errors import InputError, unreadable


@dataclass(frozen=True)
class EvalRecord:
    id: str
    dataset: str
    question: str
    source: str
    answers: tuple[str, ...]
    kind: str
    needs_arithmetic: bool = False
    meta: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def answerable(self) -> bool:
        return bool(self.answers)


def read_records(path: str, limit: int | None = None) -> Iterator[EvalRecord]:
    """Yield records in file order; a malformed line is an ``InputError`` naming its number."""
    try:
        handle = Path(path).open(encoding="utf-8")
    except OSError as error:
        raise InputError(unreadable("eval data", path, error)) from None
    with handle:
        count = 0
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            if limit is not None and count >= limit:
                return
            try:
                record = record_of(json.loads(line), f"line-{number}", Path(path).stem)
            except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
                raise InputError(f"{path}:{number}: not an eval record ({error})") from None
            count += 1
            yield record


def record_of(raw: dict, default_id: str, default_dataset: str) -> EvalRecord:
    """One record from its JSON object (KeyError, TypeError: it is none)."""
    return EvalRecord(
        id=str(raw.get("id", default_id)),
        dataset=str(raw.get("dataset", default_dataset)),
        question=str(raw["question"]),
        source=str(raw["source"]),
        answers=tuple(str(a) for a in raw.get("answers") or ()),
        kind=str(raw.get("kind", "number")),
        needs_arithmetic=bool(raw.get("needs_arithmetic", False)),
        meta=dict(raw.get("meta") or {}),
    )
