"""Long sources: split into passages, rank them for a question, read the best.

Two rankings are fused: BM25, which finds the question's own words, and a dense one
(all-MiniLM-L6-v2 embeddings, ``verify_ask.reader.dense``), which finds a passage that says
the same in other words ("capital expenditure" against "purchases of property, plant and
equipment"). A passage's dense score is the mean of two cosines with the question: the whole
passage's, and its closest sentence's (or table row's), so one line that answers is not
averaged away among a statement's thirty others. The model
reads only the top passages (in source order); the checkers still verify against the whole
source, so evidence offsets and line numbers point into the original text.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal

from verify_ask.text import acronyms, line_items
from verify_ask.text.source import Source

if TYPE_CHECKING:
    from verify_ask.text.tables import TableSpan

PASSAGE_CHARS = 1200
"""About 300 tokens: a SQuAD paragraph, so three passages cost one short article's prefill."""
Ranking = Literal["bm25", "dense", "hybrid"]
MAX_DENSE_PASSAGES = 3000
"""Past this many passages (about 3.6 MB of text, a dozen 300-page filings) a source is
ranked by BM25 alone: embedding it would take minutes, even once."""
RRF_K = 60
"""Reciprocal rank fusion's constant (Cormack et al. 2009): a passage's fused score is the sum
over rankings of 1 / (RRF_K + its rank)."""
DENSE_WEIGHT = 2.0
"""How much the dense ranking counts against BM25's in the fusion. Measured on long sources
joined from the design articles (``scripts/bench_retrieval.py``), the gold passage was among
the three read for 0.941 of the questions at 1.0, 0.959 at 2.0 and 0.959 at 3.0, against
0.890 for BM25 alone and 0.944 for dense alone; 2.0 was best at one and five passages too."""


@dataclass(frozen=True)
class Passage:
    start: int
    end: int
    score: float = 0.0
    head: tuple[int, int] | None = None
    """Where a passage starts inside a table below its head: the table's title and header
    rows, read with it, so that its rows keep the names of their columns."""

    def text(self, source: Source) -> str:
        """What is indexed and read: the head, if any, then the passage."""
        body = source.text[self.start : self.end]
        return f"{source.text[self.head[0] : self.head[1]]}\n{body}" if self.head else body

    def to_json(self) -> dict[str, object]:
        record: dict[str, object] = {"start": self.start, "end": self.end}
        if self.head:
            record["head"] = list(self.head)
        record["score"] = round(self.score, 4)
        return record


def split_passages(source: Source, size: int = PASSAGE_CHARS) -> list[Passage]:
    """Consecutive sentences up to ``size`` characters, each passage repeating the previous
    one's last sentence (so a figure and the sentence naming its subject stay together).

    A table (``verify_ask.text.tables``) that fits in a passage is not cut: the passage
    before it ends where it starts. One that does not fit is cut between rows, and each
    passage that starts below its head carries the head."""
    from verify_ask.text.tables import tables_of

    spans = [part for s, e in source.sentences for part in _pieces(s, e, size)]
    tables = tables_of(source).spans()
    passages: list[Passage] = []
    first = 0
    while first < len(spans):
        last = first
        while last + 1 < len(spans) and spans[last + 1][1] - spans[first][0] <= size:
            last += 1
        # The next passage repeats this one's last sentence, unless that is all this one holds.
        following = last if last > first else last + 1
        table = _cut_table(tables, spans[first][0], spans[last][1], size)
        if table is not None:
            # End before the table, and start the next passage at its title.
            following = bisect.bisect_left(spans, (table.start, -1))
            last = following - 1
        passages.append(Passage(spans[first][0], spans[last][1], head=_head(tables, spans[first])))
        if last + 1 >= len(spans):
            break
        first = following
    return passages


def _cut_table(tables: list[TableSpan], start: int, end: int, size: int) -> TableSpan | None:
    """A table short enough for a passage of its own that a passage from ``start`` to
    ``end`` would cut."""
    for table in tables:
        if start < table.start < end < table.end and table.end - table.start <= size:
            return table
    return None


def _head(tables: list[TableSpan], first: tuple[int, int]) -> tuple[int, int] | None:
    """The head of the table whose body a passage starts in, if any."""
    for table in tables:
        if table.head and table.head_end < first[1] and first[0] < table.end:
            return table.head
    return None


def _pieces(start: int, end: int, size: int) -> list[tuple[int, int]]:
    """A sentence longer than a passage is cut into passage-sized pieces."""
    return [(s, min(s + size, end)) for s in range(start, end, size)]


class PassageIndex:
    """One source's passages, indexed once (BM25 on first use, embeddings on the first dense
    query) and queried per question."""

    def __init__(self, source: Source, size: int = PASSAGE_CHARS) -> None:
        self.source = source
        self.passages = split_passages(source, size)

    @cached_property
    def _retriever(self) -> Any:
        import bm25s

        texts = [p.text(self.source) for p in self.passages]
        retriever = bm25s.BM25()
        retriever.index(_tokenize(texts), show_progress=False)
        return retriever

    @cached_property
    def _vectors(self) -> Any:
        from verify_ask.reader.dense import embed_cached

        return embed_cached([p.text(self.source) for p in self.passages])

    def sentence_spans(self) -> tuple[list[tuple[int, int]], list[int], list[int]]:
        """The distinct sentences of the passages (a passage's last sentence is its
        neighbour's first), and for each sentence of each passage: the passage, and which
        distinct sentence it is."""
        spans: dict[tuple[int, int], int] = {}
        owners: list[int] = []
        rows: list[int] = []
        ends = [e for _, e in self.source.sentences]
        for i, passage in enumerate(self.passages):
            first = bisect.bisect_right(ends, passage.start)
            for start, end in self.source.sentences[first:]:
                if start >= passage.end:
                    break
                span = (max(start, passage.start), min(end, passage.end))
                if self.source.text[span[0] : span[1]].strip():
                    owners.append(i)
                    rows.append(spans.setdefault(span, len(spans)))
        return list(spans), owners, rows

    @cached_property
    def _sentence_vectors(self) -> tuple[Any, Any, Any]:
        """The distinct sentences' vectors, and for each sentence of each passage: its
        passage and its row among those vectors."""
        import numpy as np

        from verify_ask.reader.dense import embed_cached

        spans, owners, rows = self.sentence_spans()
        vectors = embed_cached([self.source.text[s:e] for s, e in spans])
        return vectors, np.array(owners, dtype=np.int64), np.array(rows, dtype=np.int64)

    def _bm25(self, question: str) -> list[float]:
        """Every passage's BM25 score, in passage order."""
        n = len(self.passages)
        indices, scores = self._retriever.retrieve(_tokenize([question]), k=n, show_progress=False)
        found = [0.0] * n
        for i, score in zip(indices[0], scores[0], strict=True):
            found[int(i)] = float(score)
        return found

    def _dense(self, question: str) -> list[float]:
        """Each passage's mean of its own cosine and its closest sentence's."""
        import numpy as np

        from verify_ask.reader.dense import embed

        asked = embed([question])[0]
        whole = self._vectors @ asked
        vectors, owners, rows = self._sentence_vectors
        closest = whole.copy()  # a passage of blank lines alone has no sentence
        if len(owners):
            best = np.full(len(self.passages), -np.inf, dtype=np.float32)
            np.maximum.at(best, owners, (vectors @ asked)[rows])
            closest = np.where(np.isfinite(best), best, whole)
        return [float(x) for x in (whole + closest) / 2]

    def ranked(self, question: str, ranking: Ranking = "hybrid") -> list[Passage]:
        """Every passage, best first, scored by ``ranking``. BM25 keeps only passages that
        share a word with the question; the dense and hybrid rankings keep them all. A
        source of more than ``MAX_DENSE_PASSAGES`` is ranked by BM25."""
        if not self.passages:
            return []
        question = line_items.expand(acronyms.expand(question, self.source), self.source)
        if ranking == "bm25" or len(self.passages) > MAX_DENSE_PASSAGES:
            scores = self._bm25(question)
            order = sorted(range(len(scores)), key=lambda i: -scores[i])
            return [self._scored(i, scores[i]) for i in order if scores[i] > 0]
        dense = self._dense(question)
        if ranking == "dense":
            order = sorted(range(len(dense)), key=lambda i: -dense[i])
            return [self._scored(i, dense[i]) for i in order]
        fused = [DENSE_WEIGHT / (RRF_K + rank) for rank in _ranks(dense)]
        bm25 = self._bm25(question)
        for i, rank in enumerate(_ranks(bm25)):
            if bm25[i] > 0:
                fused[i] += 1.0 / (RRF_K + rank)
        order = sorted(range(len(fused)), key=lambda i: -fused[i])
        return [self._scored(i, fused[i]) for i in order]

    def _scored(self, index: int, score: float) -> Passage:
        passage = self.passages[index]
        return Passage(passage.start, passage.end, score, passage.head)

    def best(self, question: str, k: int, ranking: Ranking = "hybrid") -> list[Passage]:
        """The ``k`` best passages, in source order."""
        return sorted(self.ranked(question, ranking)[:k], key=lambda p: p.start)


def passage_index_of(source: Source) -> PassageIndex:
    """The source's passages ranked for questions, for sources too long to read whole (built
    once per source)."""
    return source.cached(PassageIndex)


def _ranks(scores: list[float]) -> list[int]:
    """Each score's rank, 1 for the highest."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    ranks = [0] * len(scores)
    for rank, i in enumerate(order, start=1):
        ranks[i] = rank
    return ranks


def _tokenize(texts: list[str]) -> Any:
    import bm25s

    return bm25s.tokenize(texts, stopwords="en", show_progress=False)


def passage_text(source: Source, passages: list[Passage]) -> str:
    """What the model reads: the chosen passages and their tables' heads in source order,
    merged where they overlap."""
    spans = sorted([(p.start, p.end) for p in passages] + [p.head for p in passages if p.head])
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return "\n\n".join(source.text[s:e] for s, e in merged)
