"""Recall of the gold passage on long sources: BM25, dense, and their fusions (docs/reader.md).

Each article of ``shared/data/train`` (SQuAD v2 and SQuADShifts' new Wikipedia) is joined
into one long source, split into passages as ``verify-ask`` splits a long source. Each
figure or date question of the same article (``shared/data``'s figure files) asks it; a
ranking hits when one of its top k passages holds the gold answer where the question's own
paragraph writes it. No model answers: this measures only what the model would be shown.

    python scripts/bench_retrieval.py ../shared/data --part design
    python scripts/bench_retrieval.py ../shared/data --part lockbox

Prints recall at 1, 3 (the default ``--passages``), 5 and 10 per ranking, and the seconds
the embeddings took.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.split import PARTS, in_part
from verify_ask.text import passages as passages_module
from verify_ask.text.passages import PassageIndex
from verify_ask.text.source import Source

ARTICLES = ("squad_v2.0_dev_design.jsonl", "squadshifts_new_wiki_design.jsonl")
QUESTIONS = ("squad_v1.1_dev.jsonl", "squadshifts_new_wiki.jsonl")
KS = (1, 3, 5, 10)


def long_sources(data: Path) -> dict[str, tuple[str, dict[str, int]]]:
    """Each article's paragraphs joined, with where each paragraph starts."""
    paragraphs: dict[str, list[str]] = defaultdict(list)
    for name in ARTICLES:
        for line in (data / "train" / name).open(encoding="utf-8"):
            passage = json.loads(line)
            if passage["source"] not in paragraphs[passage["title"]]:
                paragraphs[passage["title"]].append(passage["source"])
    joined = {}
    for title, texts in paragraphs.items():
        starts, at = {}, 0
        for text in texts:
            starts[text] = at
            at += len(text) + 2
        joined[title] = ("\n\n".join(texts), starts)
    return joined


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="the shared/data folder")
    parser.add_argument("--part", choices=PARTS, default="design")
    parser.add_argument("--weights", type=float, nargs="+", default=[1.0, 2.0, 3.0],
                        help="dense weights of the fusions to measure")
    args = parser.parse_args(argv)
    articles = long_sources(args.data)
    indexes: dict[str, PassageIndex] = {}
    rankings = ["bm25", "dense", *(f"hybrid {w:g}" for w in args.weights)]
    hits = {name: [0] * len(KS) for name in rankings}
    asked = 0
    embedding = 0.0
    passage_count = 0
    for name in QUESTIONS:
        for record in read_records(str(args.data / name)):
            title = str(record.meta.get("title", ""))
            if not in_part(record, args.part) or title not in articles or not record.answers:
                continue
            text, starts = articles[title]
            at = record.source.find(record.answers[0])
            if record.source not in starts or at < 0:
                continue
            gold = (starts[record.source] + at, starts[record.source] + at + len(record.answers[0]))
            if title not in indexes:
                indexes[title] = PassageIndex(Source(text))
                started = time.perf_counter()
                _ = indexes[title]._vectors, indexes[title]._sentence_vectors
                embedding += time.perf_counter() - started
                passage_count += len(indexes[title].passages)
            index = indexes[title]
            if len(index.passages) <= KS[0]:
                continue
            asked += 1
            for ranking in rankings:
                kind, _, weight = ranking.partition(" ")
                if weight:
                    passages_module.DENSE_WEIGHT = float(weight)
                ranked = index.ranked(record.question, kind)  # type: ignore[arg-type]
                for i, k in enumerate(KS):
                    hits[ranking][i] += any(p.start <= gold[0] and gold[1] <= p.end
                                            for p in ranked[:k])
    print(f"part {args.part}: {asked} questions over {len(indexes)} long sources "
          f"({passage_count} passages; embedding {embedding / max(passage_count, 1) * 1000:.0f} "
          f"ms a passage)")
    print("ranking      " + "  ".join(f"top {k:<3}" for k in KS))
    for ranking in rankings:
        print(f"{ranking:<12} " + "  ".join(f"{h / max(asked, 1):.3f}  " for h in hits[ranking]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
