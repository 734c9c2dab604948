"""A ``cb_eval`` callback that takes llama.cpp's final hidden state and stops the graph there.

llama.cpp names the RMS-normed hidden state ``result_norm``; the only node after it is the
output matrix (``result_output``), 262,144 x 640 for Gemma 3, most of a decode step. The
scheduler calls the callback with ``ask`` for every node; answering yes for
``result_norm`` makes it compute up to that node and call again with the data, and
returning False then cancels the rest of the graph split (ggml-backend.h). ``llama_decode``
still returns 0, and the KV cache is written, since every layer ran before.

Two ways the stop can fail to apply, both seen here: the node is never named (a future
graph), or the output matrix sits in a later split (a GPU or BLAS backend), which the
scheduler still runs and asks about.
"""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np

from verify_ask.model.backends.ggml_lib import libraries

HIDDEN = b"result_norm"
OUTPUT = b"result_output"


class HiddenTap:
    """Collects the hidden rows of one ``llama_decode``; ``stop`` says whether to cut there."""

    def __init__(self, width: int) -> None:
        import llama_cpp

        base, _ = libraries()
        self._name = base.ggml_get_name
        self._data = base.ggml_get_data
        self._count = base.ggml_nelements
        self.width = width
        self.stop = False
        self.rows: list[np.ndarray] = []
        self.seen = False  # result_norm was computed in the last decode
        self.output_ran = False  # the output matrix was computed after all
        self.raised: BaseException | None = None
        """What the callback raised (Ctrl-C lands here too: llama.cpp's threads spend most
        of a decode in it). ctypes would print and drop it, so it is held for
        ``raise_held`` after ``llama_decode`` returns."""
        # Kept on the instance: llama.cpp holds only the C pointer.
        self.callback: Any = llama_cpp.ggml_backend_sched_eval_callback(self._on_tensor)

    def reset(self) -> None:
        self.rows = []
        self.seen = False
        self.output_ran = False

    def hidden(self) -> np.ndarray:
        """The rows of the last decode, one per output, in batch order."""
        if not self.rows:
            return np.zeros((0, self.width), dtype=np.float32)
        return self.rows[0] if len(self.rows) == 1 else np.concatenate(self.rows)

    def raise_held(self) -> None:
        """Raise what the callback caught during the last decode, if anything."""
        raised, self.raised = self.raised, None
        if raised is not None:
            raise raised

    def _on_tensor(self, tensor: int, ask: bool, _user_data: int) -> bool:
        try:
            return self._take(tensor, ask)
        except BaseException as error:  # noqa: BLE001 - held and raised after the decode
            self.raised = self.raised or error
            return False

    def _take(self, tensor: int, ask: bool) -> bool:
        name = self._name(tensor)
        if name != HIDDEN:
            if name == OUTPUT:
                self.output_ran = True
            return False  # when asking: not needed, so the scheduler computes it in a run
        if ask:
            return True
        self.seen = True
        count = self._count(tensor)
        if count:
            data = (ctypes.c_float * count).from_address(self._data(tensor))
            self.rows.append(np.ctypeslib.as_array(data).reshape(-1, self.width).copy())
        return not self.stop
