"""Prompt-lookup drafts: guess the next tokens by finding the latest n-gram in the prompt.

Answers are mostly copied from the source ("14 March 2009" is nine tokens here, one per
digit), so once an answer has started, the source usually says how it goes on. A draft costs
one extra logit row per token; ``DraftLength`` grows it while drafts are accepted and shrinks
it when they are not, so answers that are not copied pay little for it.
"""

from __future__ import annotations

from collections.abc import Sequence

MIN_NGRAM = 2
MAX_NGRAM = 3
START_LENGTH = 4
MAX_LENGTH = 8


class PromptLookup:
    """An index from each n-gram of the prompt to where its latest occurrence ends."""

    def __init__(self, prompt: Sequence[int]) -> None:
        self.prompt = list(prompt)
        self._ends: dict[tuple[int, ...], int] = {}
        for n in range(MIN_NGRAM, MAX_NGRAM + 1):
            # Only occurrences with a continuation can propose anything; later ones win.
            for end in range(n, len(self.prompt)):
                self._ends[tuple(self.prompt[end - n : end])] = end

    def propose(self, context: Sequence[int], limit: int) -> list[int]:
        """Up to ``limit`` tokens that followed the longest matching tail of ``context``."""
        if limit <= 0:
            return []
        for n in range(MAX_NGRAM, MIN_NGRAM - 1, -1):
            if len(context) < n:
                continue
            end = self._ends.get(tuple(context[-n:]))
            if end is not None:
                return self.prompt[end : end + limit]
        return []


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
