"""Replay recorded completions through the real decoding loop, to cost drafting policies.

    python scripts/replay_drafts.py record OUT.jsonl   # runs the model once (a few minutes)
    python scripts/replay_drafts.py replay OUT.jsonl   # no model: seconds

``record`` decodes greedy + 10 samples without drafts on 66 questions: the 20 of
``bench_sampler.py``'s article, the example article's questions with the extract and derive
prompts, and one question on each of 30 other SQuAD dev passages; it keeps the prompt's
tokens, every completion's tokens, and the pieces of every token seen.

``replay`` runs ``decoding.decode_shared`` with a stub engine whose every track draws its
recorded tokens, with and without prompt-lookup drafts, greedy alone and greedy + 10
samples. Drafting never changes a track's tokens (``decoding`` says why), so the steps and
logit rows it reports are what the real decode would do; they are costed at
``--step-ms`` + ``--row-ms`` a row (docs/speed.md's fit) and printed as drafting / none.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from verify_ask.model.backends import decoding  # noqa: E402
from verify_ask.model.backends.base import SampleRequest  # noqa: E402
from verify_ask.model.backends.drafting import PromptLookup  # noqa: E402

EXAMPLES = Path(__file__).parent.parent / "examples"


def cases() -> list[tuple[str, str]]:
    import bench_sampler

    from verify_ask.model import prompts

    article, copied, others = bench_sampler.load_article()
    found = [("bench", bench_sampler.render(article, q)) for q in copied + others]
    source = (EXAMPLES / "origotech.txt").read_text(encoding="utf-8")
    questions = (EXAMPLES / "questions.txt").read_text(encoding="utf-8").splitlines()
    for kind in ("extract", "derive"):
        found += [
            (f"example-{kind}", prompts.builtin(kind).render(source, q))
            for q in questions
            if q.strip()
        ]
    records = [json.loads(line) for line in bench_sampler.DATA.open(encoding="utf-8")]
    seen = {r["source"][:40] for r in records if "Amazon" in r["source"][:300]}
    for record in records[200:]:
        if record["source"][:40] in seen or len(record["source"]) > 3000 or len(found) >= 66:
            continue
        seen.add(record["source"][:40])
        found.append(("squad", bench_sampler.render(record["source"], record["question"])))
    return found


def record(out: Path) -> None:
    import bench_sampler

    from verify_ask.model.backends.batched import BatchedBackend

    backend = BatchedBackend(draft=False)
    engine = backend.engine
    finished: list[decoding.Track] = []
    completion = decoding.Track.completion

    def keep(track: decoding.Track):  # the tracks' tokens, which complete() does not return
        finished.append(track)
        return completion(track)

    decoding.Track.completion = keep  # type: ignore[method-assign]
    pieces: dict[int, str] = {}
    with out.open("w", encoding="utf-8") as lines:
        for group, prompt in cases():
            finished.clear()
            backend.complete(prompt, bench_sampler.requests(10))
            tokens = engine.tokenize(prompt)
            tracks = [
                {
                    "seed": t.request.seed,
                    "temperature": t.request.temperature,
                    "tokens": t.tokens,
                    "end": t.stop_at is None and len(t.tokens) < t.limit,  # ended by EOG
                }
                for t in finished
            ]
            for token in tokens + [x for t in finished for x in t.tokens]:
                pieces[token] = engine.piece(token).decode("latin-1")
            lines.write(json.dumps({"group": group, "prompt": tokens, "tracks": tracks}) + "\n")
        ends = [t for t in engine.end_tokens() if engine.is_end(t)]
        lines.write(json.dumps({"pieces": pieces, "ends": ends}) + "\n")


class StubEngine:
    """Just what decode_shared asks of an engine: rows are never read (``walk`` is stubbed)."""

    def __init__(self, pieces: dict[int, bytes], ends: set[int]) -> None:
        self.pieces, self.ends = pieces, ends

    def decode(self, entries: object) -> None:
        pass

    def row(self, index: int) -> None:
        return None

    def copy_seq(self, *args: int) -> None:
        pass

    def trim(self, *args: int) -> None:
        pass

    def piece(self, token: int) -> bytes:
        return self.pieces[token]

    def is_end(self, token: int) -> bool:
        return token in self.ends


def replay(path: Path, step_ms: float, row_ms: float) -> None:
    *records, vocabulary = [json.loads(line) for line in path.open(encoding="utf-8")]
    pieces = {int(k): v.encode("latin-1") for k, v in vocabulary["pieces"].items()}
    engine = StubEngine(pieces, set(vocabulary["ends"]))
    recorded: dict[int, list[int]] = {}

    def walk(engine, track, rows, draft):  # the recorded tokens, drawn as _walk draws
        chosen = []
        for j in range(len(rows)):
            token = recorded[track.request.seed][len(track.tokens)]
            chosen.append(token)
            track.push(token, engine)
            if track.done or j == len(draft) or token != draft[j]:
                break
        return chosen

    decoding._walk = walk

    def cost(rec: dict, tracks: list[dict], drafting: bool) -> tuple[float, int, int]:
        recorded.clear()
        live = []
        for t in tracks:
            recorded[t["seed"]] = t["tokens"] + ([min(engine.ends)] if t["end"] else [])
            live.append(decoding.Track.start(SampleRequest(t["temperature"], t["seed"]), 32))
        stats = decoding.DecodeStats()
        lookup = PromptLookup(rec["prompt"], engine.piece) if drafting else None
        decoding.decode_shared(
            engine, rec["prompt"], live, base=0, seqs=range(1, 32), lookup=lookup,
            row_budget=12, stats=stats,
        )  # fmt: skip
        assert [t.tokens for t in live] == [t["tokens"] for t in tracks]
        ms = len(stats.rows) * step_ms + sum(stats.rows) * row_ms
        return ms, stats.drafted, stats.accepted

    for mode in ("greedy", "greedy+10"):
        totals: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0, 0])
        for rec in records:
            tracks = rec["tracks"][:1] if mode == "greedy" else rec["tracks"]
            answer = b"".join(pieces[t] for t in rec["tracks"][0]["tokens"]).strip()
            prompt = b"".join(pieces[t] for t in rec["prompt"])
            copied = len(rec["tracks"][0]["tokens"]) >= 4 and answer in prompt
            drafted, proposed, kept = cost(rec, tracks, True)
            plain, _, _ = cost(rec, tracks, False)
            for key in ("all", f"{rec['group']}-{'copied' if copied else 'other'}"):
                total = totals[key]
                total[0] += drafted
                total[1] += plain
                total[2] += proposed
                total[3] += kept
        print(f"{mode}, drafting / none (drafted tokens kept/proposed):")
        for key, (drafted, plain, proposed, kept) in sorted(totals.items()):
            print(f"    {key}: {drafted / plain:.2f} ({kept}/{proposed})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("record", "replay"))
    parser.add_argument("path", type=Path)
    parser.add_argument("--step-ms", type=float, default=5.5)
    parser.add_argument("--row-ms", type=float, default=3.2)
    args = parser.parse_args()
    if args.stage == "record":
        record(args.path)
    else:
        replay(args.path, args.step_ms, args.row_ms)


if __name__ == "__main__":
    main()
