"""The token filters of the batched sampler: llama-cpp-python's defaults, in llama.cpp's order."""

from __future__ import annotations

import math

import numpy as np

from verify_ask.model.backends.sampling import draw, filter_candidates, new_stream


def logits_for(probabilities: list[float], vocabulary: int = 100) -> np.ndarray:
    """A logit row whose first tokens have these probabilities (the rest share nothing)."""
    row = np.full(vocabulary, -1e9, dtype=np.float32)
    row[: len(probabilities)] = [math.log(p) for p in probabilities]
    return row


def test_min_p_drops_tokens_under_a_twentieth_of_the_likeliest() -> None:
    # Top-p 0.95 alone keeps three tokens (0.9 + 0.04 + 0.03); 0.04 < 0.05 * 0.9 drops two.
    row = logits_for([0.9, 0.04, 0.03, 0.03])
    assert filter_candidates(row, min_p=0.0).ids.tolist() == [0, 1, 2]
    assert filter_candidates(row).ids.tolist() == [0]
    mixed = filter_candidates(logits_for([0.5, 0.3, 0.1, 0.06, 0.02, 0.02]))
    assert mixed.ids.tolist() == [0, 1, 2, 3]  # 0.06 >= 0.025 stays


def test_top_k_and_the_likeliest_token_always_survive() -> None:
    flat = filter_candidates(logits_for([0.01] * 100), top_k=40, top_p=1.0)
    assert len(flat.ids) == 40
    sharp = filter_candidates(logits_for([0.999, 0.001]))
    assert sharp.ids.tolist() == [0]


def test_draws_follow_the_tempered_filtered_distribution() -> None:
    candidates = filter_candidates(logits_for([0.6, 0.3, 0.1]))
    stream = new_stream(7)
    counts = np.bincount([draw(candidates, 1.0, stream) for _ in range(20_000)], minlength=3)
    assert np.allclose(counts / counts.sum(), [0.6, 0.3, 0.1], atol=0.015)
    cooled = np.array([0.6, 0.3, 0.1]) ** (1 / 0.5)
    counts = np.bincount([draw(candidates, 0.5, stream) for _ in range(20_000)], minlength=3)
    assert np.allclose(counts / counts.sum(), cooled / cooled.sum(), atol=0.015)
