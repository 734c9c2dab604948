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

# SQuAD v1.1 dev (Rajpurkar et al. 2016), CC BY-SA 4.0, shortened.
SOURCE = (
    "The Amazon basin covers 7,000,000 square kilometres. This region includes territory "
    'belonging to nine nations. States or departments in four nations contain "Amazonas" '
    "in their names."
)
QUESTION = 'How many nations contain "Amazonas" in their names?'


def _scored(answers: list[str], samples: list[str], settings: Settings | None = None) -> Scored:
    record = EvalRecord("r", "squad", QUESTION, SOURCE, tuple(answers), "number")
    line = {"greedy_text": samples[0], "samples": samples, "ranking": None}
    return restore(line, record, settings or Settings())


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
    settings = Settings(pattern=r"^\d+ apples$")
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
    report = build_report(done, Settings())
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
    assert cells[1:] == "1 0 1 0 1 0".split()
