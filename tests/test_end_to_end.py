"""The real default model through llama.cpp, answering questions about real text.

Passages marked SQuAD are from SQuAD v1.1 dev (Rajpurkar et al. 2016), CC BY-SA 4.0.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from verify_ask.cli.main import main
from verify_ask.values import DateValue

pytestmark = pytest.mark.model


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    status = main([*args, "--json"])
    out = capsys.readouterr().out
    return status, json.loads(out)


def test_date_question_is_verified_with_offsets(capsys, example_path, example_text) -> None:
    status, record = run_json(capsys, "When was OrigoTech founded?", "--source", str(example_path))
    assert status == 0
    assert record["status"] == "verified"
    assert record["answer"]["value"] == DateValue(2009, 3, 14).to_json()
    evidence = record["answer"]["evidence"][0]
    assert example_text[evidence["start"] : evidence["end"]] == "14 March 2009"
    assert "founded on 14 March 2009" in evidence["quote"]
    assert evidence["line"] == 3
    assert record["model"]["sha256"]
    # What the decode cost: the subset head's steps and logit rows, beside the seconds.
    timings = record["timings"]
    assert timings["prefill_s"] > 0 and timings["decode_s"] > 0
    decode = timings["decode"]
    assert decode["head"] == "subset" and decode["steps"] > 0
    assert decode["rows"] >= decode["steps"] and decode["prefill_tokens"] > 0
    assert decode["accepted"] <= decode["drafted"]
    assert record["model"]["draft"] == "source", "drafting from the source is on by default"


def test_question_without_answer_in_source_abstains(capsys, example_path) -> None:
    status, record = run_json(
        capsys, "How many patents does OrigoTech hold?", "--source", str(example_path)
    )
    assert status == 1
    assert record["status"] == "abstained"
    assert record["answer"] is None


def test_derived_figure_is_never_a_wrong_verified_answer(capsys, example_path) -> None:
    status, record = run_json(
        capsys,
        "By how much did OrigoTech's revenue grow from 2022 to 2023?",
        "--source",
        str(example_path),
    )
    assert record["prompt"] == "derive"
    if status == 0:
        assert record["answer"]["value"]["number"] in ("8700000", "8.7")
        assert record["answer"]["derivation"]
    else:
        assert (status, record["status"]) == (1, "abstained")


def test_same_seed_gives_byte_identical_json(capsys, example_path) -> None:
    args = ["How many people does OrigoTech employ?", "-s", str(example_path), "--json"]
    outputs = []
    for _ in range(2):
        main([*args, "--no-timings", "--seed", "7"])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    record = json.loads(outputs[0])
    assert [s["seed"] for s in record["samples"]] == list(range(7, 17))


SQUAD_PASSAGE = (
    "The Amazon rainforest (Portuguese: Floresta Amazônica or Amazônia; Spanish: Selva "
    "Amazónica, Amazonía or usually Amazonia; French: Forêt amazonienne; Dutch: "
    "Amazoneregenwoud), also known in English as Amazonia or the Amazon Jungle, is a moist "
    "broadleaf forest that covers most of the Amazon basin of South America. This basin "
    "encompasses 7,000,000 square kilometres (2,700,000 sq mi), of which 5,500,000 square "
    "kilometres (2,100,000 sq mi) are covered by the rainforest. This region includes "
    "territory belonging to nine nations. The majority of the forest is contained within "
    "Brazil, with 60% of the rainforest, followed by Peru with 13%, Colombia with 10%, and "
    "with minor amounts in Venezuela, Ecuador, Bolivia, Guyana, Suriname and French Guiana."
)


def test_squad_passage_from_stdin_verifies_or_abstains_never_wrong(tmp_path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "verify_ask",
            "How many nations contain the Amazon rainforest?",
            "--source",
            "-",
            "--json",
        ],
        input=SQUAD_PASSAGE.encode(),
        capture_output=True,
        timeout=300,
        check=False,
    )
    record = json.loads(completed.stdout)
    assert completed.returncode == (0 if record["status"] == "verified" else 1), completed.stderr
    if completed.returncode == 0:
        assert record["answer"]["value"]["number"] == "9"
        evidence = record["answer"]["evidence"][0]
        assert SQUAD_PASSAGE[evidence["start"] : evidence["end"]] == "nine"
    else:
        assert record["status"] == "abstained"


def test_human_output_shows_answer_evidence_and_votes(capsys, example_path) -> None:
    status = main(["How many people does OrigoTech employ?", "-s", str(example_path)])
    out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "verified: 312"
    assert "line 5" in lines[1] and "employs 312 people" in lines[1]
    assert "candidate" in out and "votes" in out and "accepted" in out
