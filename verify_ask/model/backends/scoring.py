"""Scoring continuations: how likely the model finds each of several answers to one prompt.

The prompt sits in sequence 0 of the KV cache; each continuation gets its own sequence that
shares the prompt's cells (``copy_seq`` copies no tensor data), and the continuations of one
chunk are evaluated together in a single ``llama_decode``, with a logit row at every token
but the last. A continuation's log-probability is the sum, over its tokens, of the token's
log-softmax in the row before it: the probability that sampling at temperature 1 with no
filters would have written exactly it.
"""

from __future__ import annotations

from collections.abc import Sequence

from verify_ask.model.backends.base import Score
from verify_ask.model.backends.lowlevel import Engine, Entry


def continuation_tokens(
    engine: Engine, prompt: list[int], prompt_text: str, text: str
) -> list[int]:
    """The tokens ``text`` gets when written right after the prompt.

    Tokenized together with the prompt where that leaves the prompt's tokens unchanged, so
    the continuation is split as the model would have written it; on its own otherwise.
    """
    together = engine.tokenize(prompt_text + text)
    if together[: len(prompt)] == prompt and len(together) > len(prompt):
        return together[len(prompt) :]
    return engine.tokenize(text, bos=False)


def score_continuations(
    engine: Engine,
    prompt: list[int],
    continuations: Sequence[list[int]],
    *,
    base: int,
    seqs: Sequence[int],
) -> list[Score]:
    """Score each continuation after ``prompt``, whose first len - 1 tokens ``base`` holds."""
    scores: list[Score | None] = [None] * len(continuations)
    chunk: list[int] = []
    rows = entries = 0
    for index, tokens in enumerate(continuations):
        if not tokens:
            scores[index] = Score(0.0, 0)
            continue
        need = len(tokens)  # rows: one before each continuation token
        fits = (
            rows + need <= engine.n_outputs
            and entries + need + 1 <= engine.n_batch
            and len(chunk) < len(seqs)
        )
        if chunk and not fits:
            _score_chunk(engine, prompt, continuations, chunk, scores, base, seqs)
            chunk, rows, entries = [], 0, 0
        if need > engine.n_outputs or need + 1 > engine.n_batch:
            raise ValueError(f"a continuation of {need} tokens is too long to score")
        chunk.append(index)
        rows += need
        entries += need + 1
    if chunk:
        _score_chunk(engine, prompt, continuations, chunk, scores, base, seqs)
    return [score for score in scores if score is not None]


def _score_chunk(
    engine: Engine,
    prompt: list[int],
    continuations: Sequence[list[int]],
    chunk: list[int],
    scores: list[Score | None],
    base: int,
    seqs: Sequence[int],
) -> None:
    last = len(prompt) - 1
    batch: list[Entry] = []
    for seq, index in zip(seqs, chunk, strict=False):
        engine.trim(seq, 0)
        engine.copy_seq(base, seq, last)
        tokens = [prompt[-1], *continuations[index]]
        # No row after the final token: nothing follows it to score.
        batch.extend(
            Entry(token, last + i, seq, i < len(tokens) - 1) for i, token in enumerate(tokens)
        )
    engine.decode(batch)
    entry = 0  # logits are read by batch entry: the entry before each continuation token
    for index in chunk:
        logprob = 0.0
        for token in continuations[index]:
            logprob += engine.row(entry).logprob(token)
            entry += 1
        entry += 1  # the continuation's last token asked for no row
        scores[index] = Score(logprob, len(continuations[index]))
    for seq in seqs[: len(chunk)]:
        engine.trim(seq, 0)
