"""Prompt-lookup drafts: guess the next tokens by finding the latest n-gram in the prompt.

Answers are mostly copied from the source ("14 March 2009" is nine tokens here, one per
digit), so once an answer has started, the source usually says how it goes on. A draft costs
one extra logit row per token; ``DraftLength`` grows it while drafts are accepted and shrinks
it when they are not, so answers that are not copied pay little for it.
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_MATCH = 16
"""The longest tail of the answer so far that is looked up."""
START_LENGTH = 4
MAX_LENGTH = 8


class PromptLookup:
    """Where each token occurs in the prompt, to find the answer so far in it."""

    def __init__(self, prompt: Sequence[int]) -> None:
        self.prompt = list(prompt)
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
            return _common_prefix([self.prompt[end : end + limit] for end in ends])
        return []


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
