"""scripts/train_reader.py's report pairs: the gold figure is the positive, the figures the
question's words stand nearest are its negatives, and an unanswerable question has no
positive."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from script_modules import script

REPORT = (
    "Harbour Water plc reported revenue of £412.6 million for 2024, up from £388.1 million "
    "in 2023. The regulator's target for leakage was 142 megalitres a day; actual leakage was "
    "151 megalitres a day. The company employs 1,940 people and opened its Kelby works on "
    "3 May 2024."
)


train_reader = script("train_reader")


def _records(tmp_path: Path) -> Path:
    path = tmp_path / "reports.jsonl"
    rows = [
        ("What was actual leakage?", ["151 megalitres"], "number"),
        ("What was revenue in 2022?", [], "number"),
    ]
    path.write_text("".join(
        json.dumps({"id": f"r{i}", "dataset": "train-reports", "question": q, "source": REPORT,
                    "answers": a, "kind": k}) + "\n"
        for i, (q, a, k) in enumerate(rows)
    ), encoding="utf-8")
    return path


def _marked(data: dict[str, np.ndarray], row: int) -> str:
    from verify_ask.reader import model

    first, last = data["span"][row]
    return model.tokenizer().decode([int(i) for i in data["ids"][row, first + 1:last]])


def test_report_pairs_mark_the_gold_and_the_figures_nearest_the_question(tmp_path: Path) -> None:
    out = tmp_path / "pairs.npz"
    train_reader.report_pairs([_records(tmp_path)], out)
    data = dict(np.load(out))
    asked = np.flatnonzero(data["question"] == 0)
    labels = data["labels"][asked]
    assert labels[0] == 1 and _marked(data, asked[0]) == "151"
    assert not labels[1:].any() and len(asked) == 1 + train_reader.REPORT_HARD_NEGATIVES + 1
    # The target beside the outcome shares the question's words: it is a hard negative, and
    # the opening date, far from them, is not.
    negatives = {_marked(data, row) for row in asked[1:1 + train_reader.REPORT_HARD_NEGATIVES]}
    assert "142" in negatives and "3 may 2024" not in negatives
    unanswerable = np.flatnonzero(data["question"] == 1)
    assert len(unanswerable) and not data["labels"][unanswerable].any()


def _train_dir(tmp_path: Path, titles: list[str]) -> Path:
    folder = tmp_path / "train"
    folder.mkdir()
    (folder / "design.jsonl").write_text("".join(
        json.dumps({"id": f"passage-{title}", "title": title, "source": REPORT,
                    "questions": []}) + "\n"
        for title in titles
    ), encoding="utf-8")
    return folder


def _titles() -> tuple[str, str]:
    """A design article's title and a lockbox article's, as the evaluation splits them."""
    from verify_ask.evaluation.split import design_fold

    titles = [f"Article_{n}" for n in range(20)]
    design = next(t for t in titles if design_fold(f"title:{t}") is not None)
    lockbox = next(t for t in titles if design_fold(f"title:{t}") is None)
    return design, lockbox


def _lookalike(tmp_path: Path, passage: str) -> Path:
    path = tmp_path / "lookalikes.jsonl"
    path.write_text(json.dumps({
        "id": "la1-1-1", "dataset": "train-lookalikes", "passage_id": passage,
        "question": "What was the leakage target?", "answers": ["142 megalitres"],
        "kind": "number", "trick": "answerable",
    }) + "\n", encoding="utf-8")
    return path


def test_a_lookalike_is_read_in_the_design_passage_it_names(tmp_path: Path) -> None:
    design, lockbox = _titles()
    folder = _train_dir(tmp_path, [design, lockbox])
    out = tmp_path / "pairs.npz"
    train_reader.report_pairs([_lookalike(tmp_path, f"passage-{design}")], out, folder)
    data = dict(np.load(out))
    assert data["labels"][0] == 1 and _marked(data, 0) == "142"


def test_a_lookalike_of_a_lockbox_passage_is_refused(tmp_path: Path) -> None:
    design, lockbox = _titles()
    folder = _train_dir(tmp_path, [design, lockbox])
    with pytest.raises(SystemExit, match="no design passage"):
        train_reader.report_pairs([_lookalike(tmp_path, f"passage-{lockbox}")],
                                  tmp_path / "pairs.npz", folder)
