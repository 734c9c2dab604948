"""The Python API: ``Verifier`` loads a model once and answers questions about sources,
returning immutable results with the fields of ``--json``.

    from verify_ask import Verifier

    verifier = Verifier()  # the default model; Verifier(model="qwen2.5-coder-1.5b")
    result = verifier.ask("When was OrigoTech founded?", source="examples/origotech.txt")
    if result.verified:
        print(result.answer, result.evidence[0].quote)

The command line is a client of this module (``verify-ask ask`` builds a ``Verifier`` from its
options and renders ``Result.record``), so the two cannot drift. Errors are the library's
typed errors (``verify_ask.errors``): ``InputError`` for an unreadable source, ``ModelError``
for a missing or broken model, ``UsageError`` for settings that make no sense.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, BinaryIO

from verify_ask import defaults
from verify_ask.checkers.base import Evidence
from verify_ask.declaration import declared
from verify_ask.model.backends.base import Backend
from verify_ask.settings import Settings

if TYPE_CHECKING:
    from verify_ask.text.source import Source


@dataclass(frozen=True)
class Result:
    """One question's outcome. ``record`` is the whole ``--json`` object, read-only."""

    status: str
    """``verified`` or ``abstained``."""
    answer: str | None
    """The verified value as verify-ask displays it ("14 March 2009"), or None."""
    reason: str
    evidence: tuple[Evidence, ...]
    record: Mapping[str, Any]

    @property
    def verified(self) -> bool:
        return self.status == "verified"

    @property
    def value(self) -> Mapping[str, Any] | None:
        """The typed value (``kind``, ``number``/``unit`` or ``year``/``month``/``day``)."""
        answer = self.record.get("answer")
        return answer["value"] if answer else None


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({key: _frozen(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


def result_of(record: dict[str, Any]) -> Result:
    answer = record.get("answer") or {}
    evidence = tuple(Evidence(**e) for e in answer.get("evidence", ()))
    return Result(
        status=str(record["status"]),
        answer=answer.get("display"),
        reason=str(record.get("reason") or ""),
        evidence=evidence,
        record=_frozen(record),
    )


class Verifier:
    """A loaded model and the settings every question is judged by.

    ``model`` is a name (``verify-ask models``) or a GGUF path; ``base_url`` asks an
    OpenAI-compatible server instead. Any setting of ``verify_ask.settings.Settings``
    (``samples``, ``seed``, ``min_confidence``, ``verifier``, a checker's option such as
    ``choices``) is a keyword.
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        base_url: str | None = None,
        draft: bool = defaults.DRAFT,
        include_timings: bool = False,
        **settings: Any,
    ) -> None:
        from verify_ask.model.catalog import judged_by

        settings["weights"] = judged_by(
            model,
            weights=settings.get("weights"),
            decision=settings.get("decision"),
            served=base_url is not None,
        )
        # As the command line does: rule names become their ids ("low-relevance": S230).
        for field_, how in declared(Settings):
            if field_.name in settings:
                settings[field_.name] = how.read(settings[field_.name])
        self.settings = Settings(**settings)
        self.settings.validate()
        self.include_timings = include_timings
        self._make_backend = _backend_maker(model, base_url, draft)
        # Made now, so a missing model fails here; its weights load at the first question.
        self._backend: Backend | None = self._make_backend()

    @classmethod
    def from_parts(
        cls, settings: Settings, make_backend: Callable[[], Backend], include_timings: bool
    ) -> Verifier:
        """A verifier over settings already validated and a backend made on first use (the
        command line's options make both)."""
        made = cls.__new__(cls)
        made.settings = settings
        made.include_timings = include_timings
        made._make_backend = make_backend
        made._backend = None
        return made

    @property
    def backend(self) -> Backend:
        if self._backend is None:
            self._backend = self._make_backend()
        return self._backend

    def ask(
        self,
        question: str,
        source: str | os.PathLike[str] | None = None,
        *,
        text: str | None = None,
        stdin: BinaryIO | None = None,
    ) -> Result:
        """Answer ``question`` from the file ``source`` ("-": ``stdin``) or from ``text``."""
        return result_of(self.record(question, source, text=text, stdin=stdin))

    def record(
        self,
        question: str,
        source: str | os.PathLike[str] | None = None,
        *,
        text: str | None = None,
        stdin: BinaryIO | None = None,
    ) -> dict[str, Any]:
        """The ``--json`` record of one question, as a plain dict."""
        if (source is None) == (text is None):
            from verify_ask.errors import UsageError

            raise UsageError("give a source file or a text, not both and not neither")
        if text is not None:
            return answer_text(question, text, self, label=None)
        return answer_source(question, os.fspath(source), self, stdin=stdin)


def _backend_maker(model: str | None, base_url: str | None, draft: bool) -> Callable[[], Backend]:
    from verify_ask.model.backends import create

    if base_url is not None:
        return lambda: create("http", base_url=base_url, model=model)
    return lambda: create("llama", model=model, draft=draft)


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
