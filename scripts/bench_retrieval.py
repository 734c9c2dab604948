"""Recall of the gold passage on long sources: BM25, dense, and their fusions (docs/reader.md).

Two kinds of long source, each split into passages as ``verify-ask`` splits one:

- ``articles``: each article of ``shared/data/train`` (SQuAD v2 and SQuADShifts' new
  Wikipedia) joined whole; each figure or date question of the same article
  (``shared/data``'s figure files) asks it;
- ``tables``: TAT-QA's reports (a table and its paragraphs), eight joined into one source in
  file order; each question whose answer the report writes as it is asks it.

A ranking hits when one of its top k passages holds the gold answer where the question's own
paragraph or report writes it. For an answer in a table's body, ``shown`` also asks that the
table's head (its title and header rows) is among what the model reads, so the figure keeps
the name of its column. No model answers: this measures only what the model would be shown.

    python scripts/bench_retrieval.py ../shared/data --part design
    python scripts/bench_retrieval.py ../shared/data --part design --sources tables

Prints recall at 1, 3 (the default ``--passages``), 5 and 10 per ranking, and the seconds
the embeddings took.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from verify_ask.evaluation.dataset import EvalRecord, read_records
from verify_ask.evaluation.split import PARTS, in_part
from verify_ask.text import passages as passages_module
from verify_ask.text.passages import Passage, PassageIndex
from verify_ask.text.source import Source
from verify_ask.text.tables import TableSpan, tables_of

ARTICLES = ("squad_v2.0_dev_design.jsonl", "squadshifts_new_wiki_design.jsonl")
QUESTIONS = ("squad_v1.1_dev.jsonl", "squadshifts_new_wiki.jsonl")
REPORTS_A_SOURCE = 8
KS = (1, 3, 5, 10)

Joined = dict[str, tuple[str, dict[str, int]]]
"""Each long source by name: its text, and where each of its parts starts."""


def _join(parts_of: dict[str, list[str]]) -> Joined:
    joined = {}
    for name, texts in parts_of.items():
        starts, at = {}, 0
        for text in texts:
            starts[text] = at
            at += len(text) + 2
        joined[name] = ("\n\n".join(texts), starts)
    return joined


def articles(data: Path, part: str) -> tuple[Joined, Iterator[tuple[str, EvalRecord]]]:
    """Each article's paragraphs joined, and the figure questions of each."""
    paragraphs: dict[str, list[str]] = defaultdict(list)
    for name in ARTICLES:
        for line in (data / "train" / name).open(encoding="utf-8"):
            passage = json.loads(line)
            if passage["source"] not in paragraphs[passage["title"]]:
                paragraphs[passage["title"]].append(passage["source"])

    def questions() -> Iterator[tuple[str, EvalRecord]]:
        for name in QUESTIONS:
            for record in read_records(str(data / name)):
                if in_part(record, part):
                    yield str(record.meta.get("title", "")), record

    return _join(paragraphs), questions()


def reports(data: Path, part: str) -> tuple[Joined, Iterator[tuple[str, EvalRecord]]]:
    """TAT-QA's reports, eight to a source, and the questions whose answer is written."""
    records = [
        r for r in read_records(str(data / "tatqa_dev.jsonl"))
        if in_part(r, part) and not r.needs_arithmetic
    ]  # fmt: skip
    order = list(dict.fromkeys(r.source for r in records))
    group_of = {text: f"reports {i // REPORTS_A_SOURCE}" for i, text in enumerate(order)}
    grouped: dict[str, list[str]] = defaultdict(list)
    for text in order:
        grouped[group_of[text]].append(text)
    return _join(grouped), ((group_of[r.source], r) for r in records)


def shown(passages: list[Passage], gold: tuple[int, int], heads: list[tuple[int, int]]) -> bool:
    """Whether the passages hold the gold, and the head of a table whose body holds it."""
    read = [(p.start, p.end) for p in passages] + [p.head for p in passages if p.head]
    if not any(s <= gold[0] and gold[1] <= e for s, e in read):
        return False
    return all(any(s <= h[0] and h[1] <= e for s, e in read) for h in heads)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="the shared/data folder")
    parser.add_argument("--part", choices=PARTS, default="design")
    parser.add_argument("--sources", choices=("articles", "tables"), default="articles")
    parser.add_argument("--weights", type=float, nargs="+", default=[1.0, 2.0, 3.0],
                        help="dense weights of the fusions to measure")
    parser.add_argument("--write", type=Path, metavar="JSON",
                        help="also write the recalls there (scripts/targets.py reads them)")
    args = parser.parse_args(argv)
    sources, questions = (articles if args.sources == "articles" else reports)(
        args.data, args.part
    )
    indexes: dict[str, PassageIndex] = {}
    tables: dict[str, list[TableSpan]] = {}
    rankings = ["bm25", "dense", *(f"hybrid {w:g}" for w in args.weights)]
    hits = {name: [0] * len(KS) for name in rankings}
    with_head = {name: [0] * len(KS) for name in rankings}
    asked = 0
    embedding = 0.0
    passage_count = 0
    for name, record in questions:
        if name not in sources or not record.answers:
            continue
        text, starts = sources[name]
        at = record.source.find(record.answers[0])
        if record.source not in starts or at < 0:
            continue
        gold = (starts[record.source] + at, starts[record.source] + at + len(record.answers[0]))
        if name not in indexes:
            indexes[name] = PassageIndex(Source(text))
            tables[name] = [t for t in tables_of(indexes[name].source).spans() if t.head]
            started = time.perf_counter()
            _ = indexes[name]._vectors, indexes[name]._sentence_vectors
            embedding += time.perf_counter() - started
            passage_count += len(indexes[name].passages)
        index = indexes[name]
        if len(index.passages) <= KS[0]:
            continue
        asked += 1
        heads = [t.head for t in tables[name] if t.head_end < gold[0] < t.end]
        for ranking in rankings:
            kind, _, weight = ranking.partition(" ")
            if weight:
                passages_module.DENSE_WEIGHT = float(weight)
            ranked = index.ranked(record.question, kind)  # type: ignore[arg-type]
            for i, k in enumerate(KS):
                hits[ranking][i] += shown(ranked[:k], gold, [])
                with_head[ranking][i] += shown(ranked[:k], gold, heads)
    print(f"part {args.part}, {args.sources}: {asked} questions over {len(indexes)} long "
          f"sources ({passage_count} passages; embedding "
          f"{embedding / max(passage_count, 1) * 1000:.0f} ms a passage)")
    print("ranking      " + "  ".join(f"top {k:<3}" for k in KS) + "  shown with the head")
    for ranking in rankings:
        print(f"{ranking:<12} " + "  ".join(f"{h / max(asked, 1):.3f}  " for h in hits[ranking])
              + "  " + " / ".join(f"{h / max(asked, 1):.3f}" for h in with_head[ranking]))
    if args.write:
        recalls = {r: dict(zip(map(str, KS), (h / max(asked, 1) for h in hits[r]), strict=True))
                   for r in rankings}
        summary = {"part": args.part, "sources": args.sources, "questions": asked,
                   "recall": recalls}
        args.write.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
