"""Does llama.cpp compute a token's hidden state the same whatever else is in its batch?

Why it matters: drafting verifies several tokens of one sequence in one ``llama_decode``,
and decoding several questions together puts their rows in one batch. Either gives the same
answers as one-token steps only if a row's numbers do not depend on the batch around it.

Two measurements on the default model, through the same ``Engine`` the backend uses:

1. One token at one position, decoded in batches of n rows (the others other sequences'
   tokens) at row r: which (n, r) give bit-identical hidden rows. Equal numbers mean equal
   rows.
2. A 29-token continuation decoded one token a step, then in chunks of 2, 4 and 8 tokens (a
   draft's shape): the largest logit difference over a 20,000-token subset at each position,
   against the top-two margin of the one-step logits.

    python scripts/batch_numerics.py [--threads 2]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from verify_ask.model.backends.lowlevel import Engine, Entry  # noqa: E402
from verify_ask.model.backends.model_file import default_model  # noqa: E402

ARTICLE = Path(__file__).resolve().parent.parent / "examples" / "origotech.txt"
CONTINUATION = (
    " The answer is 1,294 species of birds that live in the forest near the river and sing"
    " at dawn every day of the year"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    engine = Engine(default_model(), n_ctx=2048, n_seq=16, n_outputs=16, n_threads=args.threads)
    engine.use_vocabulary(np.arange(20_000))
    prompt = engine.tokenize(ARTICLE.read_text()[:1500])
    start = len(prompt)
    for offset in range(0, start, 256):
        chunk = prompt[offset : offset + 256]
        engine.decode(
            [Entry(t, offset + i, 0, offset + i == start - 1) for i, t in enumerate(chunk)]
        )
    tokens = engine.tokenize(CONTINUATION, bos=False)

    def fresh(sequences: range | list[int]) -> None:
        for seq in sequences:
            engine.trim(seq, 0)
            engine.copy_seq(0, seq, start)

    print("1. the same token at the same position, row r of a batch of n (equal ids: equal rows)")
    classes: list[np.ndarray] = []

    def class_of(row: np.ndarray) -> int:
        for index, seen in enumerate(classes):
            if np.array_equal(seen, row):
                return index
        classes.append(row)
        return len(classes) - 1

    for n in range(1, 14):
        ids = []
        for r in range(n):
            fresh(range(1, n + 1))
            batch = [
                Entry(tokens[0] if j == r else tokens[(j + 3) % len(tokens)], start, 1 + j, True)
                for j in range(n)
            ]
            engine.decode(batch)
            ids.append(class_of(engine.hidden()[r].copy()))
        print(f"   n={n:2d}: {ids}")

    def logits_in_chunks(size: int) -> np.ndarray:
        fresh([1])
        rows = []
        for offset in range(0, len(tokens), size):
            part = tokens[offset : offset + size]
            engine.decode([Entry(t, start + offset + i, 1, True) for i, t in enumerate(part)])
            rows.extend(engine.row(i).copy().logits for i in range(len(part)))
        return np.array(rows)

    print("2. largest logit difference from one-token steps, at each position of a continuation")
    stepwise = logits_in_chunks(1)
    ordered = np.sort(stepwise, axis=1)
    margins = ordered[:, -1] - ordered[:, -2]
    for size in (2, 4, 8):
        drift = np.abs(logits_in_chunks(size) - stepwise).max(axis=1)
        print(
            f"   chunks of {size}: median {np.median(drift):.2f}, max {drift.max():.2f};"
            f" positions whose top-two margin is below it: {int((margins < drift).sum())}"
            f" of {len(drift)}"
        )
    print(f"   top-two margin of the one-step logits: median {np.median(margins):.2f}")


if __name__ == "__main__":
    main()
