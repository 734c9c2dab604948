"""Long sources: split into passages, rank them for a question with BM25, read the best.

The model reads only the top passages (in source order); the checkers still verify against
the whole source, so evidence offsets and line numbers point into the original text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from verify_ask.text.source import Source

PASSAGE_CHARS = 1200
"""About 300 tokens: a SQuAD paragraph, so three passages cost one short article's prefill."""


@dataclass(frozen=True)
class Passage:
    start: int
    end: int
    score: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {"start": self.start, "end": self.end, "score": round(self.score, 4)}


def split_passages(source: Source, size: int = PASSAGE_CHARS) -> list[Passage]:
    """Consecutive sentences up to ``size`` characters, each passage repeating the previous
    one's last sentence (so a figure and the sentence naming its subject stay together)."""
    spans = [part for s, e in source.sentences for part in _pieces(s, e, size)]
    passages: list[Passage] = []
    first = 0
    while first < len(spans):
        last = first
        while last + 1 < len(spans) and spans[last + 1][1] - spans[first][0] <= size:
            last += 1
        passages.append(Passage(spans[first][0], spans[last][1]))
        if last + 1 >= len(spans):
            break
        first = last if last > first else last + 1
    return passages


def _pieces(start: int, end: int, size: int) -> list[tuple[int, int]]:
    """A sentence longer than a passage is cut into passage-sized pieces."""
    return [(s, min(s + size, end)) for s in range(start, end, size)]


class PassageIndex:
    """BM25 over one source's passages, built once and queried per question."""

    def __init__(self, source: Source, size: int = PASSAGE_CHARS) -> None:
        self.source = source
        self.passages = split_passages(source, size)

    @cached_property
    def _retriever(self) -> Any:
        import bm25s

        texts = [self.source.text[p.start : p.end] for p in self.passages]
        retriever = bm25s.BM25()
        retriever.index(_tokenize(texts), show_progress=False)
        return retriever

    def best(self, question: str, k: int) -> list[Passage]:
        """The ``k`` best passages with a positive score, in source order."""
        if not self.passages:
            return []
        k = min(k, len(self.passages))
        indices, scores = self._retriever.retrieve(_tokenize([question]), k=k, show_progress=False)
        chosen = [
            Passage(self.passages[i].start, self.passages[i].end, float(score))
            for i, score in zip(indices[0], scores[0], strict=True)
            if score > 0
        ]
        return sorted(chosen, key=lambda p: p.start)


def passage_index_of(source: Source) -> PassageIndex:
    """BM25 over the source's passages, for sources too long to read whole (built once per
    source)."""
    return source.cached(PassageIndex)


def _tokenize(texts: list[str]) -> Any:
    import bm25s

    return bm25s.tokenize(texts, stopwords="en", show_progress=False)


def passage_text(source: Source, passages: list[Passage]) -> str:
    """What the model reads: the chosen passages in source order, merged where they overlap."""
    merged: list[list[int]] = []
    for passage in passages:
        if merged and passage.start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], passage.end)
        else:
            merged.append([passage.start, passage.end])
    return "\n\n".join(source.text[s:e] for s, e in merged)
