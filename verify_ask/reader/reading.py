"""Reading: how likely each figure of a source answers a question, by the cross-encoder.

The span checker reads words: the question's words near the figure, and rules about what
stands between. The reader reads the pair whole, as it was trained to on every question of
the design articles (``scripts/train_reader.py``, docs/reader.md), so a sentence written to
mimic the question, or a line item worded otherwise, is judged by what it says. Its score is
evidence the fitted decision weighs (``reader.score``), beside the votes and the grounding.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from verify_ask.reader.inputs import Encoded, Inputs, batch
from verify_ask.reader.model import HEAD_BIAS, HEAD_WEIGHT, encode, reader_weights, tokenizer
from verify_ask.text.source import Source

__all__ = ["probabilities", "read", "reading_key", "use_stored"]

BATCH = 16
_stored: dict[str, float] = {}


def reading_key(question: str, source: str) -> str:
    """A question and its source, as stored scores name them (``use_stored``)."""
    return hashlib.sha256(f"{question}\n{source}".encode()).hexdigest()[:20]


def use_stored(path: Path | None) -> None:
    """Read scores from a file ``scripts/train_reader.py fit`` wrote instead of the shipped
    model, where it has them: the design records' out-of-fold scores, each made by the
    model of the fold that never read the record's article, so that the decision is fitted
    on scores like those it meets on new text. None goes back to the shipped model alone."""
    _stored.clear()
    if path is None:
        return
    data = np.load(path)
    _stored.update(zip(data["keys"].tolist(), data["scores"].tolist(), strict=True))


@lru_cache(maxsize=1)
def _inputs() -> Inputs:
    return Inputs(tokenizer())


class _Keys:
    """The names of a source's questions in the score caches, kept with the source (hashing
    a long source once, not at every read)."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.of: dict[str, str] = {}

    def key(self, question: str) -> str:
        found = self.of.get(question)
        if found is None:
            found = self.of[question] = reading_key(question, self.source.text)
        return found


_read: OrderedDict[str, float] = OrderedDict()
"""Scores already read, by question, source and span, across sources: a batch or a test
suite asks the same question of the same text again. Bounded: the oldest go first."""
MAX_KEPT = 100_000


def forget() -> None:
    """Drop the scores read so far (a benchmark's fresh start)."""
    _read.clear()


def read(question: str, source: Source, spans: Sequence[tuple[int, int]]) -> list[float]:
    """The probability that each span of the source answers the question."""
    key = source.cached(_Keys).key(question)
    names = [f"{key}:{start}:{end}" for start, end in spans]
    found: dict[str, float] = {}
    for name in names:
        stored = _stored.get(name, _read.get(name))
        if stored is not None and stored == stored:  # NaN: scored by no fold
            found[name] = stored
    missing = [(n, s) for n, s in dict(zip(names, spans, strict=True)).items() if n not in found]
    for first in range(0, len(missing), BATCH):
        chosen = missing[first:first + BATCH]
        scores = _score(question, source.text, [span for _, span in chosen])
        for (name, _), p in zip(chosen, scores, strict=True):
            found[name] = _read[name] = p
    while len(_read) > MAX_KEPT:
        _read.popitem(last=False)
    return [found[name] for name in names]


def _score(question: str, text: str, spans: Sequence[tuple[int, int]]) -> list[float]:
    inputs = _inputs()
    encoded = [inputs.encode(question, inputs.around(text, start, end), start, end)
               for start, end in spans]
    return [float(p) for p in probabilities(reader_weights(), encoded)]


def probabilities(weights: Mapping[str, np.ndarray], encoded: Sequence[Encoded]) -> np.ndarray:
    """The head on the encoder: [CLS] and the marked span's mean, weighed into one logit."""
    ids, types, masks = (np.array(a) for a in batch(encoded))
    span = np.array([e.span for e in encoded])
    lengths = span[:, 1] - span[:, 0] + 1
    # [CLS], then the span's positions, its last repeated where another input's is longer.
    steps = np.arange(lengths.max())[None, :]
    rows = np.concatenate([np.zeros((len(encoded), 1), dtype=np.int64),
                           span[:, :1] + np.minimum(steps, lengths[:, None] - 1)], axis=1)
    hidden = encode(weights, ids, types, masks, rows)
    marked = (steps < lengths[:, None]).astype(np.float32)
    pooled = (hidden[:, 1:] * marked[..., None]).sum(1) / lengths[:, None]
    features = np.concatenate([hidden[:, 0], pooled], axis=-1)
    logits = features @ weights[HEAD_WEIGHT].T[:, 0] + weights[HEAD_BIAS][0]
    return 1.0 / (1.0 + np.exp(-logits))
