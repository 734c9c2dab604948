"""One question about one source file, from its text to its record and exit status: what
``verify-ask ask`` runs (``batch.runner.Answerer`` is the same for a batch's lines)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

from verify_ask.errors import ExitStatus
from verify_ask.model.backends.base import Backend
from verify_ask.settings import Settings

if TYPE_CHECKING:
    from verify_ask.api import Verifier
    from verify_ask.text.source import Source


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


def answer_source(
    question: str, source: str, verifier: Verifier, *, stdin: BinaryIO | None
) -> dict[str, Any]:
    """The record of ``question`` about the file ``source``. The backend is made only after
    the question and the source are read, so their errors come before the model loads."""
    from verify_ask.language.question import analyze_question
    from verify_ask.text.source import read_source

    analyze_question(question)  # an empty question fails before the model loads
    text = read_source(source, stdin)
    return _answer(question, text, verifier, source if source != "-" else "<stdin>")


def answer_text(question: str, text: str, verifier: Verifier, label: str | None) -> dict[str, Any]:
    """The record of ``question`` about a text given as a string."""
    from verify_ask.language.question import analyze_question
    from verify_ask.text.source import Source

    analyze_question(question)
    return _answer(question, Source(text), verifier, label)


def _answer(question: str, source: Source, verifier: Verifier, label: str | None) -> dict[str, Any]:
    from verify_ask.pipeline import ask
    from verify_ask.record import outcome_record

    backend = verifier.backend
    outcome = ask(question, source, backend, verifier.settings)
    return outcome_record(
        outcome,
        verifier.settings,
        backend.describe(),
        source_label=label,
        include_timings=verifier.include_timings,
    )
