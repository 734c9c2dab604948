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
    """Answer ``question`` from the file ``source`` ("-": ``stdin``). The backend is made
    only after the question and the source are read, so their errors come before the model
    loads."""
    from verify_ask.language.question import analyze_question
    from verify_ask.pipeline import ask
    from verify_ask.record import outcome_record
    from verify_ask.text.source import read_source

    analyze_question(question)  # an empty question fails before the model loads
    text = read_source(source, stdin)
    backend = make_backend()
    outcome = ask(question, text, backend, settings)
    label = source if source != "-" else "<stdin>"
    record = outcome_record(
        outcome, settings, backend.describe(), source_label=label, include_timings=include_timings
    )
    return Answered(record, outcome.status == "verified")
