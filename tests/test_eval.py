"""The eval command: gold matching rules, scoring, and a real run with resume and plot.

The records are from SQuAD v1.1 / v2.0 dev (CC BY-SA 4.0) and TAT-QA dev (CC BY 4.0).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from named_cases import named

from verify_ask.cli.main import main
from verify_ask.errors import InputError
from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.evaluation.gold import is_right, verdict
from verify_ask.text.normalize import parse_value


def record(answers: list[str], kind: str = "number", scale: str = "") -> EvalRecord:
    return EvalRecord("r", "test", "q?", "source", tuple(answers), kind, meta={"scale": scale})


GOLD = [
    (
        "same-number-other-surface",
        "5.5 million",
        ["5,500,000 square kilometres"],
        "number",
        "",
        True,
    ),
    ("number-word-gold", "9", ["nine"], "number", "", True),
    ("rounded-to-shown-decimals", "-22.2", ["-22.22"], "number", "", True),
    ("not-rounded-to-integer", "22", ["22.2"], "number", "", False),
    ("one-digit-off", "48.3", ["48.2"], "number", "", False),
    ("scaled-table", "1,496.5 million", ["$1,496.5"], "number", "million", True),
    ("currency-contradicts", "€75 million", ["$75 million"], "number", "", False),
    # A date must be at least as precise as the gold: a right year for a full date is wrong.
    ("year-for-full-date", "2009", ["14 March 2009"], "date", "", False),
    ("month-for-full-date", "March 2009", ["14 March 2009"], "date", "", False),
    ("same-day", "March 14, 2009", ["14 March 2009"], "date", "", True),
    ("same-month", "March 2009", ["March 2009"], "date", "", True),
    ("wrong-month", "April 2009", ["14 March 2009"], "date", "", False),
    ("wrong-day", "15 March 2009", ["14 March 2009"], "date", "", False),
    ("full-date-for-year", "14 March 2009", ["2009"], "date", "", True),
    ("full-date-for-month", "14 March 2009", ["March 2009"], "date", "", True),
    ("any-variant-at-its-precision", "2009", ["14 March 2009", "2009"], "date", "", True),
    # A gold figure that is a bare year, read as a number (a bare year for a date: below).
    ("full-date-for-year-figure", "May 9, 1960", ["1960"], "number", "", True),
    ("full-date-for-other-year-figure", "May 9, 1961", ["1960"], "number", "", False),
    # SQuAD dev: "26,000 square kilometres (10,000 sq mi) of Victorian farmland".
    ("same-area-other-unit", "10,000 sq mi", ["26,000 square kilometres"], "number", "", True),
    ("same-temperature-other-unit", "10.9 °F", ["−11.7 °C"], "number", "", True),
    ("other-length", "500 mi", ["1,230 km"], "number", "", False),
    ("a-height-is-no-flow", "4,274 m", ["1,000 m3/s"], "number", "", False),
]


@pytest.mark.parametrize(
    ("answer", "gold", "kind", "scale", "expected"), named(GOLD)
)
def test_gold_matching(answer: str, gold: list[str], kind: str, scale: str, expected: bool) -> None:
    value = parse_value(answer, expect=kind)  # type: ignore[arg-type]
    assert is_right(value, record(gold, kind, scale)) is expected


COARSER = [
    ("year-for-full-date", "2009", "date", ["14 March 2009"], "coarser"),
    ("month-for-full-date", "March 2009", "date", ["14 March 2009"], "coarser"),
    # A bare year read as a figure, against a gold date.
    ("year-figure-for-full-date", "1960", "number", ["May 9, 1960"], "coarser"),
    ("year-figure-for-year", "1960", "number", ["1960"], "right"),
    ("year-of-another-date", "2010", "date", ["14 March 2009"], "wrong"),
    ("finer-is-right-not-coarser", "14 March 2009", "date", ["2009"], "right"),
    ("a-right-variant-beats-a-coarser-one", "2009", "date", ["14 March 2009", "2009"], "right"),
]


@pytest.mark.parametrize(
    ("answer", "expect", "gold", "expected"), named(COARSER)
)
def test_a_date_right_only_at_a_coarser_precision_is_told_apart(
    answer: str, expect: str, gold: list[str], expected: str
) -> None:
    value = parse_value(answer, expect=expect)  # type: ignore[arg-type]
    assert verdict(value, record(gold, "date")) == expected


DATA = [
    {
        "id": "squad-nations",
        "dataset": "squad",
        "question": 'How many nations contain "Amazonas" in their names?',
        "source": "This region includes territory belonging to nine nations. States or departments "
        'in four nations contain "Amazonas" in their names.',
        "answers": ["four"],
        "kind": "number",
    },
    {
        "id": "unanswerable",
        "dataset": "squad-unanswerable",
        "question": 'How many nations contain "Orinoco" in their names?',
        "source": "This region includes territory belonging to nine nations. States or departments "
        'in four nations contain "Amazonas" in their names.',
        "answers": [],
        "kind": "number",
    },
]


@pytest.mark.model
def test_eval_runs_resumes_and_plots(tmp_path: Path, capsys) -> None:
    data = tmp_path / "data.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in DATA), encoding="utf-8")
    per_record, plot = tmp_path / "records.jsonl", tmp_path / "curve.png"
    args = ["eval", str(data), "--samples", "3", "--per-record", str(per_record), "--json"]
    assert main([*args, "--plot", str(plot)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["records"] == 2
    assert set(first["scores"]) == {"squad", "squad-unanswerable", "all"}
    assert first["scores"]["squad-unanswerable"]["verified"]["abstention_unanswerable"] is not None
    # One answerable record: one outcome under verified, and none for the unanswerable file.
    assert sum(first["answerable_outcomes"]["squad"].values()) == 1
    assert "squad-unanswerable" not in first["answerable_outcomes"]
    lines = [json.loads(line) for line in per_record.read_text().splitlines()]
    assert [line["id"] for line in lines] == ["squad-nations", "unanswerable"]
    assert all(len(line["samples"]) == 3 for line in lines)
    assert plot.read_bytes()[:4] == b"\x89PNG"

    # Resuming re-judges the stored samples: the same report, and nothing new is run.
    assert main([*args, "--resume"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["scores"] == first["scores"]
    assert again["answerable_outcomes"] == first["answerable_outcomes"]
    assert again["sweep"] == first["sweep"]
    assert len(per_record.read_text().splitlines()) == 2

    # --stored-only judges the same records again and leaves the file as it was.
    before = per_record.read_bytes()
    assert main([*args, "--stored-only"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == first["scores"]
    assert per_record.read_bytes() == before


def test_stored_only_reads_the_file_and_never_opens_it_for_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from verify_ask.evaluation.store import PerRecordStore, read_stored
    from verify_ask.settings import Settings

    stored = tmp_path / "records.jsonl"
    stored.write_text('{"id": "a", "samples": []}\n{"id": "b", "sam', encoding="utf-8")
    real_open = Path.open

    def read_only_open(self: Path, mode: str = "r", *args, **kwargs):
        if self == stored and mode != "r":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", read_only_open)
    assert list(read_stored(stored)) == ["a"], "a line cut short is left to run again"
    store = PerRecordStore(str(stored), Settings(), resume=False, read_only=True)
    store.close()
    with pytest.raises(InputError, match="cannot write"):
        PerRecordStore(str(stored), Settings(), resume=True)


def test_resume_needs_a_per_record_file(capsys) -> None:
    assert main(["eval", "x.jsonl", "--resume"]) == 2
    assert "--resume needs --per-record" in capsys.readouterr().err


@pytest.mark.parametrize("part", ["lockbox", "all"])
def test_fit_refuses_records_beyond_the_design_articles(part: str, capsys) -> None:
    given = ["eval", "x.jsonl", "--part", part, "--per-record", "r.jsonl", "--fit", "w.json"]
    assert main(given) == 2
    error = capsys.readouterr().err
    assert "--fit fits on design articles only" in error and error.count("\n") == 1


def test_precision_of_no_answer_is_undefined_not_zero() -> None:
    from verify_ask.evaluation.metrics import Score

    nothing = Score(100, answered=0, answered_right=0, unanswerable=0, abstained_unanswerable=0)
    assert nothing.precision is None and nothing.to_json()["precision"] is None
    one_wrong = Score(100, answered=1, answered_right=0, unanswerable=0, abstained_unanswerable=0)
    assert one_wrong.precision == 0.0
