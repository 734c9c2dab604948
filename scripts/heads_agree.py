"""Greedy answers of the subset head against llama.cpp's full head, on the same prompts and
the same batch shape (a greedy answer and one sample), for the first N design SQuAD records.

    python scripts/heads_agree.py [--limit 200] [--data ../shared/data/squad_v1.1_dev.jsonl]

llama.cpp's numerics move with the batch's shape, so both heads decode the same requests;
the script prints how many greedy texts are identical and the ones that are not.
"""

from __future__ import annotations

import argparse

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.split import in_part
from verify_ask.language.question import analyze_question
from verify_ask.model import prompts
from verify_ask.model.backends import create
from verify_ask.model.backends.base import SampleRequest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--data", default="../shared/data/squad_v1.1_dev.jsonl")
    args = parser.parse_args()
    records = [r for r in read_records(args.data) if in_part(r, "design")][: args.limit]
    heads = {name: create("llama", full_vocab=name == "full") for name in ("subset", "full")}
    requests = [SampleRequest(0.0, 0, 32), SampleRequest(0.5, 0, 32)]
    differ = []
    for record in records:
        question = analyze_question(record.question)
        prompt = prompts.choose(question, None).render(record.source, question.asked)
        texts = {n: b.complete(prompt, requests)[0].text.strip() for n, b in heads.items()}
        if texts["subset"] != texts["full"]:
            differ.append((texts["full"], texts["subset"]))
    same = len(records) - len(differ)
    print(f"{same} of {len(records)} greedy answers identical ({same / len(records):.3f})")
    for full, subset in differ:
        print(f"  full: {full!r}\n  subset: {subset!r}")


if __name__ == "__main__":
    main()
