"""The words and patterns the rules share: each written once.

The question's reading (``question``), the place rules (``places``), the span checker's
rules (``rules``) and the fitted decision's features (``confidence``) read these.
"""

from __future__ import annotations

import re

from verify_ask.text import vocabulary

HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
HOW_MANY_OR_MUCH = re.compile(r"\bhow\s+(?:many|much)\b", re.IGNORECASE)
YEAR = vocabulary.YEAR_RE
"""A year standing alone: the years the dates read, 1000 to 2199."""
WHICH_YEAR = re.compile(r"\bwhich\s+(?:fiscal\s+)?(?:year|fy|period)\b", re.I)
DURATION = re.compile(r"\b(duration|how long|what period|over what time)\b", re.IGNORECASE)
# "What is the revenue amount from sales into China": a sum, not its share of the total.
AMOUNT = re.compile(r"\bamounts?\b", re.IGNORECASE)
# "How many employees work outside the Porto plant?": the figure the text gives for what
# the question names is what it excludes.
COMPLEMENT = re.compile(
    r"\b(?:outside|other\s+than|excluding|except|besides|apart\s+from|not\s+counting)\b", re.I
)
ASKS_DAY = re.compile(r"\b(what|which)\s+(day|date)\b", re.IGNORECASE)
ASKS_MONTH = re.compile(r"\b(what|which)\s+month\b", re.IGNORECASE)
ASKS_YEAR = re.compile(r"\b(what|which)\s+(?:\w+\s+)?year\b", re.IGNORECASE)

STOPWORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers herself him himself his how i if in into is it its
    itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves
    many much long old year years date did does many number amount how approximately
    roughly around according fy
    didn't don't doesn't isn't aren't wasn't weren't won't wouldn't can't couldn't hasn't
    haven't hadn't shouldn't one
    """.split()
)
# Capitalized words that name no one: the stop words, the days (months are read by the date
# normalizer's month_number), and the adverbs that open a sentence or clause.
NOT_NAMES = STOPWORDS | frozenset(
    "monday tuesday wednesday thursday friday saturday sunday however although since".split()
)

# Words a text uses when it states a derived figure itself ("revenue increased 5%"),
# shared with the place rules ("increased $273 million" is a change, not an amount).
CHANGE_VERBS = "increase increased decrease decreased rise rose fell grew declined dropped"
# The words a text tells a change in, beyond a derivation's verbs: "improved by 22%", "a
# reduction of 5%", "cut 300 jobs" (a loss or a cost cut is an amount: not "lost").
CHANGE_WORDS = (
    CHANGE_VERBS + " improve worsen gain jump climb slip fall fallen rise risen grow grown growth"
    " shrink shrank expand expansion soar surge plunge slump dip cut reduce reduction raise"
)
TOTAL_WORDS = "total totals combined altogether sum aggregate"
COMPARATIVES = (
    "larger largest higher highest lower lowest greater greatest smaller smallest bigger "
    "biggest more most less least fewer fewest"
)
MOST = re.compile(
    r"\b(largest|highest|greatest|biggest|most|larger|higher|greater|bigger|more)\b", re.I
)
LEAST = re.compile(r"\b(lowest|smallest|least|fewest|lower|smaller|less|fewer)\b", re.I)
THRESHOLD = re.compile(r"\b(than|over|under|above|below)\s+[$€£]?\d", re.I)
"""A comparison against a figure ("less than 100 million") rather than between years."""
# Refusing, denying, rejecting and failing negate too: SQuAD v2 makes unanswerable questions
# by turning "joined" into "refused to join" (re-judged on the first 100 unanswerable dev
# questions: abstention 0.93 -> 0.95, no right SQuAD answer lost).
NEGATION = re.compile(
    r"\b(not|never|no longer|neither|nor"
    r"|refus(e|ed|es|ing|al)|den(y|ies|ied|ying|ial)|reject(s|ed|ing|ion)?"
    r"|fail(s|ed|ing|ure)?)\b|n't\b",
    re.IGNORECASE,
)
