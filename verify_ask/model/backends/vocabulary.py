"""The answer vocabulary of a prompt: the tokens an answer grounded in the source is written with.

Every token of the prompt (source, worked examples, question), plus a fixed alphabet: digits,
signs, currency and percent signs, units, scale and number words, month names, punctuation,
the derive prompt's arithmetic, newline and end-of-generation tokens. Sampling from this
subset is a constraint in the spirit of grammar-constrained decoding: a figure or date
copied from the source needs no other token, and a token outside it cannot be copied.
"""

from __future__ import annotations

import calendar
import weakref
from collections.abc import Iterable, Sequence

import numpy as np

from verify_ask.model.backends.lowlevel import Engine
from verify_ask.text.normalize.numbers import NUMBER_WORDS
from verify_ask.text.normalize.units import (
    CANONICAL_UNITS,
    CURRENCY_CODES,
    CURRENCY_WORDS,
    PERCENT_WORDS,
)
from verify_ask.text.vocabulary import CURRENCY_SYMBOLS, SCALE_POWERS

# Written between and around figures, and by the derive prompt's calculations.
_SIGNS = list("0123456789+-−–—=*/×÷%().,:;!?'\"$€£¥₹₩") + ["100", "...", "=", "\n", "\n\n"]
# Unit words the source may spell out where the closed unit list has an abbreviation.
_UNIT_WORDS = (
    "metres meters kilometres kilometers miles feet foot inches square cubic per hectares "
    "acres tonnes tons kilograms grams litres liters degrees people years months weeks days "
    "hours minutes seconds century centuries unknown"
).split()

_ALPHABETS: weakref.WeakKeyDictionary[Engine, frozenset[int]] = weakref.WeakKeyDictionary()


def answer_vocabulary(
    engine: Engine, prompt: Sequence[int], extra: Iterable[int] = (), stops: Iterable[str] = ()
) -> np.ndarray:
    """Sorted unique token ids: the prompt's, the alphabet's, ``extra`` and the stops'."""
    ids = set(prompt) | _alphabet(engine) | set(extra)
    for stop in stops:
        ids.update(engine.tokenize(stop, bos=False))
    return np.array(sorted(ids), dtype=np.int64)


def _alphabet(engine: Engine) -> frozenset[int]:
    cached = _ALPHABETS.get(engine)
    if cached is None:
        cached = frozenset(_tokens(engine, _words())) | frozenset(engine.end_tokens())
        _ALPHABETS[engine] = cached
    return cached


def _words() -> set[str]:
    words = set(_SIGNS) | set(_UNIT_WORDS) | set(PERCENT_WORDS) | set(CANONICAL_UNITS)
    words |= set(CURRENCY_SYMBOLS) | set(CURRENCY_CODES) | set(CURRENCY_WORDS)
    words |= set(SCALE_POWERS) | set(NUMBER_WORDS)
    for month in range(1, 13):
        words |= {calendar.month_name[month], calendar.month_abbr[month]}
    return words


def _tokens(engine: Engine, words: Iterable[str]) -> set[int]:
    """Each word as it starts an answer, follows a space, and capitalized."""
    ids: set[int] = set()
    for word in words:
        for variant in {word, word.capitalize()}:
            ids.update(engine.tokenize(variant, bos=False))
            ids.update(engine.tokenize(" " + variant, bos=False))
    return ids
