"""The ``span`` checker: the value occurs in the source, at the place the question points to.

Values are compared typed and exactly ("14 March 2009" finds "March 14, 2009"; "48.2" never
finds "48.3"). Presence alone verifies little (most passages hold many figures, and a small
model's wrong answer is usually one of them), so the check passes only when

- the value's kind fits the question (a date for "when"), and a unit the question names
  ("how many miles") does not contradict the figure's unit in the source;
- the best place the value occurs is about the question: the question's words stand close
  to it (score at least ``min_relevance``);
- no other figure of the same kind sits at a clearly better place (``margin``), and when
  one sits about as well, the model prefers this one (``_prefers``).
"""

from __future__ import annotations

from dataclasses import dataclass

from verify_ask import defaults
from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, Evidence, evidence_at, option
from verify_ask.checkers.registry import register
from verify_ask.language.names import another_name
from verify_ask.language.places import Place, places_of
from verify_ask.language.places.words import same_stem
from verify_ask.language.question import Question
from verify_ask.rules import Facts, Rule, rules_of
from verify_ask.rules.figures import (
    fits_unit,
    occurs_as,
    occurs_scaled,
    question_figures,
    unit_of,
    year_places,
)
from verify_ask.rules.mention_rules import (
    COUNTS_SOMETHING,
    LOW_RELEVANCE,
    MEASURES_OTHER,
    NAMES_ANOTHER,
    NOT_IN_ASKED_UNIT,
    NOT_IN_SOURCE,
    ONLY_A_YEAR,
)
from verify_ask.rules.rival_rules import (
    BETTER_RIVAL,
    MODEL_PREFERS_RIVAL,
    NAMED_ITEM,
    RIVALS_WORDS,
)
from verify_ask.settings import setting
from verify_ask.text.normalize import Mention
from verify_ask.text.source import Source
from verify_ask.text.tables import tables_of
from verify_ask.values import Value

__all__ = ["SpanChecker", "occurs_as"]


@dataclass(frozen=True)
class SpanOptions:
    min_relevance: float = setting("min_relevance")
    ignore_rules: tuple[str, ...] = setting("ignore_rules")
    # Tuned constants, set only by code (tests): no flag.
    margin: float = option(defaults.MARGIN, None)
    contested_support: float = option(defaults.CONTESTED_SUPPORT, None)
    contested_ratio: float = option(defaults.CONTESTED_RATIO, None)


class SpanChecker:
    name = "span"
    options = SpanOptions
    description = "the value occurs in the source, at the place the question points to"

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        source, question = context.source, context.question
        ignored = ignored_rules(context)
        kind = question.expects or candidate.value.kind
        facts = Facts(candidate.value, question, source)
        for rule in rules_of("question", ignored):
            refusal = rule.test(facts) if rule.test else None
            if refusal is not None:
                return self._fail(rule, refusal)
        threshold = _setting(context, "min_relevance")
        margin = _setting(context, "margin")
        wanted, unit = question.unit, unit_of(candidate.value)
        places = [
            m
            for m in source.mentions
            if occurs_as(candidate.value, m.value) or occurs_scaled(candidate.value, m, source)
        ]
        if not places:
            return self._fail(NOT_IN_SOURCE, "the value does not occur in the source")
        if unit is not None and COUNTS_SOMETHING.id not in ignored:
            # "42 years" is not "42 intercollegiate sports": a bare figure that a noun follows.
            nouns = [
                None if unit_of(m.value) else places_of(source).noun_after(m.start, m.end)
                for m in places
            ]
            if all(nouns):
                return self._fail(
                    COUNTS_SOMETHING,
                    f"the source says what it counts ({nouns[0]!r}), and the answer is in {unit}",
                )
            places = [m for m, noun in zip(places, nouns, strict=True) if noun is None]
        if NOT_IN_ASKED_UNIT.id not in ignored:
            places = [
                m
                for m in places
                if fits_unit(m.value, wanted, tables_of(source).labels_at(m.start))
            ]
            if not places:
                return self._fail(
                    NOT_IN_ASKED_UNIT, f"the value occurs in the source, but not in {wanted}"
                )
        if kind == "number" and ONLY_A_YEAR.id not in ignored:
            years = year_places(source)
            places = [m for m in places if (m.start, m.end) not in years]
            if not places:
                return self._fail(ONLY_A_YEAR, "the value occurs in the source only as a year")
        index = places_of(source)
        scored = sorted(
            ((index.place(question, m.start, m.end), m) for m in places),
            key=lambda pair: -pair[0].score,
        )
        measuring = [pair for pair in scored if pair[0].counts is None]
        if MEASURES_OTHER.id in ignored:
            measuring = measuring or scored
        if not measuring:
            place, mention = scored[0]
            return self._fail(
                MEASURES_OTHER,
                f"the source says what it measures ({place.counts!r}), and that is not what "
                "the question asks for",
                place.score,
                (evidence_at(source, mention.start, mention.end),),
            )
        # "at 31 December 2019 is £3.5 million (2018: £3.5 million)": for 2018, the second.
        of_the_year = [pair for pair in measuring if pair[0].other_time is None]
        scored = of_the_year or measuring
        best_place, best = scored[0]
        evidence = tuple(evidence_at(source, m.start, m.end) for _, m in scored[:3])
        rival = _best_rival(context, candidate.value, kind)
        signals = _signals(best_place, rival, len(places))
        where = f"found {len(places)} time(s); its best place scores {best_place.score:.2f}"
        sentence_start, sentence_end = source.sentence_around(best.start, best.end)
        asked = index.asked_names(question)
        other = another_name(asked, index.text[sentence_start:sentence_end])
        if other is not None and NAMES_ANOTHER.id not in ignored:
            return self._fail(
                NAMES_ANOTHER,
                f"{where}, but that sentence names {other!r} instead",
                best_place.score,
                evidence,
                signals,
            )
        placed = Facts(candidate.value, question, source, best_place)
        for rule in rules_of("place", ignored):
            refusal = rule.test(placed) if rule.test else None
            if refusal is not None:
                return self._fail(
                    rule, f"{where}, but {refusal}", best_place.score, evidence, signals
                )
        if best_place.score < threshold and LOW_RELEVANCE.id not in ignored:
            return self._fail(
                LOW_RELEVANCE, f"{where}, under {threshold:.2f}", best_place.score, evidence,
                signals,
            )  # fmt: skip
        if rival is None:
            return self._pass(best_place.score, evidence, where, signals)
        rival_place, rival_mention = rival
        # Read strictly, a question word counts only for the figure on its own side ("4 Han
        # Tumens and 3 Khitan Tumens"; "an office in Montreal in September 2021 and a plant
        # in Porto on 2 May 2022"): a rival beats the value only if it wins that reading too.
        mine = index.place(question, best.start, best.end, strict=True)
        theirs = index.place(question, rival_mention.start, rival_mention.end, strict=True)
        ahead_strictly = theirs.score > mine.score + margin
        if (
            rival_place.score > best_place.score + margin
            and ahead_strictly
            and BETTER_RIVAL.id not in ignored
        ):
            return self._fail(
                BETTER_RIVAL,
                f"{where}, but {rival_mention.surface!r} scores {rival_place.score:.2f}",
                best_place.score,
                evidence,
                signals,
            )
        if rival_place.score < best_place.score - margin and not ahead_strictly:
            return self._pass(best_place.score, evidence, where, signals)
        # Two figures stand about as well: the model's wrong answer is usually the other
        # one, so the place cannot decide and the model must prefer this one (measured
        # in ``defaults``).
        comparable = unit_of(rival_mention.value) in (None, unit_of(candidate.value))
        standing = (
            f"{where}, but {rival_mention.surface!r} stands about as well ({rival_place.score:.2f})"
        )
        # In a list of what the question counts, its words name one item ("489
        # *Catholic* schools"): then the item decides, not the model.
        named = (
            _named_item(question, source, best)
            if comparable and NAMED_ITEM.id not in ignored
            else None
        )
        if named is best:
            return self._pass(best_place.score, evidence, where, signals)
        if named is not None:
            return self._fail(
                NAMED_ITEM,
                f"{standing} and the question names the item of {named.surface!r}",
                best_place.score,
                evidence,
                signals,
            )
        # Read strictly, the question's words belong to the rival: then the place decides,
        # not the model.
        if comparable and ahead_strictly and RIVALS_WORDS.id not in ignored:
            return self._fail(
                RIVALS_WORDS,
                f"{standing} and the question's words belong to it",
                best_place.score,
                evidence,
                signals,
            )
        prefers, why = _prefers(candidate, rival_mention.value, context)
        if not prefers and MODEL_PREFERS_RIVAL.id not in ignored:
            return self._fail(
                MODEL_PREFERS_RIVAL, f"{standing} and {why}", best_place.score, evidence,
                signals,
            )  # fmt: skip
        return self._pass(best_place.score, evidence, where, signals)

    def _pass(
        self, score: float, evidence: tuple[Evidence, ...], where: str, signals: _Signals
    ) -> CheckResult:
        return CheckResult(
            self.name, "pass", score, evidence, where, grounding=True, signals=signals
        )

    def _fail(
        self,
        rule: Rule,
        detail: str,
        score: float = 0.0,
        evidence: tuple[Evidence, ...] = (),
        signals: _Signals = (),
    ) -> CheckResult:
        return CheckResult(
            self.name, "fail", score, evidence, detail, grounding=True, rule=rule.id,
            signals=signals,
        )  # fmt: skip


_Signals = tuple[tuple[str, float], ...]


def _signals(best: Place, rival: tuple[Place, Mention] | None, places: int) -> _Signals:
    """How far the value's best place stands above the best rival's (negative: below), and
    how often the source writes the value."""
    gap = best.score - rival[0].score if rival is not None else 1.0
    return (("span.rival_gap", round(max(-1.0, min(1.0, gap)), 4)),
            ("span.places", min(places, 5) / 5))  # fmt: skip


def ignored_rules(context: CheckContext) -> frozenset[str]:
    """The ids of the rules switched off for this run (``--ignore-rule``)."""
    return frozenset(_options(context).ignore_rules or ())


def _named_item(question: Question, source: Source, mine: Mention) -> Mention | None:
    """The figure whose item of a list the question names, when the figure's sentence lists
    what the question counts ("1,548 public schools, 489 Catholic schools and 214
    independent schools" for "how many Catholic schools": 489); None when no item names
    more of the question's words than every other."""
    head = question.counted.head
    if head is None:
        return None
    marks = [term for term in question.terms if term != head]

    def named(mention: Mention) -> int | None:
        # A number the question names may stand in an item ("its four graduate divisions").
        item = places_of(source).item_words(mention.start, mention.end, question.terms)
        if not any(same_stem(word, head) for word in item):
            return None
        return sum(any(same_stem(word, term) for word in item) for term in marks)

    items = [
        (count, mention)
        for mention in places_of(source).figures_beside(mine.start, mine.end)
        if (count := named(mention)) is not None
    ]
    if len(items) < 2 or not any(mention is mine for _, mention in items):
        return None
    items.sort(key=lambda pair: -pair[0])
    (best, mention), (runner_up, _) = items[0], items[1]
    return mention if best > runner_up else None


def _best_rival(context: CheckContext, value: Value, kind: str) -> tuple[Place, Mention] | None:
    """The best-placed figure of the same kind with another value, if any."""
    source, question = context.source, context.question
    dates = year_places(source)
    index = places_of(source)
    best: tuple[Place, Mention] | None = None
    named = [m.value for m in question_figures(question.text)]
    for mention in source.mentions:
        if mention.value.kind != kind or occurs_as(value, mention.value):
            continue
        if not fits_unit(mention.value, question.unit):
            continue
        if any(occurs_as(mention.value, given) for given in named):
            continue  # the question's own figure ("from 90% to what?") is not what it asks
        if kind == "number" and (mention.start, mention.end) in dates:
            continue  # a bare year is a date's twin, no rival to a count
        if not index.may_answer(question, mention.start):
            continue
        place = index.place(question, mention.start, mention.end)
        if place.counts is not None or place.other_time is not None:
            continue
        if best is None or place.score > best[0].score:
            best = (place, mention)
    return best


def _prefers(candidate: Candidate, rival: Value, context: CheckContext) -> tuple[bool, str]:
    """Whether the model prefers the candidate to an equally placed rival, and why not.

    With a ranking: at least as many samples wrote it, and it holds ``contested_ratio``
    times the rival's share. Without one (HTTP backends), the vote alone must be
    ``contested_support``.
    """
    if context.ranking is None:
        needed = _setting(context, "contested_support")
        share = candidate.votes / context.total_samples if context.total_samples else 0.0
        return share >= needed, f"{share:.0%} of the samples wrote it; needs {needed:.0%}"
    ratio = _setting(context, "contested_ratio")
    rival_votes = sum(c.votes for c in context.candidates if occurs_as(c.value, rival))
    mine, theirs = context.ranking.share(candidate.value), context.ranking.share(rival)
    prefers = candidate.votes >= rival_votes and mine >= ratio * theirs
    return prefers, (
        f"the model prefers it too little ({candidate.votes} votes to {rival_votes}, ranking "
        f"share {mine:.0%} to {theirs:.0%}; needs as many votes and {ratio:g} times the share)"
    )


def _options(context: CheckContext) -> SpanOptions:
    return context.options_for(SpanChecker)  # type: ignore[no-any-return]


def _setting(context: CheckContext, name: str) -> float:
    return float(getattr(_options(context), name))


register(SpanChecker())
