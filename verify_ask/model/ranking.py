"""The model's ranking of the answers a source offers: the figures near the question, scored.

Samples show what the model tends to write; they scatter at temperature 0.5, and a right
answer sampled once cannot be told from noise. Scoring is exhaustive instead: for every
figure of the asked kind that the question's words stand near in the text the model read,
and for "unknown", the probability that the model writes exactly that answer after the
prompt. Normalized over those options,
it says how much of the model's belief a value holds against its rivals in the same text,
which is what separates two tonnages in one sentence where word proximity cannot
(measured on SQuAD dev: the top-ranked figure was right on 0.58 of questions, the greedy
answer on 0.49).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from verify_ask.language.places import places_of
from verify_ask.language.question import Question
from verify_ask.model.backends.base import Score
from verify_ask.text.normalize import Mention, parse_value
from verify_ask.text.source import Source
from verify_ask.values import Value, same_value

UNKNOWN = "unknown"
"""What the built-in prompts teach the model to answer when the text does not say."""
MAX_OPTIONS = 24
"""Options scored at most (the best placed): each costs a logit row per token."""
MIN_OPTION_PLACE = 0.2
"""Figures placed no better than this are not offered. Re-judging stored rankings of 400
SQuAD and 100 TAT-QA dev questions without them gave the same precision (coverage 0.415 ->
0.44 on SQuAD, one more unanswerable question answered of 200) for half the scored options."""

Scorer = Callable[[str, Sequence[str]], Sequence[Score]]
"""A backend's ``score``: a prompt and answer texts to each answer's log-probability."""


@dataclass(frozen=True)
class Option:
    """One answer the model was asked to score: a figure's text as the source writes it."""

    text: str
    value: Value | None
    """None for "unknown"."""
    logprob: float
    tokens: int

    def to_json(self) -> dict[str, object]:
        return {"text": self.text, "logprob": round(self.logprob, 4), "tokens": self.tokens}


@dataclass(frozen=True)
class Ranking:
    options: tuple[Option, ...]

    def shares(self) -> tuple[float, ...]:
        """Each option's probability renormalized over the options (a softmax of log-probs)."""
        return self._shares

    @cached_property
    def _shares(self) -> tuple[float, ...]:
        # Every candidate and every proposal asks: computed once per ranking.
        if not self.options:
            return ()
        top = max(option.logprob for option in self.options)
        weights = [math.exp(option.logprob - top) for option in self.options]
        total = sum(weights)
        return tuple(weight / total for weight in weights)

    def share(self, value: Value) -> float:
        """The belief held by options that are this value (one figure may be written twice)."""
        return sum(
            share
            for option, share in zip(self.options, self.shares(), strict=True)
            if option.value is not None and same_value(option.value, value)
        )

    def unknown_share(self) -> float:
        return sum(
            share
            for option, share in zip(self.options, self.shares(), strict=True)
            if option.value is None
        )

    def to_json(self) -> list[dict[str, object]]:
        return [
            {**option.to_json(), "share": round(share, 4)}
            for option, share in zip(self.options, self.shares(), strict=True)
        ]

    @classmethod
    def from_json(cls, items: Sequence[dict[str, object]], question: Question) -> Ranking:
        """The ranking stored in a record, its values re-read as the question expects."""
        options = []
        for item in items:
            text = str(item["text"])
            value = _read(text, question)
            if value is None and text != UNKNOWN:
                continue  # read otherwise now: as when ranking, it is no option
            options.append(
                Option(text, value, float(item["logprob"]), int(item["tokens"]))  # type: ignore[arg-type, call-overload]
            )
        return cls(tuple(options))


def option_mentions(
    question: Question, source: Source, read: Sequence[tuple[int, int]] = ()
) -> list[Mention]:
    """The figures the model could have copied as its answer: of the asked kind, in the text
    it read (``read``: the passages' spans, empty for the whole source), where the question's
    words stand near (place score over ``MIN_OPTION_PLACE``), one per wording, at most
    ``MAX_OPTIONS`` of the best placed, in source order."""
    kind = question.expects
    places = places_of(source)
    best: dict[str, tuple[float, Mention]] = {}
    for mention in source.mentions:
        if kind and mention.value.kind != kind:
            continue
        if read and not any(start <= mention.start < end for start, end in read):
            continue
        score = places.place(question, mention.start, mention.end).score
        if score <= MIN_OPTION_PLACE:
            continue
        if mention.surface not in best or score > best[mention.surface][0]:
            best[mention.surface] = (score, mention)
    kept = sorted(best.values(), key=lambda pair: -pair[0])[:MAX_OPTIONS]
    return sorted((mention for _, mention in kept), key=lambda m: m.start)


def rank(
    score: Scorer,
    prompt: str,
    question: Question,
    source: Source,
    read: Sequence[tuple[int, int]] = (),
) -> Ranking | None:
    """Score every option after ``prompt``; None when the source offers no figure to rank."""
    mentions = option_mentions(question, source, read)
    texts = [m.surface for m in mentions if _read(m.surface, question) is not None]
    if not texts:
        return None
    texts.append(UNKNOWN)
    # The prompts put a space after "Answer:" and end an answer at the newline, so an
    # option is scored as the whole line: "5" then a newline is not "5,500,000".
    scored = score(prompt, [f" {text}\n" for text in texts])
    options = tuple(
        Option(text, _read(text, question), scored_text.logprob, scored_text.tokens)
        for text, scored_text in zip(texts, scored, strict=True)
    )
    return Ranking(options)


def _read(text: str, question: Question) -> Value | None:
    return None if text == UNKNOWN else parse_value(text, expect=question.expects)
