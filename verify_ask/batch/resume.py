"""What an earlier run already finished: ids with a verified or abstained record.

Error records are not finished: a resumed run tries those lines again (the file may have
been fixed, the model may have been out of memory).
"""

from __future__ import annotations

import json
from pathlib import Path

from verify_ask.batch.jobs import Id
from verify_ask.errors import InputError, unreadable

FINISHED = ("verified", "abstained")


def id_key(value: Id) -> str:
    """Ids compare as JSON values: "3" and 3 are different ids."""
    return json.dumps(value, ensure_ascii=False)


def finished_ids(path: str) -> frozenset[str]:
    """Keys of the ids finished in ``path``; a missing file means nothing is finished yet.

    Lines that are not JSON objects (a line cut short when a run was killed) are ignored.
    """
    target = Path(path)
    try:
        data = target.read_bytes()
    except FileNotFoundError:
        return frozenset()
    except OSError as error:
        raise InputError(unreadable("resume file", path, error)) from None
    keys = set()
    for raw in data.splitlines():
        try:
            record = json.loads(raw)
        except ValueError:  # JSONDecodeError and UnicodeDecodeError alike
            continue
        if not isinstance(record, dict) or record.get("status") not in FINISHED:
            continue
        given = record.get("id", record.get("line"))
        if isinstance(given, (str, int)) and not isinstance(given, bool):
            keys.add(id_key(given))
    return frozenset(keys)
