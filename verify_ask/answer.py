"""One question about one source file, from its text to its record and exit status: what
``verify-ask ask`` runs (``batch.runner.Answerer`` is the same for a batch's lines)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, BinaryIO

from verify_ask.errors import ExitStatus
from verify_ask.model.backends.base import Backend
from verify_ask.settings import Settings


@dataclass(frozen=True)
class Answered:
    record: dict[str, Any]
    """The JSON record (``verify_ask.record``), rendered as it is or as text."""
    verified: bool

    def exit_status(self, *, allow_abstain: bool) -> ExitStatus:
        """0 when verified, 1 when abstained, unless abstaining is allowed
        (``VERIFY_ASK_ABSTAIN_OK``)."""
        ok = self.verified or allow_abstain
        return ExitStatus.VERIFIED if ok else ExitStatus.ABSTAINED


def answer_question(
    question: str,
    source: str,
    make_backend: Callable[[], Backend],
    settings: Settings,
    *,
    stdin: BinaryIO | None,
    include_timings: bool,
) -> Answered:
    """Answer ``question`` from the file ``source`` ("-": ``stdin``) through the Python API
    (``verify_ask.api.Verifier``), which the command line is a client of."""
    from verify_ask.api import Verifier

    verifier = Verifier.from_parts(settings, make_backend, include_timings)
    record = verifier.record(question, source, stdin=stdin)
    return Answered(record, record["status"] == "verified")
