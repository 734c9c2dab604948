"""The Python API, used as a script would: one Verifier, several questions, immutable results
with the fields of ``--json``, the library's typed errors."""

from __future__ import annotations

import dataclasses
import json

import pytest

from verify_ask import Result, Verifier
from verify_ask.cli.main import main
from verify_ask.errors import InputError, ModelError, UsageError


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier()


@pytest.mark.model
def test_a_question_about_a_file_is_answered_with_its_evidence(verifier, example_path) -> None:
    result = verifier.ask("When was OrigoTech founded?", source=example_path)
    assert isinstance(result, Result) and result.verified
    assert result.answer == "14 March 2009"
    assert result.value["kind"] == "date" and result.value["iso"] == "2009-03-14"
    text = example_path.read_text(encoding="utf-8")
    found = result.evidence[0]
    assert text[found.start : found.end] == "14 March 2009" and found.quote in text


@pytest.mark.model
def test_the_api_and_the_command_line_give_the_same_record(verifier, example_path, capsys) -> None:
    question = "How many people does OrigoTech employ?"
    record = dict(verifier.ask(question, source=str(example_path)).record)
    status = main([question, "-s", str(example_path), "--json", "--no-timings"])
    printed = json.loads(capsys.readouterr().out)
    assert json.loads(json.dumps(record, default=_plain)) == printed
    assert status == (0 if printed["status"] == "verified" else 1)


def _plain(value: object) -> object:
    return dict(value) if hasattr(value, "keys") else list(value)  # type: ignore[call-overload]


@pytest.mark.model
def test_a_text_given_as_a_string_is_answered_and_results_are_immutable(verifier) -> None:
    text = "The Lumen plant opened on 2 May 2022. It employs 85 people."
    result = verifier.ask("How many people does the Lumen plant employ?", text=text)
    assert result.verified, result.reason  # at confidence 0.95 with the default model
    assert text[result.evidence[0].start : result.evidence[0].end].startswith("85")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.status = "verified"  # type: ignore[misc]
    with pytest.raises(TypeError):
        result.record["status"] = "verified"  # type: ignore[index]


def test_errors_are_the_librarys_typed_errors(verifier, tmp_path) -> None:
    with pytest.raises(InputError, match="not found"):
        verifier.ask("When?", source=tmp_path / "missing.txt")
    with pytest.raises(UsageError, match="not both"):
        verifier.ask("When?", source="a.txt", text="b")
    with pytest.raises(UsageError, match="--samples"):
        Verifier(samples=0)
    with pytest.raises(ModelError, match="not found"):
        Verifier(model=str(tmp_path / "none.gguf"))


@pytest.mark.model
def test_settings_are_read_as_the_command_line_reads_them() -> None:
    # A rule named as `verify-ask rules` names it is switched off by its id, as with
    # --ignore-rule: the span checker compares ids.
    verifier = Verifier(ignore_rules=["low-relevance", "S304"])
    assert verifier.settings.ignore_rules == ("S230", "S304")
    with pytest.raises(UsageError, match="no rule 'no-such-rule'"):
        Verifier(ignore_rules=["no-such-rule"])
