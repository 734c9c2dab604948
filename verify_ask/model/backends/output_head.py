"""Logits for a vocabulary subset: hidden rows times the output matrix's rows for those tokens.

Gemma 3 ties its output matrix to the token embedding (``token_embd.weight``, Q8_0 in the
default GGUF), so the logit of token t is the final hidden row dotted with row t of that
table. Only the subset's rows are read from the memory-mapped file and dequantized (a few
thousand of 262,144: megabytes, not the 670 MB of the whole table in float32).

ggml multiplies a Q8_0 matrix by first quantizing the activations to Q8_0 as well (blocks of
32, one fp16 scale each). Doing the same here turns a max |diff| of 0.31 against llama.cpp's
own logits (measured, plain float product) into float rounding only.

The subset cannot stand in for the full head everywhere: a final soft-capping or logit scale,
an untied output matrix, or an architecture not checked here; ``refusal`` names the reason.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from verify_ask.model.backends.ggml_lib import GgufFile, other_devices

TABLE = "token_embd.weight"
# Architectures whose logits are exactly result_norm times the tied embedding (checked
# against llama.cpp's own logits); others keep the full head.
CHECKED_ARCHITECTURES = frozenset({"gemma3"})
Q8_0_BLOCK = 32


class HeadUnavailable(Exception):
    """The subset head would not reproduce llama.cpp's logits for this model or build."""


class EmbeddingTable:
    """The model's tied output matrix, row by row, straight from the GGUF file."""

    def __init__(self, path: Path, n_vocab: int, width: int) -> None:
        from gguf import GGML_QUANT_SIZES, GGMLQuantizationType

        with GgufFile(path) as gguf:
            reason = refusal(gguf)
            placement = gguf.tensor(TABLE)
        if reason is None and placement is None:
            reason = f"the model has no {TABLE}"
        if reason is None:
            devices = other_devices()
            if devices:
                reason = f"the output layer may run on {', '.join(devices)}"
        if reason is not None:
            raise HeadUnavailable(reason)
        assert placement is not None
        offset, kind, size = placement
        try:
            self.kind = GGMLQuantizationType(kind)
            block, block_bytes = GGML_QUANT_SIZES[self.kind]
        except (ValueError, KeyError):
            raise HeadUnavailable(f"{TABLE} has a ggml type ({kind}) gguf cannot read") from None
        row_bytes = width // block * block_bytes
        if width % block or row_bytes * n_vocab != size:
            raise HeadUnavailable(f"{TABLE} is not {n_vocab} rows of {width}")
        self.width = width
        self.path = path
        self._offset = offset
        self._row_bytes = row_bytes

    def rows(self, ids: np.ndarray) -> np.ndarray:
        """Rows ``ids`` of the table in float32, shape (len(ids), width)."""
        from gguf import dequantize

        # Read, not memory-mapped: a page fault maps 16 neighbouring pages of the file too,
        # and a thousand scattered rows then added 68 MB to the resident set (measured).
        raw = np.empty((len(ids), self._row_bytes), dtype=np.uint8)
        with self.path.open("rb", buffering=0) as handle:
            descriptor = handle.fileno()
            for index, token in enumerate(ids):
                start = self._offset + int(token) * self._row_bytes
                raw[index] = np.frombuffer(os.pread(descriptor, self._row_bytes, start), np.uint8)
        return dequantize(raw, self.kind).reshape(len(ids), self.width).astype(np.float32)

    def quantizes_activations(self) -> bool:
        from gguf import GGMLQuantizationType

        return self.kind == GGMLQuantizationType.Q8_0


def refusal(gguf: GgufFile) -> str | None:
    """Why logits are not result_norm times the token embedding for this file, or None."""
    arch = gguf.string("general.architecture") or "unknown"
    if arch not in CHECKED_ARCHITECTURES:
        return f"architecture {arch} is not one the subset head was checked on"
    softcap = gguf.number(f"{arch}.final_logit_softcapping")
    if softcap:
        return f"the model soft-caps its logits ({softcap})"
    if gguf.has_key(f"{arch}.logit_scale"):
        return "the model scales its logits"
    if gguf.tensor("output.weight") is not None:
        return "the model's output matrix is not its token embedding"
    return None


class SubsetHead:
    """The output layer restricted to ``ids`` (sorted token ids)."""

    def __init__(self, ids: np.ndarray, table: EmbeddingTable) -> None:
        self.ids = ids
        # Contiguous (width, n) so one product serves every row of a decode.
        self._weights = np.ascontiguousarray(table.rows(ids).T)
        self._quantize = table.quantizes_activations()

    def logits(self, hidden: np.ndarray) -> np.ndarray:
        """(rows, len(ids)) logits for hidden rows of shape (rows, width)."""
        if self._quantize:
            hidden = q8_0_round_trip(hidden)
        # llama.cpp's threads own every core: BLAS threads of its own only wait for them
        # (measured: 8 ms for one row with them, 0.09 ms without).
        with _blas().limit(limits=1, user_api="blas"):
            return hidden @ self._weights


@cache
def _blas() -> Any:
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def q8_0_round_trip(rows: np.ndarray) -> np.ndarray:
    """The values ggml's AVX2 ``quantize_row_q8_0`` keeps: int8 times an fp16 block scale."""
    blocks = rows.reshape(len(rows), -1, Q8_0_BLOCK).astype(np.float32)
    amax = np.abs(blocks).max(axis=2, keepdims=True)
    scale = (amax / np.float32(127)).astype(np.float16).astype(np.float32)
    inverse = np.divide(
        np.float32(127), amax, out=np.zeros_like(amax), where=amax > 0
    )  # ggml multiplies by 127 / amax, not by 1 / the fp16 scale
    return (np.rint(blocks * inverse) * scale).reshape(rows.shape)
