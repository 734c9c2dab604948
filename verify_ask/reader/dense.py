"""Dense embeddings for retrieval: all-MiniLM-L6-v2 as released, mean-pooled and normalized,
as sentence-transformers runs it. A question and a passage that say the same thing in other
words ("capital expenditure", "purchases of property, plant and equipment") land near each
other, where BM25 sees no shared word."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from verify_ask.reader.model import BASE_FILE, PINNED, base_weights, encode, tokenizer

MAX_TOKENS = 256
"""all-MiniLM-L6-v2's own limit (its sentence-transformers configuration)."""
BATCH = 16
CACHE_BYTES = 512 * 2**20
"""Passage vectors kept: a 100-page filing's take about 0.7 MB."""


def embed(texts: Sequence[str]) -> np.ndarray:
    """One unit vector (float32, 384 wide) a text; texts past ``MAX_TOKENS`` are cut."""
    if not texts:
        return np.zeros((0, 384), np.float32)
    tok = tokenizer()
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    rows = [[cls, *tok.encode(t, add_special_tokens=False).ids[: MAX_TOKENS - 2], sep]
            for t in texts]
    order = sorted(range(len(rows)), key=lambda i: len(rows[i]))  # little padding a batch
    vectors = np.zeros((len(rows), 384), np.float32)
    for first in range(0, len(order), BATCH):
        chosen = order[first:first + BATCH]
        width = max(len(rows[i]) for i in chosen)
        ids = np.array([rows[i] + [0] * (width - len(rows[i])) for i in chosen])
        mask = np.array([[1] * len(rows[i]) + [0] * (width - len(rows[i])) for i in chosen])
        hidden = encode(base_weights(), ids, np.zeros_like(ids), mask)
        pooled = (hidden * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        vectors[chosen] = pooled / np.linalg.norm(pooled, axis=1, keepdims=True)
    return vectors


def embed_cached(texts: Sequence[str]) -> np.ndarray:
    """``embed(texts)``, kept under the cache dir by the texts' sha256: a long document's
    passages are embedded on its first question only (under a minute for a 100-page filing,
    a few milliseconds after). The cache only saves time: an entry that cannot be read or
    written is made again or skipped."""
    from verify_ask.cache import cache_dir
    from verify_ask.text.formats.cache import evict

    digest = hashlib.sha256(PINNED[BASE_FILE].encode())
    for text in texts:
        digest.update(hashlib.sha256(text.encode()).digest())
    folder = cache_dir() / "vectors"
    entry = folder / f"{digest.hexdigest()}.npy"
    with contextlib.suppress(OSError, ValueError):
        found = np.load(entry, allow_pickle=False)
        if found.shape == (len(texts), 384) and found.dtype == np.float32:
            os.utime(entry)
            return found
    vectors = embed(texts)
    with contextlib.suppress(OSError):
        _store(folder, entry, vectors)
        evict(folder, CACHE_BYTES, "*.npy")
    return vectors


def _store(folder: Path, entry: Path, vectors: np.ndarray) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".writing-", suffix=".npy")
    try:
        with os.fdopen(handle, "wb") as out:
            np.save(out, vectors, allow_pickle=False)
        os.replace(temporary, entry)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
