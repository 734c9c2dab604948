"""Numerals: digit strings and runs of English number words, read into exact Decimals.

English conventions only: "," groups thousands and "." is the decimal point, so
"1,000" is a thousand and "1.000" is one. Keeping the two apart matters more than
guessing a European reading, since they must never vote together.
"""

from __future__ import annotations

import re
from decimal import Context, Decimal, InvalidOperation

from verify_ask.text.vocabulary import SCALE_WORDS

# Digit numerals. Atomic so a half-read number never backtracks into a shorter
# one: "12345,678" is rejected as a whole instead of yielding "1234".
DIGITS = r"(?>[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?|\.[0-9]+)"

# Longest first, so the alternation prefers "seventeen" over "seven".
_NUMBER_WORDS = sorted(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen
    fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty
    sixty seventy eighty ninety hundred dozen""".split()
    + list(SCALE_WORDS),
    key=len,
    reverse=True,
)
NUMBER_WORDS = frozenset(_NUMBER_WORDS)
_MULTIPLIERS = "|".join(("hundred", *SCALE_WORDS, "dozen"))
_NW = "(?:" + "|".join(_NUMBER_WORDS) + ")"
# "one-time", "two-thirds", "one-way": the number word is part of another word, no count
# ("a twenty-five-year-old" still says 25).
_NOT_A_COUNT = (
    r"(?i:time|times|off|way|sided|fold|half|halves|quarters?|thirds?|fourths?|fifths?"
    r"|sixths?|sevenths?|eighths?|ninths?|tenths?)(?![A-Za-z])"
)
# A run of number words joined by spaces, hyphens or "and", optionally led by
# "a"/"an" when a multiplier follows ("a hundred", "a dozen").
WORD_RUN_RE = re.compile(
    rf"(?<![A-Za-z0-9])(?:an?[ \t]+(?=(?:{_MULTIPLIERS})\b))?"
    rf"{_NW}(?:(?:[ \t]+(?:and[ \t]+)?|-){_NW})*(?![A-Za-z0-9]|-{_NOT_A_COUNT})",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[A-Za-z]+")
_MAX_RUN = 16  # longer runs are read in chunks: bounded work on adversarial text

# Exact arithmetic: the default 28-digit context would silently round long figures.
_CTX = Context(prec=200, Emax=10**6, Emin=-(10**6))


def parse_digits(numeral: str) -> Decimal | None:
    """Read a numeral matched by ``DIGITS`` ("5,500,000", "3.5", ".5") exactly."""
    cleaned = numeral.replace(",", "")
    if len(cleaned) > 100:  # not a figure anyone writes; keeps Decimal work bounded
        return None
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        return None


def scale(number: Decimal, multiplier: int) -> Decimal:
    """Multiply exactly ("48.2" x 10^6 -> 48200000.0)."""
    return _CTX.multiply(number, Decimal(multiplier))


def negate(number: Decimal) -> Decimal:
    """Negate without rounding (unary minus would round to the context precision)."""
    return number.copy_negate()


def word_runs(text: str) -> list[tuple[int, int, int]]:
    """Find number-word values in ``text`` as ``(start, end, value)`` with exact offsets.

    We tokenize the original text ourselves and feed runs of words to ``text2num``,
    rather than using ``alpha2digit``, whose rewritten string has different offsets.
    A run that does not read as one number ("nineteen ninety", "one and two") is
    split into the longest readable pieces from the left.
    """
    found: list[tuple[int, int, int]] = []
    for match in WORD_RUN_RE.finditer(text):
        words = [
            (m.start() + match.start(), m.end() + match.start(), m.group().lower())
            for m in _WORD_RE.finditer(match.group())
        ]
        for chunk_start in range(0, len(words), _MAX_RUN):
            found.extend(_read_words(words[chunk_start : chunk_start + _MAX_RUN]))
    return found


def _read_words(words: list[tuple[int, int, str]]) -> list[tuple[int, int, int]]:
    """Greedy left-to-right: extend a number while the words still read as one.

    Readable word numbers are prefix-closed apart from a trailing "and" or a lone
    "a", so the first failure ends the current number; this keeps the work linear.
    """
    found = []
    i = 0
    while i < len(words):
        if words[i][2] in ("and", "a", "an"):
            i += 1
            continue
        best: tuple[int, int] | None = None  # (end index, value)
        for j in range(i + 1, len(words) + 1):
            if words[j - 1][2] in ("and", "a", "an"):
                continue
            value = words_value([w for _, _, w in words[i:j]])
            if value is None:
                break
            best = (j, value)
        if best is None:
            i += 1
            continue
        found.append((words[i][0], words[best[0] - 1][1], best[1]))
        i = best[0]
    return found


def words_value(words: list[str]) -> int | None:
    """The integer a list of lower-case number words spells, or None."""
    from text_to_num import text2num

    if not words:
        return None
    if words[0] in ("a", "an"):
        words = ["one", *words[1:]]
    multiplier = 1
    if words[-1] == "dozen":
        multiplier = 12
        words = words[:-1] or ["one"]
    if "dozen" in words:
        return None
    try:
        value = text2num(" ".join(words), "en")
    except Exception:  # text2num raises ValueError, but be safe on arbitrary input
        return None
    if not isinstance(value, int):
        return None
    return value * multiplier
