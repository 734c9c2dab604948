"""What the span checker's rules read of one candidate: the question, the source, the places
the value occurs, and from those its best place and its best rival. A fact is worked out
when a rule first asks for it, and kept for the rules after it.

The mention stage's place filters narrow ``places`` (``Facts.keeping``); the facts that
rank the places are read only after them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple, Protocol

from verify_ask.checkers.base import Evidence, evidence_at
from verify_ask.language.places import Place, PlaceIndex, places_of
from verify_ask.rules.figures import fits_unit, occurs_as, question_figures, year_places
from verify_ask.text.normalize import Mention

if TYPE_CHECKING:
    from verify_ask.candidates import Candidate
    from verify_ask.checkers.base import CheckContext
    from verify_ask.language.question import Question
    from verify_ask.text.source import Source
    from verify_ask.values import Value

Signals = tuple[tuple[str, float], ...]


class SpanSettings(Protocol):
    """What the rules read of the span checker's options (``checkers.span.SpanOptions``),
    named here so that the rules do not import the checker that runs them."""

    @property
    def min_relevance(self) -> float: ...
    @property
    def margin(self) -> float: ...
    @property
    def contested_support(self) -> float: ...
    @property
    def contested_ratio(self) -> float: ...


@dataclass(frozen=True)
class Refusal:
    """Why a rule refuses the value, with what the check reports beside it. A rule that
    returns a bare reason leaves the wording to its stage (``verify_ask.checkers.span``)."""

    detail: str
    score: float = 0.0
    evidence: tuple[Evidence, ...] = ()
    signals: tuple[tuple[str, float], ...] = ()


class Placed(NamedTuple):
    """A figure of the source and how well its place answers the question."""

    place: Place
    mention: Mention


@dataclass(frozen=True)
class Facts:
    candidate: Candidate
    context: CheckContext
    options: SpanSettings
    places: Sequence[Mention]
    """The source's figures that may be the value's places: all of them until the mention
    stage keeps those that are the value and may answer the question."""

    @classmethod
    def of(cls, candidate: Candidate, context: CheckContext, options: SpanSettings) -> Facts:
        return cls(candidate, context, options, context.source.mentions)

    def keeping(self, places: Sequence[Mention]) -> Facts:
        """The same facts over fewer places."""
        return replace(self, places=places)

    @property
    def value(self) -> Value:
        return self.candidate.value

    @property
    def question(self) -> Question:
        return self.context.question

    @property
    def source(self) -> Source:
        return self.context.source

    @property
    def index(self) -> PlaceIndex:
        return places_of(self.source)

    @property
    def kind(self) -> str:
        """What the question asks for, a number or a date; the value's kind when it says not."""
        return self.question.expects or self.value.kind

    @cached_property
    def scored(self) -> tuple[Placed, ...]:
        """The places, best first (in text order where they score the same)."""
        placed = (Placed(self._place_of(m), m) for m in self.places)
        return tuple(sorted(placed, key=lambda pair: -pair.place.score))

    @cached_property
    def ranked(self) -> tuple[Placed, ...]:
        """The places the value is judged at, best first: those that measure what the question
        asks for, if any, and of those the ones of the time it asks about, if any."""
        measuring = [pair for pair in self.scored if pair.place.counts is None] or self.scored
        # "at 31 December 2019 is £3.5 million (2018: £3.5 million)": for 2018, the second.
        of_the_year = [pair for pair in measuring if pair.place.other_time is None]
        return tuple(of_the_year or measuring)

    @property
    def place(self) -> Place:
        """The value's best place."""
        return self.ranked[0].place

    @property
    def best(self) -> Mention:
        """The figure at the value's best place."""
        return self.ranked[0].mention

    @cached_property
    def evidence(self) -> tuple[Evidence, ...]:
        return tuple(evidence_at(self.source, m.start, m.end) for _, m in self.ranked[:3])

    @cached_property
    def where(self) -> str:
        return self.found_at(digits=2)

    def found_at(self, digits: int) -> str:
        """How often the value was found, and its best place's score to ``digits``."""
        score = f"{self.place.score:.{digits}f}"
        return f"found {len(self.places)} time(s); its best place scores {score}"

    @cached_property
    def rival(self) -> Placed | None:
        """The best-placed figure of the same kind with another value, if any."""
        question, kind = self.question, self.kind
        dates = year_places(self.source)
        best: Placed | None = None
        named = [m.value for m in question_figures(question.text)]
        for mention in self.source.mentions:
            if mention.value.kind != kind or occurs_as(self.value, mention.value):
                continue
            if not fits_unit(mention.value, question.unit):
                continue
            if any(occurs_as(mention.value, given) for given in named):
                continue  # the question's own figure ("from 90% to what?") is not what it asks
            if kind == "number" and (mention.start, mention.end) in dates:
                continue  # a bare year is a date's twin, no rival to a count
            if not self.index.may_answer(question, mention.start):
                continue
            place = self._place_of(mention)
            if best is not None and place.score <= best.place.score:
                continue  # the filters below cost more than the score
            if place.counts is not None or place.other_time is not None or place.dated_otherwise:
                continue
            if place.plan_mismatch is not None:
                continue  # a target is no rival to the figure that came about
            if place.missing_names and not self._reads_beside(mention):
                continue  # a figure told of another name than the question's answers nothing
            best = Placed(place, mention)
        return best

    @cached_property
    def signals(self) -> Signals:
        """How far the value's best place stands above the best rival's (negative: below),
        and how often the source writes the value."""
        rival = self.rival
        gap = self.place.score - rival.place.score if rival is not None else 1.0
        return (("span.rival_gap", round(max(-1.0, min(1.0, gap)), 4)),
                ("span.places", min(len(self.places), 5) / 5))  # fmt: skip

    def _reads_beside(self, mention: Mention) -> bool:
        """Whether ``mention`` stands in the value's sentence or the one before, whose words
        the value's place reads as its own too: there they may be the other figure's."""
        here = self.source.sentence_index(self.best.start)
        return here - 1 <= self.source.sentence_index(mention.start) <= here

    def at_best(self, detail: str) -> Refusal:
        """A refusal reported at the value's best place, with its score and evidence."""
        return Refusal(detail, self.place.score, self.evidence, self.signals)

    def strict_place(self, mention: Mention) -> Place:
        """The figure's place read strictly (``PlaceIndex.place``)."""
        return self.index.place(self.question, mention.start, mention.end, strict=True)

    def _place_of(self, mention: Mention) -> Place:
        return self.index.place(self.question, mention.start, mention.end)
