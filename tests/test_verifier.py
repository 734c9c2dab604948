"""The evidence verifier (``--verifier``): what it reads, how its answer is compared, and
what happens to the answer when it reads otherwise."""

from __future__ import annotations

import json

import pytest

from verify_ask.checkers.base import evidence_at
from verify_ask.cli.main import main
from verify_ask.text.normalize import parse_value
from verify_ask.text.source import Source
from verify_ask.verifier import Reading, agrees, evidence_text, points_at

ARTICLE = (
    "OrigoTech makes industrial sensors. It was founded in Lisbon. "
    "The company opened a plant in Porto on 2 May 2022. It employs 85 people there."
)
TABLE = "Table:\n | 2019 | 2018\nTotal sales | $1,496.5 | $1,202.9\n\nText:\nSales rose."


def _evidence(text: str, figure: str):
    source = Source(text)
    start = text.index(figure)
    return source, evidence_at(source, start, start + len(figure))


def test_the_verifier_reads_the_figures_sentence_and_the_one_before() -> None:
    source, evidence = _evidence(ARTICLE, "2 May 2022")
    assert evidence_text(source, evidence) == (
        "It was founded in Lisbon. The company opened a plant in Porto on 2 May 2022."
    )


def test_a_table_cell_is_read_as_its_row_under_its_column_headers() -> None:
    source, evidence = _evidence(TABLE, "$1,202.9")
    read = evidence_text(source, evidence)
    assert read.splitlines()[0] == "2018"
    assert "Total sales | $1,496.5 | $1,202.9" in read.splitlines()[1]


@pytest.mark.parametrize(
    ("answer", "verified", "expected"),
    [
        ("2 May 2022", "2 May 2022", True),
        ("May 2, 2022", "2 May 2022", True),
        ("2022", "2 May 2022", True),  # a coarser reading backs the full date
        ("2021", "2 May 2022", False),
        ("unknown", "85", False),
        ("85 people", "85", True),
        ("58", "85", False),
    ],
)
def test_the_verifiers_answer_is_compared_typed(answer: str, verified: str, expected: bool) -> None:
    kind = "date" if "May" in verified else "number"
    found = parse_value(answer, expect=kind)
    assert agrees(found, parse_value(verified, expect=kind)) is expected


def test_an_answer_quoting_part_of_the_figure_points_at_it() -> None:
    source, evidence = _evidence("An average 182 million tons of dust leave.", "182 million tons")
    assert points_at(source, evidence, "182")
    assert not points_at(source, evidence, "18")
    assert not points_at(source, evidence, "")


def test_a_disagreeing_verifier_withdraws_the_answer(capsys, example_path, monkeypatch) -> None:
    """The logic around the verifier's model: what a disagreement does to the record."""
    from verify_ask import verifier

    class Disagrees:
        def read(self, question, source, chosen):
            return Reading("test-verifier", "the evidence", "unknown", None, False, 0.1)

    monkeypatch.setattr(verifier, "verifier_for", lambda model: Disagrees())
    args = ["When was OrigoTech founded?", "-s", str(example_path), "--json", "--no-timings"]
    status = main([*args, "--verifier", "gemma3-270m"])
    record = json.loads(capsys.readouterr().out)
    assert status == 1 and record["status"] == "abstained" and record["answer"] is None
    assert record["reason"].startswith("the verifier test-verifier, reading the evidence of ")
    assert record["verifier"]["text"] == "unknown" and record["verifier"]["agrees"] is False


@pytest.mark.model
def test_the_verifier_runs_a_real_model_on_the_evidence(capsys, example_path) -> None:
    """Gemma 270M stands in for the larger verifier here (CI installs no other model): a base
    model, so its reading is not asserted, only that it ran and decided the outcome."""
    args = ["When was OrigoTech founded?", "-s", str(example_path), "--json", "--no-timings"]
    status = main([*args, "--verifier", "gemma3-270m"])
    record = json.loads(capsys.readouterr().out)
    reading = record["verifier"]
    assert "founded on 14 March 2009" in reading["evidence"]
    assert reading["model"] == "gemma3-270m"
    if reading["agrees"]:
        assert status == 0 and record["answer"]["display"] == "14 March 2009"
    else:
        assert status == 1 and record["reason"].startswith("the verifier gemma3-270m")
