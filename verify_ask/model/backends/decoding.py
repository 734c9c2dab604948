"""Decoding all samples of one prompt together, one logit row per distinct history.

Why the samples stay distributed exactly as independent samples: a sample's next token is a
function of two things only, the logit row of its history (prompt plus the tokens it has
produced) and the next uniform number of its own random stream (``sampling``). The logit
row depends on nothing but the history, so samples whose histories are equal would compute
the same row; computing it once and letting each of them draw from it with its own stream
gives every sample the tokens it would have produced alone, draw for draw. Samples never
share random numbers, so they stay independent; they only share arithmetic. A history is
forked into its own KV sequence when its members draw different tokens.

Speculative drafting keeps this property. A history proposes draft tokens (``drafting``);
the batch computes the rows after each of them. Each member walks along the draft: it draws
its token at position j from the row of (history + draft[:j]), which is its true next-token
distribution as long as every earlier draft token equalled its own draw, and stops at the
first draw that differs from the draft (that draw is its next token) or when the rows run
out. It consumes the same uniforms in the same order as plain decoding, so its output is
identical to plain decoding (at temperature 0: draft token == argmax, i.e. plain greedy).
Rows past a member's first mismatch are never read, and the KV cells of rejected drafts are
trimmed.

``decode_alone`` is the plain reference: one sample, one token per step, the same sampling
code, reading rows from any source: a real one-token decode (``decode_sequential``), or the
rows ``decode_shared`` recorded. llama.cpp's CPU kernels round differently with the shape
of a batch (measured: top logits 0.1-0.27 apart between a one-token and a two-token batch),
so only the second comparison tests this module rather than the kernels.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from verify_ask.model.backends.base import Completion, SampleRequest
from verify_ask.model.backends.drafting import Drafter, DraftLength
from verify_ask.model.backends.lowlevel import Engine, Entry
from verify_ask.model.backends.sampling import Row, new_stream


@dataclass
class Track:
    """One request's output so far, and whether a stop string, EOG or the limit ended it."""

    request: SampleRequest
    limit: int
    stream: np.random.Generator | None = None
    tokens: list[int] = field(default_factory=list)
    text: bytearray = field(default_factory=bytearray)
    stop_at: int | None = None
    done: bool = False

    @classmethod
    def start(cls, request: SampleRequest, limit: int) -> Track:
        stream = new_stream(request.seed) if request.temperature > 0 else None
        return cls(request, limit, stream)

    def push(self, token: int, engine: Engine) -> None:
        if engine.is_end(token):
            self.done = True
            return
        self.tokens.append(token)
        start = len(self.text)
        self.text += engine.piece(token)
        for stop in self.request.stop:
            needle = stop.encode("utf-8")
            if not needle:
                continue
            # Only occurrences that end in the new piece are new.
            at = self.text.find(needle, max(0, start - len(needle) + 1))
            if at >= 0 and (self.stop_at is None or at < self.stop_at):
                self.stop_at = at
        if self.stop_at is not None or len(self.tokens) >= self.limit:
            self.done = True

    def completion(self) -> Completion:
        data = bytes(self.text if self.stop_at is None else self.text[: self.stop_at])
        return Completion(data.decode("utf-8", errors="ignore"), len(self.tokens))


@dataclass
class DecodeStats:
    """What decoding cost: logit rows and distinct histories per step, drafts proposed/kept,
    seconds spent evaluating the prompt and decoding the answers."""

    prefill_tokens: int = 0
    rows: list[int] = field(default_factory=list)
    histories: list[int] = field(default_factory=list)
    drafted: int = 0
    accepted: int = 0
    prefill_s: float = 0.0
    decode_s: float = 0.0
    head: str = "full"

    def summary(self) -> dict[str, object]:
        return {
            "head": self.head,
            "prefill_s": round(self.prefill_s, 4),
            "decode_s": round(self.decode_s, 4),
            "prefill_tokens": self.prefill_tokens,
            "steps": len(self.rows),
            "rows": sum(self.rows),
            "rows_per_step": self.rows,
            "histories_per_step": self.histories,
            "drafted": self.drafted,
            "accepted": self.accepted,
        }


@dataclass
class _Branch:
    seq: int
    members: list[Track]
    last: int  # newest token of the history, not yet in the KV cache
    pos: int  # its position
    draft: DraftLength


def decode_shared(
    engine: Engine,
    prompt: Sequence[int],
    tracks: Sequence[Track],
    *,
    base: int,
    seqs: Sequence[int],
    lookup: Drafter | None,
    row_budget: int,
    stats: DecodeStats,
    record: MutableMapping[tuple[int, ...], Row] | None = None,
) -> None:
    """Finish every track; ``base`` holds prompt[:-1] in the KV cache, ``seqs`` are free.

    ``record``, when given, receives a copy of every logit row keyed by its history (the
    generated tokens it follows), for ``decode_alone`` to replay.
    """
    free = list(reversed(seqs))
    first = free.pop()
    engine.copy_seq(base, first, len(prompt) - 1)
    branches = [_Branch(first, list(tracks), prompt[-1], len(prompt) - 1, DraftLength())]
    while branches:
        drafts = _plan_drafts(engine, prompt, branches, lookup, row_budget)
        entries: list[Entry] = []
        spans: list[range] = []
        for branch, draft in zip(branches, drafts, strict=True):
            start = len(entries)
            entries.append(Entry(branch.last, branch.pos, branch.seq, True))
            entries.extend(
                Entry(token, branch.pos + 1 + j, branch.seq, True) for j, token in enumerate(draft)
            )
            spans.append(range(start, len(entries)))
        engine.decode(entries)
        stats.rows.append(len(entries))
        stats.histories.append(len(branches))
        following: list[_Branch] = []
        for branch, draft, span in zip(branches, drafts, spans, strict=True):
            if record is not None:
                history = tuple(branch.members[0].tokens)
                for j, index in enumerate(span):
                    record[history + tuple(draft[:j])] = engine.row(index).copy()
            following.extend(_advance(engine, branch, draft, span, free, stats))
        branches = following


def decode_sequential(
    engine: Engine,
    prompt: Sequence[int],
    tracks: Sequence[Track],
    *,
    base: int,
    seq: int,
    stats: DecodeStats,
) -> None:
    """The reference: each track alone on ``seq``, one llama.cpp decode per token."""
    for track in tracks:
        engine.copy_seq(base, seq, len(prompt) - 1)

        def next_row(history: Sequence[int]) -> Row:
            last = history[-1] if history else prompt[-1]
            engine.decode([Entry(last, len(prompt) - 1 + len(history), seq, True)])
            stats.rows.append(1)
            stats.histories.append(1)
            return engine.row(0)

        decode_alone(engine, track, next_row)
        engine.trim(seq, 0)


def decode_alone(engine: Engine, track: Track, next_row: Callable[[Sequence[int]], Row]) -> None:
    """Plain decoding of one track: the row of its history, one draw, repeat."""
    while not track.done:
        token = next_row(track.tokens).choose(track.request.temperature, track.stream)
        track.push(token, engine)


DRAFTING_HISTORIES = 1
"""Drafts are made only while this many histories (or fewer) are decoded (``_plan_drafts``)."""


def _plan_drafts(
    engine: Engine,
    prompt: Sequence[int],
    branches: Sequence[_Branch],
    lookup: Drafter | None,
    row_budget: int,
) -> list[list[int]]:
    """A draft per branch, within a budget of logit rows per step.

    Each step pays a fixed cost (the weights) plus one row's layers per token. A draft saves
    steps only if it shortens the longest history, and with several histories the step's
    fixed cost is shared already: replayed on 66 questions' greedy + 10 samples
    (``scripts/replay_drafts.py``; the costs are in docs/speed.md), drafting every history
    cost more than the decode without drafts, drafting only while a single history is left
    as much. So drafts are made only for a lone history (all samples still agreeing, or the
    greedy answer alone), within the budget.
    """
    drafts: list[list[int]] = [[] for _ in branches]
    if lookup is None or len(branches) > DRAFTING_HISTORIES:
        return drafts
    left = row_budget - len(branches)
    order = sorted(range(len(branches)), key=lambda i: -len(branches[i].members))
    for i in order:
        branch = branches[i]
        room = max(track.limit - len(track.tokens) for track in branch.members) - 1
        want = min(branch.draft.next(), left, room)
        if want <= 0:
            continue
        answer = branch.members[0].tokens
        draft = _cut_after_stop(engine, lookup.propose(answer, want), branch.members)
        drafts[i] = draft
        left -= len(draft)
    return drafts


def _cut_after_stop(engine: Engine, draft: list[int], members: Sequence[Track]) -> list[int]:
    """Drafting past a token that may complete a stop string is wasted rows."""
    starts = {stop[0].encode("utf-8") for track in members for stop in track.request.stop if stop}
    for j, token in enumerate(draft):
        piece = engine.piece(token)
        if engine.is_end(token) or any(start in piece for start in starts):
            return draft[: j + 1]
    return draft


def _advance(
    engine: Engine,
    branch: _Branch,
    draft: list[int],
    span: range,
    free: list[int],
    stats: DecodeStats,
) -> list[_Branch]:
    """Let every member draw along the rows; regroup them by what they drew; fork or trim."""
    rows = [engine.row(index) for index in span]
    groups: dict[tuple[int, ...], list[Track]] = {}
    longest = 0
    for track in branch.members:
        chosen = _walk(engine, track, rows, draft)
        longest = max(longest, len(chosen) - 1)
        if not track.done:
            groups.setdefault(tuple(chosen), []).append(track)
    stats.drafted += len(draft)
    stats.accepted += longest
    branch.draft.update(len(draft), longest)
    if not groups:
        engine.trim(branch.seq, 0)
        free.append(branch.seq)
        return []
    # The group that kept the most draft tokens keeps the sequence; the others share the
    # cells they agree with through a copy (metadata only in a unified cache).
    ordered = sorted(groups.items(), key=lambda item: -len(item[0]))
    following = []
    for index, (chosen, members) in enumerate(ordered):
        end = branch.pos + len(chosen)
        seq = branch.seq
        if index:
            seq = free.pop()
            engine.copy_seq(branch.seq, seq, end)
        following.append(_Branch(seq, members, chosen[-1], end, DraftLength(branch.draft.length)))
    engine.trim(branch.seq, branch.pos + len(ordered[0][0]))
    return following


def _walk(engine: Engine, track: Track, rows: Sequence[Row], draft: Sequence[int]) -> list[int]:
    chosen: list[int] = []
    for j, row in enumerate(rows):
        token = row.choose(track.request.temperature, track.stream)
        chosen.append(token)
        track.push(token, engine)
        if track.done or j == len(draft) or token != draft[j]:
            break
    return chosen
