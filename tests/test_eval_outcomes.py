"""Where the answerable records went under verified@N, re-judged from stored samples (no
model): the eval report's second table and its ``answerable_outcomes``."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from verify_ask.cli.eval_render import render_report
from verify_ask.decision import judge
from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.evaluation.losses import OUTCOMES, outcome_of, where_answers_went
from verify_ask.evaluation.report import build_report
from verify_ask.evaluation.runner import Scored, restore
from verify_ask.pipeline import Settings
from verify_ask.values import DateValue

# SQuAD v1.1 dev (Rajpurkar et al. 2016), CC BY-SA 4.0, shortened.
SOURCE = (
    "The Amazon basin covers 7,000,000 square kilometres. This region includes territory "
    'belonging to nine nations. States or departments in four nations contain "Amazonas" '
    "in their names."
)
QUESTION = 'How many nations contain "Amazonas" in their names?'


# Shortened from the "Laser" article's history (Wikipedia, CC BY-SA 4.0).
DATED_SOURCE = (
    "On May 16, 1960, Theodore Maiman operated the first functioning laser at Hughes Research "
    "Laboratories in Malibu, California."
)
DATED_QUESTION = "When did Theodore Maiman operate the first functioning laser?"


def _scored(
    answers: list[str],
    samples: list[str],
    settings: Settings | None = None,
    dataset: str = "squad",
) -> Scored:
    record = EvalRecord("r", dataset, QUESTION, SOURCE, tuple(answers), "number")
    return _restored(record, samples, settings)


YEAR_QUESTION = "In what year did Theodore Maiman operate the first functioning laser?"
"""Asks for the year: the samples' year is answered as it is, not as the source dates it."""


def _dated(answers: list[str], samples: list[str], question: str = YEAR_QUESTION) -> Scored:
    record = EvalRecord("d", "squad", question, DATED_SOURCE, tuple(answers), "date")
    return _restored(record, samples)


RULES = Settings(decision="rules")
"""The steps these tests name (grounding, support) are the hand rules'; the fitted decision
refuses at "confidence" (tests at the end)."""


def _restored(record: EvalRecord, samples: list[str], settings: Settings | None = None) -> Scored:
    line = {"greedy_text": samples[0], "samples": samples, "ranking": None}
    return restore(line, record, settings or RULES)


@pytest.mark.parametrize(
    ("answers", "samples", "outcome"),
    [
        (["four"], ["four"] * 10, "right"),
        # The gold answer is deliberately another figure: "four" is verified, and wrong.
        (["nine"], ["four"] * 10, "wrong"),
        (["four"], ["two"] * 10, "unsampled"),
        # One sample of ten is right and no ranking backs it.
        (["four"], ["four"] + ["two"] * 9, "unbacked"),
        # Right by the gold answer, but the source never writes it.
        (["five"], ["five"] * 10, "ungrounded"),
    ],
    ids=["right", "wrong", "unsampled", "unbacked", "ungrounded"],
)
def test_each_answerable_record_has_one_outcome(
    answers: list[str], samples: list[str], outcome: str
) -> None:
    assert outcome_of(_scored(answers, samples)) == outcome


def test_a_right_value_another_checker_refuses_is_other() -> None:
    settings = Settings(pattern=r"^\d+ apples$", decision="rules")
    assert outcome_of(_scored(["four"], ["four"] * 10, settings)) == "other"


def test_judgements_say_which_step_refused_them() -> None:
    scored = _scored(["four"], ["four"] + ["two"] * 9)
    refused = {str(j.candidate.value.display()): j.refused_at for j in scored.outcome.judgements}
    assert refused == {"2": "grounding", "4": "support"}
    accepted = _scored(["four"], ["four"] * 10).outcome.judgements[0]
    assert accepted.accepted and accepted.refused_at is None
    again = judge(accepted.candidate, accepted.checks, scored.outcome.question)
    assert again.refused_at is None


def test_unanswerable_records_are_left_to_the_abstention_column() -> None:
    unanswerable = _scored([], ["four"] * 10)
    assert where_answers_went([unanswerable]) is None
    counts = where_answers_went([unanswerable, _scored(["four"], ["four"] * 10)])
    assert counts == {**dict.fromkeys(OUTCOMES, 0), "right": 1}


def test_the_report_counts_and_renders_the_outcomes() -> None:
    done = [
        _scored(["four"], ["four"] * 10),
        _scored(["four"], ["two"] * 10),
        _scored(["four"], ["four"] + ["two"] * 9),
    ]
    report = build_report(done, RULES)
    counts = report["answerable_outcomes"]["squad"]
    assert sum(counts.values()) == 3
    assert counts["right"] == counts["unsampled"] == counts["unbacked"] == 1
    out = io.StringIO()
    render_report(report, Console(file=out, width=120, highlight=False))
    text = out.getvalue()
    assert "answered, or why not" in text
    # The last "squad" row is the outcome table's (the score table comes first).
    row = [line for line in text.splitlines() if line.startswith("│ squad")][-1]
    cells = [cell.strip() for cell in row.strip("│").split("│")]
    assert cells[1:] == "1 0 1 0 1 0 0".split()


def test_a_year_for_a_full_date_is_wrong_and_counted_as_coarser() -> None:
    year = _dated(["May 16, 1960"], ["1960"] * 10)
    assert year.verified == DateValue(1960), "the year is grounded, so verify-ask answers it"
    full = _dated(["1960"], ["May 16, 1960"] * 10)
    same = _dated(["16 May 1960"], ["May 16, 1960"] * 10)
    report = build_report([year, full, same], Settings())
    for strategy in ("greedy", "majority", "verified"):
        row = report["scores"]["squad"][strategy]
        # The finer date for a year, and the same date written otherwise, are right.
        assert (row["answered"], row["right"], row["coarser"]) == (3, 2, 1), strategy


def test_a_year_the_source_dates_to_the_day_is_answered_to_the_day() -> None:
    scored = _dated(["May 16, 1960"], ["1960"] * 10, DATED_QUESTION)
    assert scored.verified == DateValue(1960, 5, 16)
    scores = build_report([scored], Settings())["scores"]["squad"]
    assert (scores["greedy"]["coarser"], scores["verified"]["right"]) == (1, 1)


def test_the_coarser_count_is_a_column_of_the_score_table() -> None:
    report = build_report([_dated(["May 16, 1960"], ["1960"] * 10)], Settings())
    out = io.StringIO()
    render_report(report, Console(file=out, width=140, highlight=False))
    lines = out.getvalue().splitlines()
    header = next(line for line in lines if "strategy" in line)
    names = [cell.strip() for cell in header.strip("│┃").replace("┃", "│").split("│")]
    verified = next(line for line in lines if line.startswith("│ squad") and "verified" in line)
    cells = [cell.strip() for cell in verified.strip("│").split("│")]
    assert cells[names.index("coarser")] == "1"
    assert cells[names.index("precision")] == "0.000"


SWEEP_KEYS = {
    "min_agree", "min_share", "min_relevance", "records", "answered", "answered_right",
    "abstained_right", "coverage", "precision",
}  # fmt: skip


def test_the_sweep_is_per_dataset_with_keys_that_say_what_they_count() -> None:
    done = [
        _scored(["four"], ["four"] * 10),
        _scored(["nine"], ["four"] * 10),  # verified, and wrong by the gold answer
        # "two" is nowhere in the source: verify-ask abstains, which is right here.
        _scored([], ["two"] * 10, dataset="squad-unanswerable"),
        _scored([], ["four"] * 10, dataset="squad-unanswerable"),
    ]
    report = build_report(done, RULES)
    assert set(report["sweep"]) == set(report["frontier"]) == {"squad", "squad-unanswerable"}
    for dataset, rows in report["sweep"].items():
        assert all(set(row) == SWEEP_KEYS for row in rows)
        assert all(row["records"] == 2 for row in rows), dataset
    # Each dataset's rows count its own records only: right answers on the answerable one,
    # right abstentions on the unanswerable one.
    squad, unanswerable = report["sweep"]["squad"], report["sweep"]["squad-unanswerable"]
    both_answered = [row for row in squad if row["answered"] == 2]
    assert both_answered and all(row["answered_right"] == 1 for row in both_answered)
    assert all(row["abstained_right"] == 0 for row in squad)
    assert any(row["answered"] == 1 for row in unanswerable)
    for row in unanswerable:
        assert row["answered_right"] == 0
        assert row["abstained_right"] == row["records"] - row["answered"]


def test_under_the_fitted_decision_a_right_value_under_the_threshold_is_unconfident() -> None:
    sure = _scored(["four"], ["four"] * 10, Settings(decision="fitted"))
    assert outcome_of(sure) == "right"
    doubtful = _scored(["four"], ["four"] * 10, Settings(decision="fitted", min_confidence=1.0))
    assert doubtful.verified is None
    assert outcome_of(doubtful) == "unconfident"


def test_the_fitted_decisions_sweep_is_over_its_confidence() -> None:
    fitted = Settings(decision="fitted")
    done = [_scored(["four"], ["four"] * 10, fitted), _scored(["nine"], ["four"] * 10, fitted)]
    report = build_report(done, fitted)
    rows = report["sweep"]["squad"]
    assert all(set(row) == SWEEP_KEYS - {"min_agree", "min_share", "min_relevance"}
               | {"min_confidence"} for row in rows)  # fmt: skip
    # A higher threshold never answers more.
    answered = [row["answered"] for row in rows]
    assert answered == sorted(answered, reverse=True) and answered[0] == 2


def test_a_refit_keeps_the_veto_of_the_weights_it_judged_with(tmp_path) -> None:
    import json

    from verify_ask.decision.confidence import load
    from verify_ask.evaluation.fit import fit_and_write
    from verify_ask.evaluation.split import in_lockbox

    fitted = Settings(decision="fitted")
    records = [
        EvalRecord(f"r{i}-{answer}", "squad", QUESTION, SOURCE, (answer,), "number",
                   meta={"title": f"Article {i}"})
        for i in range(40) for answer in ("four", "nine")
    ]
    done = [_restored(r, ["four"] * 10, fitted) for r in records if not in_lockbox(r)]
    path = tmp_path / "weights.json"
    fit_and_write(done, fitted, str(path))
    written = json.loads(path.read_text("utf-8"))
    assert written["reader_veto"] == load(None).reader_veto is not None
