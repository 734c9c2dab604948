"""Drafts: guesses at an answer's next tokens, for the target model to verify in one batch.

Prompt lookup: answers are mostly copied from the source ("14 March 2009" is nine tokens
here, one per digit), so once an answer has started, the source usually says how it goes on.
A draft model (``--draft-model``): a smaller model with the same vocabulary guesses instead,
for larger targets. A draft costs one extra logit row per token; ``DraftLength`` grows it
while drafts are accepted and shrinks it when they are not, so answers that are not copied
pay little for it.

Where a copied answer stops, the source goes on, so a draft that runs on past the answer's
end is wasted rows: measured on 66 questions (greedy, ``scripts/replay_drafts.py``: the
``bench_sampler.py`` article, the example article, 30 SQuAD passages), the last draft of
nearly every figure ran up to 8 tokens past it. Prompt lookup therefore ends its drafts
where an answer plausibly ends (``answer_ends``): after a figure, or after the one word
that follows it ("1,294 species", "48.2 million", "14 March"), and drafts nothing right
after such an end, where the answer most often stops. A longer answer pays one more step
there; a draft past the end paid up to eight rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from verify_ask.model.backends.lowlevel import Engine, Entry


class Drafter(Protocol):
    def propose(self, answer: Sequence[int], limit: int) -> list[int]:
        """Up to ``limit`` tokens likely to follow the answer so far (none is fine)."""
        ...


MAX_MATCH = 16
"""The longest tail of the answer so far that is looked up."""
START_LENGTH = 8
"""Long enough for a whole figure: with drafts cut at the answer's end, a first draft of 4
left a ninth-token figure one step short (measured: 0.78 -> 0.74 of the greedy decode cost
on the benchmark's copied answers, modelled as 5.5 ms a step + 3.2 ms a row)."""
MAX_LENGTH = 8


class PromptLookup:
    """Where each token occurs in the prompt, to find the answer so far in it."""

    def __init__(self, prompt: Sequence[int], piece: Callable[[int], bytes] | None = None) -> None:
        """``piece`` gives a token's bytes, to find where answers end; without it drafts run
        to ``limit``."""
        self.prompt = list(prompt)
        self._ends = answer_ends(self.prompt, piece) if piece is not None else frozenset()
        self._at: dict[int, list[int]] = {}
        for index, token in enumerate(self.prompt[:-1]):  # the last token has no continuation
            self._at.setdefault(token, []).append(index)

    def propose(self, answer: Sequence[int], limit: int) -> list[int]:
        """Up to ``limit`` tokens that follow the longest tail of ``answer`` found in the prompt.

        Every occurrence of that tail is consulted and only what all of them continue with is
        proposed: figures are split into single digits, so a short tail ("0", "0") recurs all
        over a source with different continuations, and a guess among them is a wasted row.
        A tail of one token only counts when it is the whole answer so far.
        """
        if limit <= 0 or not answer:
            return []
        longest = min(len(answer), MAX_MATCH)
        for n in range(longest, 0, -1):
            if n == 1 and len(answer) > 1:
                break
            tail = list(answer[-n:])
            ends = [
                start + n
                for start in self._at.get(tail[0], ())
                if self.prompt[start : start + n] == tail and start + n < len(self.prompt)
            ]
            if not ends:
                continue
            return _common_prefix([self._run(end, limit) for end in ends])
        return []

    def _run(self, start: int, limit: int) -> list[int]:
        """The prompt from ``start`` on, up to ``limit`` tokens and the first answer end."""
        if start - 1 in self._ends:
            return []
        for index in range(start, min(start + limit, len(self.prompt))):
            if index in self._ends:
                return self.prompt[start : index + 1]
        return self.prompt[start : start + limit]


def answer_ends(prompt: Sequence[int], piece: Callable[[int], bytes]) -> frozenset[int]:
    """Prompt positions after which a copied answer plausibly ends: a figure's last token, or
    the word right after it (a unit, a multiplier, a month: "species", "million", "March").

    Figures are one token per digit, so "2,700,000" and "9.81" go on through a separator
    that a digit follows.
    """
    pieces = [piece(token) for token in prompt] + [b"", b""]
    ends = set()
    for index in range(len(prompt)):
        here, after, later = pieces[index : index + 3]
        if not here[-1:].isdigit() or after[:1].isdigit():
            continue
        if after in (b",", b".") and later[:1].isdigit():
            continue
        ends.add(index + 1 if after.strip()[:1].isalpha() or after == b"%" else index)
    return frozenset(ends)


def _common_prefix(runs: list[list[int]]) -> list[int]:
    first = runs[0]
    length = len(first)
    for run in runs[1:]:
        length = min(length, len(run))
        for i in range(length):
            if run[i] != first[i]:
                length = i
                break
    return first[:length]


class DraftLength:
    """How many tokens to draft next for one history: doubled on a full accept, else shrunk."""

    def __init__(self, length: int = START_LENGTH) -> None:
        self.length = length

    def update(self, proposed: int, accepted: int) -> None:
        if proposed == 0:
            return
        if accepted == proposed:
            self.length = min(self.length * 2, MAX_LENGTH)
        else:
            # A miss costs its rows; probe with one token until drafts are accepted again.
            self.length = max(accepted, 1)

    def next(self) -> int:
        return self.length


class ModelDrafter:
    """Drafts from a smaller model that shares the vocabulary: its greedy continuation.

    ``engine`` holds the prompt's first len - 1 tokens in sequence 0 (as the target's cache
    does). Each proposal evaluates the answer so far in sequence 1 in one batch, then
    decodes greedily one token at a time, and frees sequence 1 again: answers are a few
    tokens, and a small model's steps are cheap next to the target's rows they save.
    """

    def __init__(self, engine: Engine, prompt: Sequence[int]) -> None:
        self.engine = engine
        self.prompt = list(prompt)

    def propose(self, answer: Sequence[int], limit: int) -> list[int]:
        if limit <= 0:
            return []
        engine, seq = self.engine, 1
        last = len(self.prompt) - 1
        history = [self.prompt[-1], *answer]
        engine.trim(seq, 0)
        engine.copy_seq(0, seq, last)
        try:
            engine.decode(
                [
                    Entry(token, last + i, seq, i == len(history) - 1)
                    for i, token in enumerate(history)
                ]
            )
            token = engine.row(len(history) - 1).best()
            proposal = [token]
            while len(proposal) < limit and not engine.is_end(token):
                engine.decode([Entry(token, last + len(history) + len(proposal) - 1, seq, True)])
                token = engine.row(0).best()
                proposal.append(token)
            return proposal
        finally:
            engine.trim(seq, 0)
