"""The reader's encoder, run in numpy: all-MiniLM-L6-v2 (6 layers, width 384).

Two sets of weights ship with the package, each pinned by its sha256 and checked before it
is loaded: the base model as released (float16), which embeds passages for retrieval, and
the reader, the same encoder fine-tuned as a cross-encoder (``scripts/train_reader.py``),
which shares the base model's frozen word embeddings. A forward pass is a dozen matrix
products per layer; numpy's BLAS does them, so no inference runtime is installed.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from verify_ask.errors import ModelError

if TYPE_CHECKING:
    from tokenizers import Tokenizer

CONFIG: dict[str, int | float | str] = {
    "vocab_size": 30522,
    "hidden_size": 384,
    "num_hidden_layers": 6,
    "num_attention_heads": 12,
    "intermediate_size": 1536,
    "hidden_act": "gelu_pytorch_tanh",
    "max_position_embeddings": 512,
    "type_vocab_size": 2,
    "layer_norm_eps": 1e-12,
}
WORD_EMBEDDINGS = "embeddings.word_embeddings.weight"
HEAD_WEIGHT, HEAD_BIAS = "head.weight", "head.bias"

BASE_FILE = "all-minilm-l6-v2.f16.safetensors"
READER_FILE = "reader.f16.safetensors"
TOKENIZER_FILE = "tokenizer.json"
PINNED = {
    BASE_FILE: "ef4f66adbac55a55f9d5a2d865d84a17f42e2f202b49d0235c77d3cdd5b19ce9",
    READER_FILE: "7bfa0f774770ff6a0dca019b3f1aec4aae8e1213dec02f053723ef836f5858ee",
    TOKENIZER_FILE: "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}
"""The sha256 of each shipped file: all-MiniLM-L6-v2's tokenizer as released, the base
model as ``scripts/train_reader.py base`` writes it, the reader as its ``fit`` writes it."""

_loading = threading.Lock()


def weights_dir() -> Path:
    return Path(str(resources.files("verify_ask.reader") / "weights"))


def checked(name: str, folder: Path | None = None) -> Path:
    """A shipped file's path, after its sha256 matched the pin (ModelError otherwise)."""
    path = (folder or weights_dir()) / name
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as error:
        reason = error.strerror or error
        raise ModelError(f"reader weights {path} cannot be read: {reason}") from None
    if digest != PINNED[name]:
        raise ModelError(
            f"reader weights {path} have sha256 {digest[:12]}..., not the pinned "
            f"{PINNED[name][:12]}...; refusing to load them"
        )
    return path


@lru_cache(maxsize=1)
def tokenizer() -> Tokenizer:
    from tokenizers import Tokenizer

    loaded = Tokenizer.from_file(str(checked(TOKENIZER_FILE)))
    # The file as released pads and cuts every text to 128 tokens; a source is tokenized
    # whole, and inputs are cut and padded here.
    loaded.no_padding()
    loaded.no_truncation()
    return loaded


def _load(name: str) -> dict[str, np.ndarray]:
    from safetensors.numpy import load_file

    return {k: v.astype(np.float32) for k, v in load_file(str(checked(name))).items()}


@lru_cache(maxsize=1)
def base_weights() -> Mapping[str, np.ndarray]:
    with _loading:
        return _load(BASE_FILE)


@lru_cache(maxsize=1)
def reader_weights() -> Mapping[str, np.ndarray]:
    with _loading:
        own = _load(READER_FILE)
    return {**own, WORD_EMBEDDINGS: base_weights()[WORD_EMBEDDINGS]}


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    centred = x - mean
    variance = (centred * centred).mean(-1, keepdims=True)
    return centred / np.sqrt(variance + float(CONFIG["layer_norm_eps"])) * weight + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    """GELU in its tanh form, in place: twenty times faster in numpy than through erf. The
    reader is trained with the same form (``gelu_pytorch_tanh``); for the base model it
    differs from the exact GELU by under 5e-4."""
    y = x * x
    y *= 0.044715 * x
    y += x
    y *= np.float32(0.7978845608028654)  # sqrt(2 / pi)
    np.tanh(y, out=y)
    y += 1.0
    y *= x
    y *= 0.5
    return y


def encode(weights: Mapping[str, np.ndarray], ids: np.ndarray, types: np.ndarray,
           mask: np.ndarray, rows: np.ndarray | None = None) -> np.ndarray:
    """The last layer's states, (batch, length, 384), for padded ids with their mask; with
    ``rows`` (batch, n positions), only the states at those positions, (batch, n, 384).

    A head that reads a few positions needs no more of the last layer: its keys and values
    come from every position, but its queries and feed-forward only from those read, which
    spares about a sixth of the work."""
    w = weights
    length = ids.shape[1]
    x = (w[WORD_EMBEDDINGS][ids] + w["embeddings.position_embeddings.weight"][:length][None]
         + w["embeddings.token_type_embeddings.weight"][types])
    x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    blocked = np.where(mask[:, None, None, :] > 0, 0.0, -1e9).astype(np.float32)
    layers = int(CONFIG["num_hidden_layers"])
    for n in range(layers):
        read = rows if n == layers - 1 else None
        x = _layer(w, f"encoder.layer.{n}.", x, blocked, read)
    return x


def _layer(w: Mapping[str, np.ndarray], p: str, x: np.ndarray, blocked: np.ndarray,
           rows: np.ndarray | None) -> np.ndarray:
    """One encoder layer; its output only at ``rows`` where given."""
    batch, length, width = x.shape
    heads = int(CONFIG["num_attention_heads"])
    size = width // heads

    def project(name: str, states: np.ndarray) -> np.ndarray:
        count = states.shape[1]
        y = (states.reshape(-1, width) @ w[f"{p}attention.self.{name}.weight"].T
             + w[f"{p}attention.self.{name}.bias"])
        # Contiguous heads: numpy hands stacked products to BLAS only then.
        return np.ascontiguousarray(y.reshape(batch, count, heads, size).transpose(0, 2, 1, 3))

    kept = x if rows is None else x[np.arange(batch)[:, None], rows]
    count = kept.shape[1]
    q, k, v = project("query", kept), project("key", x), project("value", x)
    scores = q @ np.ascontiguousarray(k.transpose(0, 1, 3, 2))
    scores *= np.float32(1.0 / np.sqrt(size))
    scores += blocked
    scores -= scores.max(-1, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(-1, keepdims=True)
    context = (scores @ v).transpose(0, 2, 1, 3).reshape(-1, width)
    out = context @ w[f"{p}attention.output.dense.weight"].T + w[f"{p}attention.output.dense.bias"]
    x = _layer_norm(out.reshape(batch, count, width) + kept,
                    w[f"{p}attention.output.LayerNorm.weight"],
                    w[f"{p}attention.output.LayerNorm.bias"])
    inner = _gelu(x.reshape(-1, width) @ w[f"{p}intermediate.dense.weight"].T
                  + w[f"{p}intermediate.dense.bias"])
    out = inner @ w[f"{p}output.dense.weight"].T + w[f"{p}output.dense.bias"]
    return _layer_norm(out.reshape(batch, count, width) + x, w[f"{p}output.LayerNorm.weight"],
                       w[f"{p}output.LayerNorm.bias"])
