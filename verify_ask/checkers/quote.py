"""The ``quote`` checker: the words the model cited are in the source and hold its value.

With ``--prompt quote`` the model answers ``14 March 2009 | "was founded on 14 March 2009"``
on one line (so the stop at a newline still ends it). The quote is located in the source
fuzzily (rapidfuzz's best partial alignment, at least ``quote_threshold`` out of 100, since a
small model drops or changes a word), and the located text must contain a figure equal to
the candidate's value. A plain checker, not a grounding one: a real quote shows the model
read the value somewhere, not that it is the place the question asks about, so it adds to
span's check instead of replacing it. Candidates whose samples quoted nothing are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, Evidence, option
from verify_ask.checkers.registry import register
from verify_ask.rules.figures import occurs_as
from verify_ask.text.source import Source

DEFAULT_THRESHOLD = 90.0
_MAX_QUOTE = 300  # a quote is part of a one-line answer; longer text is cut (and costs time)


@dataclass(frozen=True)
class QuoteOptions:
    quote_threshold: float = option(
        DEFAULT_THRESHOLD,
        "--quote-threshold",
        "How closely (0-100) a quote must match the source, for 'quote'.",
        within=(0, 100),
    )


class QuoteChecker:
    name = "quote"
    by_default = False
    options = QuoteOptions
    description = "the words the model quoted (--prompt quote) are in the source and hold the value"

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        quotes = list(dict.fromkeys(s.quote for s in candidate.samples if s.quote))
        if not quotes:
            return CheckResult(self.name, "skip", 0.0, detail="no sample quoted the source")
        threshold = float(context.options_for(self).quote_threshold)
        best_score, why = 0.0, ""
        for quote in quotes:
            score, start, end = locate(context.source, quote)
            if score < threshold:
                best_score = max(best_score, score)
                found = f"the quote {quote!r} matches the source at best {score:.0f}/100"
                why = why or f"{found}, under {threshold:.0f}"
                continue
            figure = figure_in(context.source, start, end, candidate)
            if figure is None:
                why = f"the quoted text {context.source.text[start:end]!r} does not hold the value"
                continue
            note = f"quote matches the source at {score:.0f}/100 (needs {threshold:.0f})"
            evidence = Evidence(
                quote=context.source.text[start:end],
                start=figure[0],
                end=figure[1],
                line=context.source.line_of(figure[0]),
                quote_start=start,
                note=note,
                page=context.source.page_of(figure[0]),
            )
            return CheckResult(self.name, "pass", score / 100, (evidence,), note)
        # The score of a failure is how near the best unlocated quote came to the threshold.
        return CheckResult(self.name, "fail", best_score / 100, detail=why)


def locate(source: Source, quote: str) -> tuple[float, int, int]:
    """The quote's best place in the source: (score 0-100, start, end), ends on word edges."""
    from rapidfuzz.fuzz import partial_ratio_alignment

    text = source.text
    quote = _fold(quote[:_MAX_QUOTE])
    if not quote or len(quote) > len(text):
        return 0.0, 0, 0
    found = partial_ratio_alignment(quote, _fold(text))
    if found is None:
        return 0.0, 0, 0
    start, end = found.dest_start, found.dest_end
    # The alignment may cut a word ("14 March 200"); widen to whole words before reading it.
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return float(found.score), start, end


def figure_in(source: Source, start: int, end: int, candidate: Candidate) -> tuple[int, int] | None:
    """Offsets in the source of a figure in ``text[start:end]`` that is the candidate's value."""
    from verify_ask.text.normalize import find_values

    for mention in find_values(source.text[start:end]):
        if occurs_as(candidate.value, mention.value):
            return start + mention.start, start + mention.end
    return None


@lru_cache(maxsize=4)
def _fold(text: str) -> str:
    # Lower case without changing the length, so offsets in the folded text are the source's.
    if text.isascii():
        return text.lower()
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


register(QuoteChecker())
