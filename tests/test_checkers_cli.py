"""``verify-ask checkers``, and the checker options end to end with the real model."""

from __future__ import annotations

import json

import pytest

from verify_ask.checkers import registry
from verify_ask.cli.main import main

FOUNDED = "When was OrigoTech founded?"


def test_checkers_lists_every_checker_with_its_default(capsys) -> None:
    assert main(["checkers"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [line.split()[0] for line in lines]
    assert names[:4] == ["span", "arithmetic", "comparison", "vote"]
    assert set(names) == set(registry.available())
    by_name = {line.split()[0]: line for line in lines}
    assert by_name["span"].split()[1] == "default"
    assert by_name["choices"].split()[1:3] == ["on", "request"]
    assert by_name["quote"].endswith(registry.get("quote").description)


def test_checkers_json(capsys) -> None:
    assert main(["checkers", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {row["name"]: row["default"] for row in rows} == {
        name: name in registry.default_names() for name in registry.available()
    }
    assert all(
        set(row) == {"name", "default", "description"} and row["description"] for row in rows
    )


@pytest.mark.model
def test_choices_with_the_real_model(capsys, example_path) -> None:
    code = main(
        [FOUNDED, "-s", str(example_path), "-n", "3", "--choices", "2009,2015", "--json",
         "--no-timings"]
    )  # fmt: skip
    record = json.loads(capsys.readouterr().out)
    assert code == 0, record["reason"]
    assert record["settings"]["checks"][-1] == "choices"
    assert record["answer"]["display"] == "14 March 2009"
    check = next(c for c in record["candidates"][0]["checks"] if c["checker"] == "choices")
    assert (check["verdict"], check["detail"]) == ("pass", "is the choice '2009'")


def test_a_verified_answer_outside_the_choices_abstains(capsys, example_path, replay) -> None:
    # The same answers pass every other check; only the choices turn them down.
    replay(["14 March 2009"] * 4)
    args = [FOUNDED, "-s", str(example_path), "-n", "3", "--json", "--no-timings"]
    assert main(args) == 0
    capsys.readouterr()
    assert main([*args, "--choices", "2015,2027"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "abstained"
    (top,) = record["candidates"]
    assert top["reason"] == "failed choices"
    check = next(c for c in top["checks"] if c["checker"] == "choices")
    assert (check["verdict"], check["detail"]) == ("fail", "not one of: 2015, 2027")


@pytest.mark.model
def test_quote_prompt_with_the_real_model(capsys, example_path) -> None:
    code = main(
        ["How many people does OrigoTech employ?", "-s", str(example_path), "-n", "3",
         "--prompt", "quote", "--max-tokens", "48", "--json", "--no-timings"]
    )  # fmt: skip
    record = json.loads(capsys.readouterr().out)
    assert code == (0 if record["status"] == "verified" else 1)
    assert record["prompt"] == "quote"
    assert record["settings"]["checks"][-1] == "quote"
    quoted = [s for s in record["samples"] if s.get("quote")]
    assert quoted, record["samples"]
    assert all("|" not in s["text"] for s in quoted)  # the value was read without the quote
    for candidate in record["candidates"]:
        check = next(c for c in candidate["checks"] if c["checker"] == "quote")
        assert check["verdict"] in ("pass", "fail", "skip")
        if check["verdict"] == "pass":
            assert check["evidence"][0]["quote"]
