"""Choosing the next token from one row of logits: greedy, or top-k, top-p, min-p, temperature.

Each sample owns one ``numpy.random.Generator(PCG64(seed))`` and draws exactly one uniform
number per token it samples, so a sample's tokens are a function of its seed and of the logit
rows it is shown, whoever else reads those rows. That is what lets samples with the same
history share one row (see ``decoding``).

The filters run in llama.cpp's default order with llama-cpp-python's defaults (top-k 40,
then top-p 0.95 and min-p 0.05 on the untempered distribution, then temperature), so the
distribution is the one ``create_completion`` samples. Min-p drops tokens under 5% of the
likeliest one's probability: the tail where a 270M model's samples wander off.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TOP_K = 40
TOP_P = 0.95
MIN_P = 0.05


def new_stream(seed: int) -> np.random.Generator:
    # Masked to 64 bits: a negative --seed is legal on the command line.
    return np.random.Generator(np.random.PCG64(seed & 0xFFFFFFFFFFFFFFFF))


@dataclass(frozen=True)
class Candidates:
    """The tokens that survive top-k and top-p, most likely first, with their logits."""

    ids: np.ndarray
    logits: np.ndarray


class Row:
    """One logit row with the greedy choice and the filtered candidates computed on demand.

    Several samples read the same row; the argpartition over the vocabulary runs once.
    ``ids`` (sorted) are the token ids of a vocabulary subset's logits; None for the whole
    vocabulary. Sorted ids keep ties broken by token id, as over the whole vocabulary.
    """

    def __init__(self, logits: np.ndarray, ids: np.ndarray | None = None) -> None:
        self._logits = logits
        self._ids = ids
        self._best: int | None = None
        self._candidates: Candidates | None = None

    @property
    def logits(self) -> np.ndarray:
        """The logits, over ``ids`` for a subset (a view: valid until the next decode)."""
        return self._logits

    def copy(self) -> Row:
        """A row that stays valid after the next decode."""
        return Row(self._logits.copy(), self._ids)

    def best(self) -> int:
        if self._best is None:
            # First index among equal maxima, as llama.cpp's greedy sampler picks.
            self._best = self._token(int(np.argmax(self._logits)))
        return self._best

    def candidates(self) -> Candidates:
        if self._candidates is None:
            found = filter_candidates(self._logits)
            if self._ids is not None:
                found = Candidates(self._ids[found.ids], found.logits)
            self._candidates = found
        return self._candidates

    def logprob(self, token: int) -> float:
        """log-softmax of ``token`` (-inf outside the subset)."""
        index = token
        if self._ids is not None:
            index = int(np.searchsorted(self._ids, token))
            if index >= len(self._ids) or self._ids[index] != token:
                return float("-inf")
        values = self._logits.astype(np.float64)
        top = values.max()
        return float(values[index] - top - np.log(np.exp(values - top).sum()))

    def _token(self, index: int) -> int:
        return index if self._ids is None else int(self._ids[index])

    def choose(self, temperature: float, stream: np.random.Generator | None) -> int:
        if temperature <= 0.0 or stream is None:
            return self.best()
        return draw(self.candidates(), temperature, stream)


def filter_candidates(
    logits: np.ndarray, top_k: int = TOP_K, top_p: float = TOP_P, min_p: float = MIN_P
) -> Candidates:
    k = min(top_k, logits.size)
    top = np.argpartition(logits, -k)[-k:]
    values = logits[top].astype(np.float64)
    # Highest first, ties broken by token id so the order never depends on argpartition.
    order = np.lexsort((top, -values))
    top, values = top[order], values[order]
    probs = np.exp(values - values[0])
    probs /= probs.sum()
    keep = min(int(np.searchsorted(np.cumsum(probs), top_p)) + 1, k)
    if min_p > 0.0:
        # probs[0] is the largest, and both filters keep at least one token.
        keep = max(1, min(keep, int(np.count_nonzero(probs >= min_p * probs[0]))))
    return Candidates(top[:keep].copy(), values[:keep])


def draw(candidates: Candidates, temperature: float, stream: np.random.Generator) -> int:
    """One token from the tempered candidates, consuming exactly one uniform of ``stream``."""
    scaled = candidates.logits / temperature
    weights = np.cumsum(np.exp(scaled - scaled[0]))
    target = stream.random() * weights[-1]
    index = min(int(np.searchsorted(weights, target, side="right")), weights.size - 1)
    return int(candidates.ids[index])
