"""Rules of the place stage: why the figure's best place in the source does not answer the
question. Each reads one fact of ``Place`` (``verify_ask.places.index``)."""

from __future__ import annotations

from verify_ask.places import Place
from verify_ask.rules.registry import Facts, rule


@rule("S201", "owner-else", "place", ["place.owner"])
def owner_else(facts: Facts) -> str | None:
    """The text makes the figure another name's ('Paris's population')."""
    place = _place(facts)
    if place.owner is not None:
        return f"the text gives it as {place.owner!r}'s"
    return None


@rule("S202", "listed-item", "place", ["place.listed"])
def listed_item(facts: Facts) -> str | None:
    """The sentence gives the question's name as one of what the figure counts."""
    place = _place(facts)
    if place.listed is not None:
        return f"that sentence gives {place.listed!r} as one of what the figure counts"
    return None


@rule("S203", "other-span-end", "place", ["place.span_end"])
def other_span_end(facts: Facts) -> str | None:
    """The figure is one end of a span of years, and the question asks the other."""
    place = _place(facts)
    if place.span_end is not None:
        return f"the text gives it as {place.span_end} of a span, and the question asks the other"
    return None


@rule("S204", "reversed-relation", "place", ["place.reversed_relation"])
def reversed_relation(facts: Facts) -> str | None:
    """The sentence states the question's relation the other way round."""
    place = _place(facts)
    if place.reversed_relation is not None:
        return f"that sentence says {place.reversed_relation!r} the other way round"
    return None


@rule("S205", "level-for-change", "place", ["place.level_for_change"])
def level_for_change(facts: Facts) -> str | None:
    """The question asks how much something changed, and the text gives a level."""
    place = _place(facts)
    if place.level_for_change:
        return "the question asks how much it changed, and the text gives it as a level"
    return None


@rule("S206", "rank-cutoff", "place", ["place.cutoff"])
def rank_cutoff(facts: Facts) -> str | None:
    """The text ranks by the figure ('the top 15'), and the question asks for a count."""
    place = _place(facts)
    if place.cutoff is not None:
        return f"the text ranks by it ({place.cutoff!r}), and the question asks for a count"
    return None


@rule("S207", "capacity", "place", ["place.capacity"])
def capacity(facts: Facts) -> str | None:
    """The text gives the figure as a capacity ('seats up to'), and the question asks for none."""
    place = _place(facts)
    if place.capacity is not None:
        return (
            f"the text gives it as a capacity ({place.capacity!r}), and the question asks for none"
        )
    return None


@rule("S208", "rate", "place", ["place.rate"])
def rate(facts: Facts) -> str | None:
    """The text divides the figure ('per hectare'), and the question asks for no rate."""
    place = _place(facts)
    if place.rate is not None:
        return f"the text gives it per {place.rate}, and the question asks for no such rate"
    return None


@rule("S209", "missing-relation", "place", ["place.missing_relation"])
def missing_relation(facts: Facts) -> str | None:
    """The question asks about a relative ('his son'), and the sentence tells of no one's."""
    place = _place(facts)
    if place.missing_relation is not None:
        return (
            f"the question asks about a {place.missing_relation} and that sentence tells of "
            "no one's"
        )
    return None


@rule("S210", "missing-names", "place", ["place.missing_names"])
def missing_names(facts: Facts) -> str | None:
    """A name of the question is neither in the figure's sentence nor next to it."""
    place = _place(facts)
    if place.missing_names:
        return f"the question's names ({', '.join(place.missing_names)}) are not there"
    return None


@rule("S211", "polarity", "place", ["place.polarity_agrees", "question.negated"])
def polarity(facts: Facts) -> str | None:
    """The question is negated and the figure's clause is not, or the other way round."""
    place = _place(facts)
    if not place.polarity_agrees:
        side = "is negated" if facts.question.negated else "is not negated"
        return f"the question {side} and that sentence is the opposite"
    return None


@rule("S212", "opposite-word", "place", ["place.opposite"])
def opposite_word(facts: Facts) -> str | None:
    """The sentence says the opposite of a word of the question ('under' for 'over')."""
    place = _place(facts)
    if place.opposite is not None:
        asked, said = place.opposite
        return f"the question asks {asked!r} and that sentence says {said!r}"
    return None


@rule("S213", "missing-predicate", "place", ["place.has_predicate", "question.predicate"])
def missing_predicate(facts: Facts) -> str | None:
    """The question's predicate ('founded') is not in the figure's sentence or the one before."""
    place = _place(facts)
    if not place.has_predicate:
        return f"{facts.question.predicate!r}, what the question asks about, is not there"
    return None


@rule("S214", "not-a-total", "place", ["place.totals"])
def not_a_total(facts: Facts) -> str | None:
    """The question asks for a total, and the source does not give the figure as one."""
    place = _place(facts)
    if not place.totals:
        return "the question asks for a total and the source does not give this figure as one"
    return None


@rule("S215", "column-of-total-row", "place", ["place.part_of_the_row_total"])
def column_of_total_row(facts: Facts) -> str | None:
    """The figure is one column of a row with a total, and the question names no column."""
    place = _place(facts)
    if place.part_of_the_row_total:
        return "it is one column of a row with a total, and the question names no column"
    return None


@rule("S216", "sums-asked-row", "place", ["place.sums_the_row_asked"])
def sums_asked_row(facts: Facts) -> str | None:
    """The figure is the 'Total X' row when the question asks for the X row."""
    place = _place(facts)
    if place.sums_the_row_asked:
        return "it is the total of the row the question asks for"
    return None


@rule("S217", "other-time", "place", ["place.other_time"])
def other_time(facts: Facts) -> str | None:
    """The text gives the figure for another time than the question asks about."""
    place = _place(facts)
    if place.other_time is not None:
        return f"the text gives it for {place.other_time}, and the question asks about another time"
    return None


@rule("S218", "change-for-amount", "place", ["place.stated_as_change", "question.wants_arithmetic"])
def change_for_amount(facts: Facts) -> str | None:
    """The source gives the figure as a change, and the question asks for an amount."""
    place = _place(facts)
    if place.stated_as_change and not facts.question.wants_arithmetic:
        return "the source gives it as a change, and the question asks for an amount"
    return None


@rule("S219", "derivation-not-stated", "place", ["place.states_derivation"])
def derivation_not_stated(facts: Facts) -> str | None:
    """The question asks for a computed figure, and the source does not state it there."""
    place = _place(facts)
    if not place.states_derivation:
        return "the question asks for a computed figure and the source does not state it there"
    return None


def _place(facts: Facts) -> Place:
    assert facts.place is not None, "place rules read the place stage's facts"
    return facts.place
