"""One llama.cpp model and context driven through the low-level ctypes bindings.

The high-level ``Llama`` class decodes one sequence at a time. Here one context holds many
sequences in a unified KV cache, so a prompt evaluated once can be shared by every sample
(``copy_seq`` is metadata only) and one ``decode`` call advances all of them, asking for
logits only at the positions the caller names: with a 262,144-token vocabulary the output
layer is most of a decoding step.
"""

from __future__ import annotations

import ctypes
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from verify_ask import interrupts
from verify_ask.errors import ModelError
from verify_ask.model.backends.sampling import Row


class Entry(NamedTuple):
    """One token of a batch: its id, position, sequence, and whether its logits are wanted."""

    token: int
    pos: int
    seq: int
    logits: bool


class Engine:
    """A loaded model with a multi-sequence context; every method is a thin llama.cpp call."""

    def __init__(
        self,
        path: Path,
        *,
        n_ctx: int,
        n_seq: int,
        n_outputs: int,
        n_batch: int = 512,
        n_threads: int | None = None,
        full_vocab: bool = False,
    ) -> None:
        import llama_cpp

        from verify_ask.model.backends.hidden_tap import HiddenTap
        from verify_ask.model.backends.output_head import EmbeddingTable, HeadUnavailable

        self._lib: Any = llama_cpp
        self.path = path
        self.n_seq = n_seq
        self.n_batch = n_batch
        self.n_outputs = n_outputs
        self._model: Any = None
        self._ctx: Any = None
        self._batch: Any = None
        llama_cpp.llama_backend_init()
        model_params = llama_cpp.llama_model_default_params()
        self._model = llama_cpp.llama_model_load_from_file(str(path).encode(), model_params)
        if not self._model:
            raise ModelError(f"model file {path} could not be loaded: llama.cpp refused it")
        self._vocab = llama_cpp.llama_model_get_vocab(self._model)
        self.n_vocab = int(llama_cpp.llama_vocab_n_tokens(self._vocab))
        self.width = int(llama_cpp.llama_model_n_embd(self._model))
        self._table: EmbeddingTable | None = None
        self._tap: HiddenTap | None = None
        self._head: Any = None  # the SubsetHead of the current vocabulary
        self.head_refusal: str | None = "the full vocabulary was asked for" if full_vocab else None
        if not full_vocab:
            try:
                self._table = EmbeddingTable(path, self.n_vocab, self.width)
            except HeadUnavailable as reason:
                self.head_refusal = str(reason)
            else:
                self._tap = HiddenTap(self.width)
        # Which output row each batch entry's logits are, and the subset logits of the last
        # decode (computed on first use, for all its rows in one product).
        self._output_row: list[int] = []
        self._subset_logits: np.ndarray | None = None
        params = llama_cpp.llama_context_default_params()
        params.n_ctx = n_ctx
        params.n_batch = n_batch
        params.n_ubatch = n_batch
        params.n_seq_max = n_seq
        # The logits buffer holds n_outputs rows of n_vocab floats (1 MB each): size it to the
        # rows one step asks for, not to n_batch.
        params.n_outputs_max = n_outputs
        params.n_outputs_max_per_seq = 0  # drafts ask for several rows of one sequence
        threads = n_threads or os.cpu_count() or 1
        params.n_threads = threads
        params.n_threads_batch = threads
        params.kv_unified = True  # copies of a sequence share cells instead of duplicating them
        params.swa_full = True  # trimming and reusing a prefix needs the whole sliding window
        # With flash attention on CPU, a prompt reused after another one gave logits ~0.9 away
        # from a fresh evaluation (measured); without it they were bit-identical.
        params.flash_attn_type = llama_cpp.LLAMA_FLASH_ATTN_TYPE_DISABLED
        if self._tap is not None:
            params.cb_eval = self._tap.callback
        self._ctx = llama_cpp.llama_init_from_model(self._model, params)
        if not self._ctx:
            self.close()
            raise ModelError(f"model file {path} could not be loaded: no context was created")
        self.n_ctx = int(llama_cpp.llama_n_ctx(self._ctx))
        self._memory = llama_cpp.llama_get_memory(self._ctx)
        self._batch = llama_cpp.llama_batch_init(n_batch, 0, 1)
        self._pieces: dict[int, bytes] = {}

    def tokenize(self, text: str, bos: bool = True) -> list[int]:
        """Token ids, with BOS first as the model asks unless ``bos`` is False; special-token
        text stays plain text."""
        data = text.encode("utf-8")
        capacity = len(data) + 2
        buffer = (self._lib.llama_token * capacity)()
        count = self._lib.llama_tokenize(self._vocab, data, len(data), buffer, capacity, bos, False)
        if count < 0:
            raise ModelError(f"tokenizing the prompt failed on {self.path}")
        return list(buffer[:count])

    def piece(self, token: int) -> bytes:
        """The bytes a token stands for (cached: the same few tokens recur in every answer)."""
        cached = self._pieces.get(token)
        if cached is None:
            buffer = ctypes.create_string_buffer(64)
            length = self._lib.llama_token_to_piece(self._vocab, token, buffer, 64, 0, False)
            cached = buffer.raw[: max(length, 0)]
            self._pieces[token] = cached
        return cached

    def is_end(self, token: int) -> bool:
        return bool(self._lib.llama_vocab_is_eog(self._vocab, token))

    def end_tokens(self) -> list[int]:
        """End of sequence and of turn, separator, newline: the vocabulary's special stops."""
        lib, vocab = self._lib, self._vocab
        found = (lib.llama_vocab_eos(vocab), lib.llama_vocab_eot(vocab), lib.llama_vocab_sep(vocab))
        return [int(token) for token in (*found, lib.llama_vocab_nl(vocab)) if token >= 0]

    @property
    def subset(self) -> bool:
        """Whether logits come from the vocabulary subset (else llama.cpp's full head)."""
        return self.head_refusal is None

    def use_vocabulary(self, ids: np.ndarray | None) -> None:
        """Compute logits for these token ids only (sorted, unique) from the next decode on;
        None runs llama.cpp's full head again."""
        if self._table is None or self.head_refusal is not None:
            return
        if ids is None:
            self._head = None
            return
        from verify_ask.model.backends.output_head import SubsetHead

        if self._head is not None and np.array_equal(self._head.ids, ids):
            return
        self._head = SubsetHead(ids, self._table)

    def decode(self, entries: Sequence[Entry]) -> None:
        """Evaluate up to ``n_batch`` tokens in one call; raises ModelError when llama.cpp fails."""
        if not entries:
            return
        if len(entries) > self.n_batch:
            raise ValueError(f"{len(entries)} tokens exceed the batch of {self.n_batch}")
        batch = self._batch
        batch.n_tokens = len(entries)
        for i, (token, pos, seq, logits) in enumerate(entries):
            batch.token[i] = token
            batch.pos[i] = pos
            batch.n_seq_id[i] = 1
            batch.seq_id[i][0] = seq
            batch.logits[i] = logits
        tap = self._tap
        stopping = tap is not None and self._head is not None and self.head_refusal is None
        if tap is not None:
            tap.reset()
            tap.stop = stopping
        self._subset_logits = None
        status = self._decode(batch, holding_ctrl_c=tap is not None)
        if tap is not None:
            tap.raise_held()
        if status != 0:
            raise ModelError(f"generation failed on {self.path}: llama_decode returned {status}")
        self._output_row = []
        outputs = 0
        for entry in entries:
            self._output_row.append(outputs)
            outputs += entry.logits
        if stopping and outputs:
            self._check_stop(outputs)

    def _decode(self, batch: Any, *, holding_ctrl_c: bool) -> int:
        """``llama_decode``; with the hidden-state callback, Ctrl-C is noted during it and
        raised after: raised inside the ctypes callback, CPython would print and drop it."""
        if not holding_ctrl_c or threading.current_thread() is not threading.main_thread():
            return int(self._lib.llama_decode(self._ctx, batch))
        held = interrupts.hold()
        try:
            return int(self._lib.llama_decode(self._ctx, batch))
        finally:
            if interrupts.release(held):
                raise KeyboardInterrupt

    def _check_stop(self, outputs: int) -> None:
        """Fall back to the full head for good if the graph did not stop where it should."""
        assert self._tap is not None
        if self._tap.seen and not self._tap.output_ran:
            rows = len(self._tap.hidden())
            if rows != outputs:
                raise ModelError(
                    f"generation failed on {self.path}: {rows} hidden rows for {outputs} "
                    "outputs; rerun with --full-vocab"
                )
            return
        # llama.cpp ran its whole graph, so its own logits of this decode are valid.
        self.head_refusal = (
            "the output layer ran after result_norm (another graph split)"
            if self._tap.seen
            else "the graph has no result_norm tensor"
        )
        self._head = None

    def hidden(self) -> np.ndarray:
        """The final hidden rows of the last decode, one per output, in batch order (empty
        without the subset head's callback)."""
        return self._tap.hidden() if self._tap is not None else np.zeros((0, self.width))

    def row(self, index: int) -> Row:
        """The logit row of batch entry ``index``, over the subset or the whole vocabulary;
        valid until the next ``decode``."""
        if self._head is None:
            return Row(self.logits(index))
        if self._subset_logits is None:
            self._subset_logits = self._head.logits(self.hidden())
        return Row(self._subset_logits[self._output_row[index]], self._head.ids)

    def logits(self, index: int) -> np.ndarray:
        """llama.cpp's full logits of batch entry ``index`` as a view, valid until the next
        ``decode`` (not computed when the subset head stopped the graph)."""
        if self._head is not None:
            raise ModelError("full logits were not computed: the subset head is in use")
        pointer = self._lib.llama_get_logits_ith(self._ctx, index)
        if not pointer:
            raise ModelError(f"generation failed on {self.path}: no logits for entry {index}")
        return np.ctypeslib.as_array(pointer, shape=(self.n_vocab,))

    def copy_seq(self, source: int, target: int, end: int) -> None:
        """Let ``target`` share positions [0, end) of ``source`` (no tensor data is copied)."""
        if end > 0:
            self._lib.llama_memory_seq_cp(self._memory, source, target, 0, end)

    def trim(self, seq: int, start: int) -> None:
        """Forget positions ``start`` and later of ``seq`` (``start`` 0 frees the sequence)."""
        if not self._lib.llama_memory_seq_rm(self._memory, seq, start, -1):
            raise ModelError(f"generation failed on {self.path}: the KV cache refused a trim")

    def clear(self) -> None:
        self._lib.llama_memory_clear(self._memory, True)

    def close(self) -> None:
        if self._batch is not None:
            self._lib.llama_batch_free(self._batch)
            self._batch = None
        if self._ctx:
            self._lib.llama_free(self._ctx)
            self._ctx = None
        if self._model:
            self._lib.llama_model_free(self._model)
            self._model = None
