"""Run the pipeline over eval records and keep each record's decisions under every strategy."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from verify_ask.decision import answer_of
from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.evaluation.gold import is_right
from verify_ask.language.question import analyze_question
from verify_ask.model import prompts
from verify_ask.model.backends.base import Backend, SampleRequest
from verify_ask.model.ranking import Ranking
from verify_ask.pipeline import Outcome, ask, judge_samples, read_answer
from verify_ask.settings import Settings
from verify_ask.text.source import Source
from verify_ask.values import Value

STRATEGIES = ("greedy", "majority", "verified", "baseline")


@dataclass(frozen=True)
class Scored:
    """One record's decisions under each strategy, and what they cost."""

    record: EvalRecord
    outcome: Outcome
    seconds: float
    baseline: Value | None = None
    baseline_text: str | None = None

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

    def answer(self, strategy: str) -> Value | None:
        return getattr(self, strategy)

    def to_json(self) -> dict[str, Any]:
        """The per-record line: every decision, and the raw samples to re-judge from."""
        line: dict[str, Any] = {
            "id": self.record.id,
            "dataset": self.record.dataset,
            "question": self.record.question,
            "answers": list(self.record.answers),
        }
        for strategy in STRATEGIES:
            value = self.answer(strategy)
            line[strategy] = value.display() if value is not None else None
            line[f"{strategy}_right"] = right(value, self.record)
        line |= {
            "status": self.outcome.status,
            "reason": _reason(self.outcome),
            "greedy_text": self.outcome.greedy.text,
            "greedy_tokens": self.outcome.greedy.tokens,
            "samples": [s.text for s in self.outcome.samples],
            "sample_tokens": [s.tokens for s in self.outcome.samples],
            "ranking": self.outcome.ranking.to_json() if self.outcome.ranking else None,
            "baseline_text": self.baseline_text,
            "tokens": self.tokens,
            "seconds": round(self.seconds, 3),
        }
        return line


def right(value: Value | None, record: EvalRecord) -> bool:
    """Right means equal to a gold answer; on an unanswerable record, abstaining is right."""
    if not record.answerable:
        return value is None
    return value is not None and is_right(value, record)


def _reason(outcome: Outcome) -> str:
    if outcome.chosen:
        return outcome.chosen.reason
    return outcome.judgements[0].reason if outcome.judgements else "no value"


def run(
    records: Iterable[EvalRecord],
    backend: Backend,
    settings: Settings,
    baseline: Backend | None = None,
) -> Iterator[Scored]:
    for record in records:
        started = time.perf_counter()
        source = Source(record.source)
        outcome = ask(record.question, source, backend, settings)
        seconds = round(time.perf_counter() - started, 3)  # as stored, so resumes match
        value, text = _baseline_answer(record, source, baseline, settings)
        yield Scored(record, outcome, seconds, value, text)


def _baseline_answer(
    record: EvalRecord, source: Source, baseline: Backend | None, settings: Settings
) -> tuple[Value | None, str | None]:
    """One greedy answer from the comparison model, with the same prompt."""
    if baseline is None:
        return None, None
    question = analyze_question(record.question)
    prompt = prompts.choose(question, settings.prompt).render(source.text, question.asked)
    completion = baseline.complete(prompt, [SampleRequest(0.0, settings.seed, settings.max_tokens)])
    sample = read_answer(completion[0].text, question, None, completion[0].tokens)
    return sample.value, sample.text


def restore(line: dict[str, Any], record: EvalRecord, settings: Settings) -> Scored:
    """Rebuild a finished record from its per-record line (resuming), without the model."""
    question = analyze_question(record.question)
    source = Source(record.source)
    greedy = read_answer(line["greedy_text"], question, None, line.get("greedy_tokens", 0))
    tokens = line.get("sample_tokens") or [0] * len(line["samples"])
    samples = tuple(
        read_answer(text, question, settings.seed + i, count)
        for i, (text, count) in enumerate(zip(line["samples"], tokens, strict=True))
    )
    stored = line.get("ranking")
    ranking = Ranking.from_json(stored, question) if stored else None
    judgements = judge_samples(question, source, samples, settings, ranking, greedy)
    template = prompts.choose(question, settings.prompt)
    chosen = answer_of(judgements, question, source)
    outcome = Outcome(question, template.name, greedy, samples, judgements, chosen, ranking=ranking)
    baseline_text = line.get("baseline_text")
    baseline = read_answer(baseline_text, question, None).value if baseline_text else None
    return Scored(record, outcome, float(line.get("seconds", 0.0)), baseline, baseline_text)


def rejudge(scored: Scored, settings: Settings, source: Source | None = None) -> Value | None:
    """The verified answer under other thresholds, from the same samples (no model call);
    ``source`` is the record's, when the caller has already read it."""
    outcome = scored.outcome
    source = source or Source(scored.record.source)
    judgements = judge_samples(
        outcome.question,
        source,
        outcome.samples,
        settings,
        outcome.ranking,
        outcome.greedy,
    )
    chosen = answer_of(judgements, outcome.question, source)
    return chosen.candidate.value if chosen else None


def with_thresholds(settings: Settings, support: float, min_relevance: float) -> Settings:
    """``settings`` with the vote and ranking shares at ``support`` (see ``report.sweep``)."""
    return replace(settings, min_agree=support, min_share=support, min_relevance=min_relevance)
