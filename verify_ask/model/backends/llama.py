"""The sequential local backend: llama.cpp through llama-cpp-python, one model loaded per
process. ``--backend llama`` is the batched one (``batched``); this one stays as the baseline
that the benchmarks (scripts/bench_*.py) and the batched backend's tests compare it with.

Samples are sequential ``create_completion`` calls on a byte-identical prompt, so
llama.cpp keeps the evaluated prompt and each further sample costs only its own tokens.
"""

from __future__ import annotations

import atexit
import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from verify_ask import interrupts
from verify_ask.errors import InputError, ModelError
from verify_ask.model.backends.base import Completion, SampleRequest
from verify_ask.model.backends.model_file import hash_prefix, resolve_model

DEFAULT_CONTEXT = 8192

# One loaded model per (file, context size) per process: batches, evals and tests that
# create several backends share it instead of loading 250 MB again.
_LOADED: dict[tuple[str, int], Any] = {}


@atexit.register
def _close_models() -> None:
    # Close while the interpreter is whole; llama-cpp-python's __del__ at shutdown fails noisily.
    while _LOADED:
        _, llama = _LOADED.popitem()
        llama.close()


class LlamaBackend:
    name = "llama"

    def __init__(self, model: str | None = None, n_ctx: int = DEFAULT_CONTEXT) -> None:
        self.model_path: Path = resolve_model(model)
        self.n_ctx = n_ctx
        self._llama: Any = None

    def _load(self) -> Any:
        if self._llama is None:
            key = (str(self.model_path), self.n_ctx)
            if key in _LOADED:
                self._llama = _LOADED[key]
                return self._llama
            try:
                from llama_cpp import Llama
            except ImportError as error:
                raise ModelError(f"llama-cpp-python is not installed: {error}") from None
            try:
                # Loading logs through a ctypes callback, where a KeyboardInterrupt is swallowed.
                with _quiet_stderr(), interrupts.deferred():
                    self._llama = Llama(
                        model_path=str(self.model_path),
                        n_ctx=self.n_ctx,
                        n_threads=os.cpu_count() or 1,
                        # Prefix reuse across calls needs the whole sliding-window cache kept.
                        swa_full=True,
                        verbose=False,
                    )
            except Exception as error:
                raise ModelError(
                    f"model file {self.model_path} could not be loaded: {error}"
                ) from None
            _LOADED[key] = self._llama
        return self._llama

    def count_tokens(self, text: str) -> int:
        return len(self._load().tokenize(text.encode("utf-8")))

    def complete(self, prompt: str, requests: Sequence[SampleRequest]) -> list[Completion]:
        llama = self._load()
        prompt_tokens = self.count_tokens(prompt)
        longest = max((request.max_tokens for request in requests), default=0)
        if prompt_tokens + longest > self.n_ctx:
            raise InputError(
                f"the prompt ({prompt_tokens} tokens) plus up to {longest} answer tokens is more "
                f"than the model's context of {self.n_ctx} allows; shorten the source or "
                "lower --max-tokens"
            )
        completions = []
        for request in requests:
            try:
                result = llama.create_completion(
                    prompt,
                    max_tokens=request.max_tokens,
                    temperature=request.temperature,
                    top_k=40,
                    top_p=0.95,
                    seed=request.seed,
                    stop=list(request.stop),
                )
            except Exception as error:
                raise ModelError(f"generation failed on {self.model_path}: {error}") from None
            choice = result["choices"][0]
            completions.append(
                Completion(choice["text"], int(result["usage"]["completion_tokens"]))
            )
        return completions

    def describe(self) -> dict[str, object]:
        return {
            "backend": self.name,
            "model": str(self.model_path),
            "sha256": hash_prefix(self.model_path),
        }


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """llama.cpp prints its load log from C; silence fd 2 while loading, keep it otherwise."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
