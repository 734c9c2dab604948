"""scripts/distractors.py: a distractor mirrors the question about something else, keeps the
true answer, and its answer-removed variant holds no gold answer; scripts/distractor_holes.py
runs the span checker on its fake figure. The passage is SQuAD's
(Rajpurkar et al. 2016, CC BY-SA 4.0), shortened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from script_modules import script

from verify_ask.evaluation.dataset import read_records

ROOT = Path(__file__).resolve().parent.parent
PASSAGE = (
    "Tesla was born in 1856 in Smiljan. He moved to Paris in 1882 to work for the Continental "
    "Edison Company. In 1884 he emigrated to the United States."
)
RECORD = {
    "id": "squad1-test",
    "dataset": "squad_v1.1_dev",
    "question": "When did Tesla move to Paris?",
    "source": PASSAGE,
    "answers": ["1882", "in 1882"],
    "kind": "date",
    "meta": {"title": "Nikola_Tesla"},
}


generator = script("distractors")
distractor_holes = script("distractor_holes")


def test_a_distractor_mirrors_the_question_about_another_name_and_keeps_the_answer() -> None:
    made = generator.distractors(RECORD)
    kept, removed = made
    added = kept["meta"]["distractor"]
    assert added in kept["source"] and PASSAGE in kept["source"]
    assert "Tesla" not in added or "Paris" not in added  # one of the question's names swapped
    assert "move to" in added  # the question's own words
    fake = kept["meta"]["fake_answer"]
    assert fake in added and fake != "1882" and fake not in PASSAGE
    assert kept["answers"] == RECORD["answers"] and kept["meta"]["title"] == "Nikola_Tesla"
    assert removed["answers"] == [] and removed["meta"]["unanswerable"]
    assert "1882" not in removed["source"] and added in removed["source"]
    assert generator.distractors(RECORD) == made  # the same input, the same records


def test_a_question_with_nothing_to_swap_makes_no_record(tmp_path, capsys) -> None:
    plain = {**RECORD, "question": "How many were there?", "answers": ["3"], "kind": "number"}
    data = tmp_path / "data.jsonl"
    data.write_text(json.dumps(plain) + "\n" + json.dumps(RECORD) + "\n")
    assert generator.main([str(data)]) == 0
    out = capsys.readouterr()
    assert [json.loads(line)["id"] for line in out.out.splitlines()] == [
        "squad1-test-adv",
        "squad1-test-adv-removed",
    ]
    assert "2 read, 1 with a distractor, 1 answer-removed, 1 skipped" in out.err


def test_a_later_variant_mirrors_the_same_question_another_way_under_its_own_ids() -> None:
    first = generator.distractors(RECORD)
    second = generator.distractors(RECORD, variant=2)
    assert [r["id"] for r in second] == ["squad1-test-adv2", "squad1-test-adv2-removed"]
    assert second[0]["meta"]["distractor"] != first[0]["meta"]["distractor"]
    assert second[0]["meta"]["fake_answer"] not in PASSAGE
    assert second[0]["answers"] == RECORD["answers"] and second[1]["answers"] == []
    assert generator.distractors(RECORD, variant=1) == first  # variant 1 is the original set


def test_an_unanswerable_question_mirrors_into_an_invented_figure_and_stays_unanswerable() -> None:
    asked = {
        **RECORD,
        "id": "squad2-test",
        "dataset": "squad_v2.0_dev_unanswerable",
        "question": "When did Edison move to Paris?",
        "answers": [],
        "meta": {"title": "Nikola_Tesla", "unanswerable": True},
    }
    (made,) = generator.distractors(asked)
    added, fake = made["meta"]["distractor"], made["meta"]["fake_answer"]
    assert made["dataset"] == "squad_v2.0_dev_unanswerable_distractor"
    assert made["answers"] == [] and made["id"] == "squad2-test-adv"
    assert fake in added and fake not in PASSAGE and fake.isdigit() and len(fake) == 4
    assert "move to" in added and PASSAGE in made["source"]
    assert generator.distractors(asked) == [made]


def test_the_span_checker_refuses_the_fake_figure_and_passes_the_gold(tmp_path, capsys) -> None:
    data = tmp_path / "distractors.jsonl"
    data.write_text("".join(json.dumps(record) + "\n" for record in generator.distractors(RECORD)))
    kept, removed = read_records(data)
    assert distractor_holes.holes(kept) == (False, True), kept.meta["distractor"]
    assert distractor_holes.holes(removed) == (False, None)
    assert distractor_holes.main([str(data), "--part", "all"]) == 0
    table = capsys.readouterr().out
    assert "| squad_v1.1_dev_distractor | 1 | 0 of 1 (0.000) | 1 of 1 |" in table
    assert "| squad_v1.1_dev_distractor_removed | 1 | 0 of 1 (0.000) | (unanswerable) |" in table


def test_the_holes_are_listed_for_the_design_part_only(tmp_path) -> None:
    data = tmp_path / "distractors.jsonl"
    data.write_text("")
    with pytest.raises(SystemExit):
        distractor_holes.main([str(data), "--part", "lockbox", "--list"])
