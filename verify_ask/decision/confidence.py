"""The fitted decision: each candidate's named evidence, weighed into the probability that
it is right.

Every piece of evidence is a feature with a name: whether the span checker grounded the
value, how well its best place scores and how far above its best rival, whether the hand
rules accept it, the vote and ranking shares, whether the greedy answer agrees, the
question's form. Which rule refused a candidate, or at which stage, is no feature: out of
fold it added nothing beyond whether the span checker passed (``docs/eval.md``). A logistic
model, fitted out of fold on articles grouped apart (``verify_ask.evaluation.fit``), gives
each feature a weight; the weights ship with the package (``weights/decision.json``) and
answering needs no more than their sum. Guarantees stay hard: a value of another kind, one
no grounding checker found in the source or derived from it, or one a plain checker
(choices, pattern, a command) failed is never answered, whatever its probability.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from verify_ask.candidates import Candidate, Sample
from verify_ask.checkers.base import CheckResult, Evidence
from verify_ask.errors import InputError, UsageError
from verify_ask.language.lexicon import HOW_MANY_OR_MUCH
from verify_ask.language.question import Question
from verify_ask.model.ranking import Ranking
from verify_ask.text.source import Source
from verify_ask.values import DateValue, same_value


@dataclass(frozen=True)
class Pool:
    """What a candidate's features read beside its own checks: the rest of the answers."""

    question: Question
    candidates: tuple[Candidate, ...]
    total_samples: int
    greedy: Sample | None = None
    ranking: Ranking | None = None
    source: Source | None = None


def features(candidate: Candidate, checks: Sequence[CheckResult], pool: Pool) -> dict[str, float]:
    """The named evidence about one candidate, each a number in [-1, 1] (0 when absent)."""
    by_name = {c.checker: c for c in checks}
    found: dict[str, float] = {}
    span = by_name.get("span")
    if span is not None and span.verdict != "skip":
        found["span.pass"] = float(span.passed)
        found["span.score"] = span.score
        found.update(span.signals)
    reader = by_name.get("reader")
    if reader is not None and reader.verdict != "skip":
        found.update(reader.signals)
    for name in ("arithmetic", "comparison"):
        result = by_name.get(name)
        if result is not None and result.verdict != "skip":
            found[f"{name}.pass"] = float(result.passed)
    found.update(_support(candidate, pool))
    if span is not None and not span.passed:
        # Samples and rankings agree on a figure the question does not point to as readily
        # as on the right one: their backing counts for less where the span checker refuses.
        found["refused.vote_share"] = found["vote.share"]
        found["refused.rank_share"] = found.get("rank.share", 0.0)
    found.update(_question_form(candidate, pool.question))
    if pool.source is not None and pool.question.terms:
        evidence = span.evidence[0] if span is not None and span.evidence else None
        found.update(_terms_found(pool.question, pool.source, evidence))
    return found


def _terms_found(question: Question, source: Source, evidence: Evidence | None) -> dict[str, float]:
    """Where the source uses the question's terms, read off its place index: the share it
    never uses (SQuAD v2 makes a question unanswerable by asking of what the passage never
    mentions: a swapped name, an invented detail), and the share in the evidence's sentence."""
    from verify_ask.language.places import places_of

    index = places_of(source)
    holding = [index.sentences_with(term) for term in question.terms]
    found = {"question.terms_absent": sum(not s for s in holding) / len(holding)}
    if evidence is not None:
        sentence = source.sentence_index(evidence.start)
        found["span.sentence_terms"] = sum(sentence in s for s in holding) / len(holding)
    return found


def _support(candidate: Candidate, pool: Pool) -> dict[str, float]:
    total = pool.total_samples or 1
    shares = [c.support / total for c in pool.candidates if c is not candidate]
    mine = candidate.support / total
    found = {
        "vote.share": mine,
        "vote.own": candidate.votes / total,
        "vote.top": float(all(mine > other for other in shares)),
        "vote.margin": max(0.0, mine - max(shares, default=0.0)),
        "proposed": float(not candidate.samples),
        "candidates": min(len(pool.candidates), 10) / 10,
    }
    greedy = pool.greedy.value if pool.greedy is not None else None
    found["greedy.agrees"] = float(greedy is not None and same_value(greedy, candidate.value))
    ranking = pool.ranking
    if ranking is not None and ranking.options:
        share = ranking.share(candidate.value)
        best_other = max(
            (
                s
                for option, s in zip(ranking.options, ranking.shares(), strict=True)
                if option.value is not None and not same_value(option.value, candidate.value)
            ),
            default=0.0,
        )
        found |= {
            "rank.ran": 1.0,
            "rank.share": share,
            "rank.top": float(share > best_other),
            "rank.unknown": ranking.unknown_share(),
        }
    return found


def _question_form(candidate: Candidate, question: Question) -> dict[str, float]:
    value = candidate.value
    found = {
        "question.date": float(question.expects == "date"),
        "question.arithmetic": float(question.wants_arithmetic),
        "question.how_many": float(bool(HOW_MANY_OR_MUCH.search(question.text))),
        "question.names": min(len(question.names), 3) / 3,
        "question.complement": float(question.complement),
        "question.negated": float(question.negated),
    }
    if isinstance(value, DateValue):
        found["value.day"] = float(value.day is not None)
        found["value.month"] = float(value.month is not None)
    return found


def ungrounded(checks: Sequence[CheckResult]) -> str | None:
    """Why no probability can make this candidate an answer: no grounding checker found it
    in the source or derived it, and no rule's judgement (which could be weighed) says so."""
    grounding = [c for c in checks if c.grounding and c.verdict != "skip"]
    if not grounding or any(c.passed for c in grounding):
        return None
    from verify_ask.rules import find

    # A rule's refusal is a judgement unless the rule is a guarantee; a derivation that does
    # not balance is one.
    if any(c.rule is not None and not find(c.rule).hard for c in grounding):
        return None
    return "; ".join(c.detail for c in grounding)


@dataclass(frozen=True)
class Model:
    """A logistic model over named features: intercept plus weighted sum, squashed."""

    intercept: float
    weights: Mapping[str, float]
    threshold: float
    """The default --min-confidence: the probability at which the fit reached its target
    precision out of fold."""
    fitted_on: Mapping[str, object]
    reader_veto: float | None = None
    """Under this probability from the reader, a value it read in prose is not answered,
    whatever the rest of the evidence: chosen on report-like text, where the hand rules
    accept what only a reader of meaning sees to be another figure (none: no veto)."""

    def probability(self, found: Mapping[str, float]) -> float:
        z = self.intercept + sum(self.weights.get(name, 0.0) * v for name, v in found.items())
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))

    def contributions(self, found: Mapping[str, float]) -> dict[str, float]:
        """Each feature's share of the score (weight times value), largest first."""
        parts = {n: self.weights.get(n, 0.0) * v for n, v in found.items()}
        return dict(sorted(((n, p) for n, p in parts.items() if p), key=lambda i: -abs(i[1])))

    def to_json(self) -> dict[str, object]:
        return {
            "intercept": self.intercept,
            "weights": dict(sorted(self.weights.items())),
            "threshold": self.threshold,
            "fitted_on": dict(self.fitted_on),
        } | ({} if self.reader_veto is None else {"reader_veto": self.reader_veto})

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Model:
        return cls(
            float(data["intercept"]),  # type: ignore[arg-type]
            {str(k): float(v) for k, v in dict(data["weights"]).items()},  # type: ignore[call-overload]
            float(data["threshold"]),  # type: ignore[arg-type]
            dict(data.get("fitted_on") or {}),  # type: ignore[call-overload]
            None if data.get("reader_veto") is None else float(data["reader_veto"]),  # type: ignore[arg-type]
        )


SHIPPED = "decision.json"


def shipped_name(model: str) -> str:
    """The file of the weights shipped for a model known by name (``verify-ask models``)."""
    from verify_ask.model import catalog

    return SHIPPED if model == catalog.DEFAULT else f"{model}.json"


@lru_cache(maxsize=4)
def load(path: str | None = None) -> Model:
    """The shipped weights, those shipped for a model known by name, or those of a file
    written by ``verify-ask eval --fit``.

    Weights belong to the model whose answers they were fitted on: a known model with no
    weights of its own is refused rather than judged with another's.
    """
    from verify_ask.model import catalog

    known = catalog.lookup(path) if path is not None else None
    shipped = resources.files("verify_ask.decision.weights")
    try:
        if path is None:
            text = shipped.joinpath(SHIPPED).read_text("utf-8")
        elif known is not None:
            file = shipped.joinpath(shipped_name(known.name))
            if not file.is_file():
                raise UsageError(
                    f"no decision weights are fitted for {known.name}; pass --weights "
                    f"{catalog.DEFAULT} to judge it with the default model's, --weights FILE, "
                    "or --decision rules"
                )
            text = file.read_text("utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
        return Model.from_json(json.loads(text))
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise InputError(f"decision weights {path or SHIPPED} cannot be read: {error}") from None
