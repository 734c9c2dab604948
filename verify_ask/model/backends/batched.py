"""The default local backend: all samples of a prompt decoded together in one llama.cpp context.

The prompt is evaluated once and stays in the KV cache (sequence 0), so the next prompt only
evaluates what differs: questions about one source share everything up to the question.
Samples then advance together, one logit row per distinct history, with prompt-lookup drafts
verified in the same batch (``decoding`` explains why the samples keep their distribution).

Logits cover the prompt's answer vocabulary only (``vocabulary``), computed from the final
hidden state without llama.cpp's output layer (``lowlevel``); ``full_vocab`` keeps the full
head. Drafts, samples and scores all read the same head.

Drafting is on by default (``defaults.DRAFT``): drafts end where an answer ends and only a
lone history drafts, which brings a lone greedy answer's decode to 0.70-0.79x on copied
answers and 0.79-0.93x on the others (``scripts/bench_sampler.py --only c``), and leaves
greedy + 10 samples, the default question, at 0.99-1.02x. llama.cpp's numbers move with the
batch's shape (``scripts/batch_numerics.py``), so a drafted answer can differ from an
undrafted one where two tokens are nearly tied: 1 greedy answer of 300 eval questions, 42 of
3,000 samples, 1 verified answer.
"""

from __future__ import annotations

import atexit
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from verify_ask import defaults, interrupts
from verify_ask.errors import InputError, ModelError, UsageError, VerifyAskError
from verify_ask.model.backends.base import Completion, SampleRequest, Score
from verify_ask.model.backends.decoding import DecodeStats, Track, decode_sequential, decode_shared
from verify_ask.model.backends.drafting import MAX_LENGTH, Drafter, ModelDrafter, PromptLookup
from verify_ask.model.backends.lowlevel import Engine, Entry
from verify_ask.model.backends.model_file import hash_prefix, resolve_model
from verify_ask.model.backends.sampling import Row
from verify_ask.model.backends.scoring import continuation_tokens, score_continuations
from verify_ask.model.backends.vocabulary import answer_vocabulary

DEFAULT_CONTEXT = 8192
# Sequence 0 keeps the prompt; the others hold histories. More requests than that run in
# chunks (each sample's output depends only on its own seed, so chunking changes nothing).
SEQUENCES = 32
BASE = 0
# Logit rows one step may spend on drafts plus histories (see decoding._plan_drafts).
ROW_BUDGET = 12
# Logit rows one decode may return (1 MB each): scoring reads a row at every answer token.
OUTPUT_ROWS = 64
# KV cells beyond the context for the branches' own tokens and drafts.
HEADROOM = 1024


class _Loaded:
    """An engine and the prompt tokens its sequence 0 holds, shared by backends of one model."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.cached: list[int] = []
        self.lock = threading.Lock()

    def forget(self) -> None:
        """Empty the cache: after a failed or interrupted decode its state is unknown."""
        self.engine.clear()
        self.cached = []


_LOADED: dict[tuple[str, int, str], _Loaded] = {}


@atexit.register
def _close_engines() -> None:
    while _LOADED:
        _, loaded = _LOADED.popitem()
        loaded.engine.close()


class BatchedBackend:
    name = "llama"

    def __init__(
        self,
        model: str | None = None,
        n_ctx: int = DEFAULT_CONTEXT,
        draft: bool = defaults.DRAFT,
        draft_model: str | None = None,
        full_vocab: bool = False,
    ) -> None:
        # A draft model drafts; without one, drafting looks the answer up in the prompt. A
        # missing draft file is reported before the default model is assembled.
        self.draft_path: Path | None = resolve_model(draft_model) if draft_model else None
        self.model_path: Path = resolve_model(model)
        self.n_ctx = n_ctx
        self.draft = draft or self.draft_path is not None
        self.full_vocab = full_vocab
        self.last_stats = DecodeStats()
        self._loaded: _Loaded | None = None

    def _load(self) -> _Loaded:
        if self._loaded is None:
            self._loaded = self._shared(self.model_path, "full" if self.full_vocab else "target")
        return self._loaded

    def _shared(self, path: Path, role: str) -> _Loaded:
        # A draft model gets its own context even when it is the target's file; so does
        # the full head, whose graph is not stopped.
        key = (str(path), self.n_ctx, role)
        if key not in _LOADED:
            _LOADED[key] = _Loaded(self._new_engine(path, full_vocab=role != "target"))
        return _LOADED[key]

    def _new_engine(self, path: Path, full_vocab: bool) -> Engine:
        # The same guards as the sequential backend: quiet load log, Ctrl-C raised afterwards.
        from verify_ask.model.backends.llama import _quiet_stderr

        try:
            import llama_cpp._logger as llama_logger
        except ImportError as error:
            raise ModelError(f"llama-cpp-python is not installed: {error}") from None
        llama_logger.set_verbose(False)
        try:
            with _quiet_stderr(), interrupts.deferred():
                return Engine(
                    path,
                    n_ctx=self.n_ctx + HEADROOM,
                    n_seq=SEQUENCES,
                    n_outputs=max(SEQUENCES, ROW_BUDGET, OUTPUT_ROWS),
                    full_vocab=full_vocab,
                )
        except ModelError:
            raise
        except Exception as error:
            raise ModelError(f"model file {path} could not be loaded: {error}") from None

    def count_tokens(self, text: str) -> int:
        return len(self._load().engine.tokenize(text))

    def complete(self, prompt: str, requests: Sequence[SampleRequest]) -> list[Completion]:
        return self._run(prompt, requests, sequential=False)

    def score(self, prompt: str, continuations: Sequence[str]) -> list[Score]:
        """The log-probability of each continuation written right after ``prompt``."""
        loaded = self._load()
        engine = loaded.engine
        tokens = engine.tokenize(prompt)
        pieces = [continuation_tokens(engine, tokens, prompt, text) for text in continuations]
        self._check_fits(tokens, max(map(len, pieces), default=0), "shorten the source")
        # The answers' own tokens join the subset: normalized over it, an answer's share
        # among its rivals moved by 0.001 at most on the example article (measured).
        extra = [token for piece in pieces for token in piece]
        with loaded.lock, self._guarded(loaded):
            engine.use_vocabulary(answer_vocabulary(engine, tokens, extra=extra))
            _prefill(loaded, tokens)
            return score_continuations(engine, tokens, pieces, base=BASE, seqs=range(1, SEQUENCES))

    def reference(self, prompt: str, requests: Sequence[SampleRequest]) -> list[Completion]:
        """The same completions decoded one request at a time, one token per step (for tests)."""
        return self._run(prompt, requests, sequential=True)

    def trace(
        self, prompt: str, requests: Sequence[SampleRequest]
    ) -> tuple[list[Completion], dict[tuple[int, ...], Row]]:
        """``complete`` plus every logit row it computed, keyed by history (for tests)."""
        rows: dict[tuple[int, ...], Row] = {}
        return self._run(prompt, requests, sequential=False, record=rows), rows

    def forget(self) -> None:
        """Drop the cached prompt, so the next call evaluates it from scratch (benchmarks)."""
        loaded = self._load()
        with loaded.lock:
            loaded.forget()

    @property
    def engine(self) -> Engine:
        return self._load().engine

    def describe(self) -> dict[str, object]:
        described: dict[str, object] = {
            "backend": self.name,
            "model": str(self.model_path),
            "sha256": hash_prefix(self.model_path),
        }
        if self._loaded is not None:
            refusal = self._loaded.engine.head_refusal
            described["head"] = "subset" if refusal is None else f"full ({refusal})"
        # Drafting moves llama.cpp's numbers (docs/speed.md): a record says which was used.
        described["draft"] = (
            "model" if self.draft_path is not None else "source" if self.draft else "off"
        )
        if self.draft_path is not None:
            described["draft_model"] = str(self.draft_path)
        return described

    def _run(
        self,
        prompt: str,
        requests: Sequence[SampleRequest],
        *,
        sequential: bool,
        record: dict[tuple[int, ...], Row] | None = None,
    ) -> list[Completion]:
        loaded = self._load()
        engine = loaded.engine
        tokens = engine.tokenize(prompt)
        longest = max((request.max_tokens for request in requests), default=0)
        self._check_fits(tokens, longest, "shorten the source or lower --max-tokens")
        if not requests:
            return []
        stats = DecodeStats()
        # max_tokens <= 0 means "up to the context", as in create_completion.
        tracks = [
            Track.start(r, r.max_tokens if r.max_tokens > 0 else self.n_ctx - len(tokens))
            for r in requests
        ]
        stops = {stop for request in requests for stop in request.stop}
        with loaded.lock, self._guarded(loaded):
            started = time.perf_counter()
            engine.use_vocabulary(answer_vocabulary(engine, tokens, stops=stops))
            stats.prefill_tokens = _prefill(loaded, tokens)
            prefilled = time.perf_counter()
            if sequential:
                decode_sequential(engine, tokens, tracks, base=BASE, seq=1, stats=stats)
            else:
                self._decode_chunks(engine, prompt, tokens, tracks, stats, record)
            stats.prefill_s = prefilled - started
            stats.decode_s = time.perf_counter() - prefilled
            stats.head = "subset" if engine.subset else "full"
        self.last_stats = stats
        return [track.completion() for track in tracks]

    def _check_fits(self, prompt: list[int], answer_tokens: int, remedy: str) -> None:
        if len(prompt) + answer_tokens > self.n_ctx:
            raise InputError(
                f"the prompt ({len(prompt)} tokens) plus up to {answer_tokens} answer tokens is "
                f"more than the model's context of {self.n_ctx} allows; {remedy}"
            )

    @contextmanager
    def _guarded(self, loaded: _Loaded) -> Iterator[None]:
        """Forget the cache when a decode fails or is interrupted: its state is unknown."""
        try:
            yield
        except BaseException as error:
            loaded.forget()
            if isinstance(error, (VerifyAskError, KeyboardInterrupt)) or not isinstance(
                error, Exception
            ):
                raise
            raise ModelError(f"generation failed on {self.model_path}: {error}") from None

    def _decode_chunks(
        self,
        engine: Engine,
        prompt: str,
        tokens: list[int],
        tracks: list[Track],
        stats: DecodeStats,
        record: dict[tuple[int, ...], Row] | None,
    ) -> None:
        # Worst case every request forks at once and drafts fully: keep that within the cache.
        per_track = max(track.limit for track in tracks) + MAX_LENGTH + 1
        room = max(1, (engine.n_ctx - len(tokens)) // per_track)
        size = max(1, min(SEQUENCES - 1, room))
        seqs = list(range(1, SEQUENCES))
        with self._drafting(prompt, tokens) as lookup:
            for start in range(0, len(tracks), size):
                decode_shared(
                    engine,
                    tokens,
                    tracks[start : start + size],
                    base=BASE,
                    seqs=seqs[:size],
                    lookup=lookup,
                    row_budget=ROW_BUDGET,
                    stats=stats,
                    record=record,
                )

    @contextmanager
    def _drafting(self, prompt: str, tokens: list[int]) -> Iterator[Drafter | None]:
        """The drafter for this prompt, if drafting: prompt lookup, or the draft model."""
        if not self.draft:
            yield None
            return
        if self.draft_path is None:
            yield PromptLookup(tokens, self._load().engine.piece)
            return
        drafting = self._shared(self.draft_path, role="draft")
        engine = drafting.engine
        # Drafts are token ids: they mean the same only if both models split text alike.
        if engine.n_vocab != self._load().engine.n_vocab or engine.tokenize(prompt) != tokens:
            raise UsageError(
                f"--draft-model {self.draft_path} does not share the vocabulary of "
                f"{self.model_path}; give a draft model of the same family"
            )
        with drafting.lock:
            try:
                _prefill(drafting, tokens)
                yield ModelDrafter(engine, tokens)
            except BaseException:
                drafting.forget()  # the target's guard reports the error
                raise


def _prefill(loaded: _Loaded, tokens: list[int]) -> int:
    """Make sequence 0 hold tokens[:-1], evaluating only what the cache lacks; returns that."""
    engine = loaded.engine
    target = tokens[:-1]
    common = 0
    for cached, wanted in zip(loaded.cached, target, strict=False):
        if cached != wanted:
            break
        common += 1
    engine.trim(BASE, common)
    loaded.cached = target[:common]
    for start in range(common, len(target), engine.n_batch):
        chunk = target[start : start + engine.n_batch]
        engine.decode([Entry(token, start + i, BASE, False) for i, token in enumerate(chunk)])
        loaded.cached = target[: start + len(chunk)]
    return len(target) - common
