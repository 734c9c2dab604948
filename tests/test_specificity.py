"""An answer as specific as the source and the samples allow (issue 20).

Samples write one fact at several precisions ("May 9, 1960", "May 1960", "1960"); a coarser
sample backs every finer candidate consistent with it, so the finer one is answered when the
source states it, and the coarser one when the source says no more. The WLS and game
sentences paraphrase SQuAD v1.1 dev (Rajpurkar et al. 2016), CC BY-SA 4.0.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from named_cases import named

from verify_ask.cli.main import main
from verify_ask.decision import Judgement, answer_of, decide
from verify_ask.language.question import analyze_question
from verify_ask.pipeline import Settings, judge_samples, read_answer
from verify_ask.text.source import Source
from verify_ask.values import DateValue, Quantity, Value, backs

WLS = "When did WLS launch a lineup of ABC radio programs?"
WLS_SAMPLES = ["May 9, 1960"] * 4 + ["1960"] * 5 + ["May 1960"]
GAME = "What day was the game played on?"
GAME_SAMPLES = ["February 7, 2016"] * 3 + ["7 February 2016"] + ["2016"] * 3
REVENUE = "What was OrigoTech's revenue in 2023?"
REVENUE_SAMPLES = ["48 million euros"] * 5 + ["48.2 million euros"] * 3


def judged(question_text: str, text: str, answers: list[str]) -> tuple[Judgement, ...]:
    """Every candidate of ``answers`` judged by the default checkers (no model, no ranking)."""
    question = analyze_question(question_text)
    samples = tuple(read_answer(a, question, i) for i, a in enumerate(answers))
    return judge_samples(question, Source(text), samples, Settings())


def answer(question_text: str, text: str, answers: list[str]) -> str | None:
    chosen = decide(list(judged(question_text, text, answers)))
    return chosen.candidate.value.display() if chosen else None


def test_the_full_date_is_the_answer_when_the_source_states_it() -> None:
    text = "On May 9, 1960, WLS launched a lineup of ABC radio programs."
    judgements = judged(WLS, text, WLS_SAMPLES)
    top = judgements[0].candidate
    assert top.value == DateValue(1960, 5, 9)
    assert (top.votes, top.support) == (4, 10)  # its own 4, and the 6 coarser samples
    assert sorted(s.text for s in top.pooled) == ["1960"] * 5 + ["May 1960"]
    assert [j.candidate.value.display() for j in judgements] == ["9 May 1960", "May 1960", "1960"]
    assert answer(WLS, text, WLS_SAMPLES) == "9 May 1960"


def test_the_year_is_the_answer_when_the_source_gives_only_the_year() -> None:
    text = "In 1960, WLS launched a lineup of ABC radio programs."
    judgements = judged(WLS, text, WLS_SAMPLES)
    finer = [j for j in judgements if j.candidate.value != DateValue(1960)]
    assert all(j.refused_at == "grounding" for j in finer), [j.reason for j in finer]
    assert answer(WLS, text, WLS_SAMPLES) == "1960"


def test_a_question_for_a_day_abstains_rather_than_answer_a_year() -> None:
    text = "The game was played in 2016 at Levi's Stadium in Santa Clara, California."
    judgements = judged(GAME, text, GAME_SAMPLES)
    assert answer(GAME, text, GAME_SAMPLES) is None
    year = next(j for j in judgements if j.candidate.value == DateValue(2016))
    assert year.refused_at == "kind"
    assert year.reason == "the question asks for a day, and 2016 gives only the year"


def test_a_question_for_a_day_gets_the_day_the_source_states() -> None:
    text = "The game was played on February 7, 2016, at Levi's Stadium in Santa Clara."
    assert answer(GAME, text, GAME_SAMPLES) == "7 February 2016"


def test_a_question_for_a_month_refuses_a_year() -> None:
    question = "In which month did WLS launch a lineup of ABC radio programs?"
    text = "In 1960, WLS launched a lineup of ABC radio programs."
    (year,) = judged(question, text, ["1960"] * 4)
    assert (year.accepted, year.refused_at) == (False, "kind")
    assert year.reason == "the question asks for a month, and 1960 gives only the year"


def test_the_precise_figure_wins_when_the_source_states_it(example_text: str) -> None:
    judgements = judged(REVENUE, example_text, REVENUE_SAMPLES)
    assert judgements[0].candidate.value == Quantity(Decimal("48.2e6"), "EUR")
    assert judgements[0].candidate.support == 8
    vote = next(c for c in judgements[0].checks if c.checker == "vote")
    assert vote.detail.startswith("8 of 8 samples (100%), 5 of them coarser;"), vote.detail
    assert answer(REVENUE, example_text, REVENUE_SAMPLES) == "€48.2 million"


def test_the_rounded_figure_is_the_answer_when_the_source_rounds_it_too() -> None:
    text = "OrigoTech's revenue reached about €48 million in 2023."
    assert answer(REVENUE, text, REVENUE_SAMPLES) == "€48 million"


def test_samples_that_agree_at_one_precision_are_not_pooled() -> None:
    judgements = judged(WLS, "In 1960 WLS launched it.", ["1960"] * 3 + ["1961"] * 2)
    assert [(j.candidate.votes, j.candidate.support) for j in judgements] == [(3, 3), (2, 2)]
    assert all(j.candidate.pooled == () for j in judgements)


def _value(text: str, kind: str) -> Value:
    asking = {"date": "When?", "number": "How much?"}[kind]
    value = read_answer(text, analyze_question(asking), 0).value
    assert value is not None, text
    return value


BACKS = [
    # (id, coarse, fine, kind, backs)
    ("year-day", "1960", "May 9, 1960", "date", True),
    ("month-day", "May 1960", "May 9, 1960", "date", True),
    ("year-month", "1960", "May 1960", "date", True),
    ("other-year", "1961", "May 9, 1960", "date", False),
    ("other-month", "June 1960", "May 9, 1960", "date", False),
    ("finer-backs-no-coarser", "May 9, 1960", "1960", "date", False),
    ("same-precision", "May 9, 1960", "May 10, 1960", "date", False),
    ("millions", "48 million", "48.2 million", "number", True),
    ("rounds-up", "48 million", "47.6 million", "number", True),
    ("rounds-elsewhere", "48 million", "48.6 million", "number", False),
    ("finer-backs-no-coarser-number", "48.2 million", "48 million", "number", False),
    ("units-agree", "48 million", "€48.2 million", "number", True),
    ("units-differ", "$48 million", "€48.2 million", "number", False),
    ("decimals", "12%", "12.4%", "number", True),
    # Zeros before the point count as written: 2,000 students may be exactly 2,000.
    ("trailing-zeros", "2,000", "2,400", "number", False),
    ("hundred-million", "100 million", "120 million", "number", False),
]


@pytest.mark.parametrize(
    ("coarse", "fine", "kind", "expected"), named(BACKS)
)
def test_backs(coarse: str, fine: str, kind: str, expected: bool) -> None:
    assert backs(_value(coarse, kind), _value(fine, kind)) is expected


PRECISIONS = [
    ("what-day", "What day was the game played on?", "day"),
    ("on-what-date", "On what date did the strike begin?", "day"),
    ("on-which-date", "On which date was the treaty signed?", "day"),
    ("what-date", "What date did the war end?", "day"),
    ("in-which-month", "In which month did the flood happen?", "month"),
    ("what-month", "What month is the festival held?", "month"),
    ("when", "When did Kenya gain independence?", None),
    ("what-year", "What year did Kenya gain independence?", None),
    ("a-number", "How many days did the strike last?", None),
]


@pytest.mark.parametrize(
    ("text", "expected"), named(PRECISIONS)
)
def test_the_precision_a_question_asks_for(text: str, expected: str | None) -> None:
    assert analyze_question(text).precision == expected


def test_json_shows_the_samples_pooled_into_the_answer(tmp_path: Path, capsys, replay) -> None:
    source = tmp_path / "wls.txt"
    source.write_text("On May 9, 1960, WLS launched a lineup of ABC radio programs.\n")
    replay(["May 9, 1960", *WLS_SAMPLES])  # the greedy answer, then one per sample
    args = [WLS, "-s", str(source), "-n", str(len(WLS_SAMPLES)), "--json", "--no-timings"]
    assert main(args) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["answer"]["display"] == "9 May 1960"
    pooled = record["answer"]["pooled"]
    assert sorted(p["text"] for p in pooled) == ["1960"] * 5 + ["May 1960"]
    assert {p["value"]["precision"] for p in pooled} == {"year", "month"}
    top, *coarser = record["candidates"]
    assert top["pooled"] == pooled
    assert [[p["text"] for p in c["pooled"]] for c in coarser] == [["1960"] * 5, []]


_WINDOWS = (
    "It was announced in November 1983 under the name Windows, but Windows 1.0 was not "
    "released until November 1985. Windows 2.0 was released in 1987."
)
STATED_PRECISION = [
    ("when-as-the-source-dates-it", "When was Windows 1.0 released?", "1985", "November 1985"),
    ("in-what-year-keeps-the-year", "In what year was Windows 1.0 released?", "1985", "1985"),
    ("a-bare-year-in-the-source", "When was Windows 2.0 released?", "1987", "1987"),
]


@pytest.mark.parametrize(("question_text", "written", "answered"), named(STATED_PRECISION))
def test_a_year_is_answered_as_precisely_as_the_source_states_it(
    question_text: str, written: str, answered: str
) -> None:
    question = analyze_question(question_text)
    source = Source(_WINDOWS)
    samples = tuple(read_answer(written, question, seed) for seed in range(10))
    judgements = judge_samples(question, source, samples, Settings(), None, samples[0])
    chosen = answer_of(judgements, question, source)
    assert chosen is not None, [j.reason for j in judgements]
    assert chosen.candidate.value.display() == answered
