"""Run the pipeline over eval records and score greedy, majority and verified answers."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from verify_ask.backends.base import Backend
from verify_ask.decision import decide
from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.evaluation.gold import is_right
from verify_ask.pipeline import Outcome, Settings, ask, judge_samples
from verify_ask.source import Source
from verify_ask.values import Value


@dataclass(frozen=True)
class Scored:
    """One record's decisions under each strategy, and what they cost."""

    record: EvalRecord
    outcome: Outcome
    seconds: float

    @property
    def greedy(self) -> Value | None:
        return self.outcome.greedy.value

    @property
    def majority(self) -> Value | None:
        return self.outcome.judgements[0].candidate.value if self.outcome.judgements else None

    @property
    def verified(self) -> Value | None:
        return self.outcome.answer.value if self.outcome.answer else None

    @property
    def tokens(self) -> int:
        return self.outcome.greedy.tokens + sum(s.tokens for s in self.outcome.samples)

    def to_json(self) -> dict[str, object]:
        def value(v: Value | None) -> str | None:
            return v.display() if v is not None else None

        return {
            "id": self.record.id,
            "dataset": self.record.dataset,
            "question": self.record.question,
            "answers": list(self.record.answers),
            "greedy": value(self.greedy),
            "greedy_right": _right(self.greedy, self.record),
            "majority": value(self.majority),
            "majority_right": _right(self.majority, self.record),
            "status": self.outcome.status,
            "verified": value(self.verified),
            "verified_right": _right(self.verified, self.record) if self.verified else None,
            "reason": self.outcome.chosen.reason
            if self.outcome.chosen
            else (self.outcome.judgements[0].reason if self.outcome.judgements else "no value"),
            "greedy_text": self.outcome.greedy.text,
            "samples": [s.text for s in self.outcome.samples],
            "tokens": self.tokens,
            "seconds": round(self.seconds, 3),
        }


def _right(value: Value | None, record: EvalRecord) -> bool:
    """Right means equal to a gold answer; on an unanswerable record nothing answered is."""
    return record.answerable and is_right(value, record)


def run(
    records: Iterable[EvalRecord],
    backend: Backend,
    settings: Settings,
    on_done: Callable[[Scored], None] | None = None,
) -> Iterator[Scored]:
    for record in records:
        started = time.perf_counter()
        outcome = ask(record.question, Source(record.source), backend, settings)
        scored = Scored(record, outcome, time.perf_counter() - started)
        if on_done:
            on_done(scored)
        yield scored


def rejudge(scored: Scored, settings: Settings) -> Value | None:
    """The verified answer under other thresholds, from the same samples (no model call)."""
    outcome = scored.outcome
    judgements = judge_samples(
        outcome.question, Source(scored.record.source), outcome.samples, settings
    )
    chosen = decide(list(judgements))
    return chosen.candidate.value if chosen else None


def with_thresholds(settings: Settings, min_agree: float, min_relevance: float) -> Settings:
    return replace(settings, min_agree=min_agree, min_relevance=min_relevance)
