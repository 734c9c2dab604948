"""The command checker with real programs: exit status, environment, stdin, timeouts."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from checker_cases import candidates, run_checker
from named_cases import named

from verify_ask.checkers import CheckContext, get
from verify_ask.checkers.command import MAX_OUTPUT
from verify_ask.errors import UsageError
from verify_ask.language.question import analyze_question
from verify_ask.pipeline import Settings, judge_samples, read_answer
from verify_ask.text.source import Source

FOUNDED = "When was OrigoTech founded?"

# A verifier as a user would write one: it reads the candidate from the environment and
# from stdin, logs what it saw, and decides by the typed value.
SCRIPT = """
import json, os, sys, time
value = json.loads(os.environ["VERIFY_ASK_VALUE"])
seen = {
    "candidate": os.environ["VERIFY_ASK_CANDIDATE"],
    "value": value,
    "question": os.environ["VERIFY_ASK_QUESTION"],
    "source": os.environ["VERIFY_ASK_SOURCE"],
    "stdin": sys.stdin.read(),
    "argv": sys.argv[1:],
}
with open(os.environ["LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps(seen) + "\\n")
if value.get("year") == 2027:
    time.sleep(60)
if value.get("year") == 2024:
    print("x" * 5000)
print("checked", seen["candidate"])
print("year is", value.get("year"), file=sys.stderr)
sys.exit(0 if value.get("year") == 2009 else 3)
"""


@pytest.fixture
def verifier(tmp_path, monkeypatch) -> tuple[str, Path]:
    script = tmp_path / "verify_year.py"
    script.write_text(SCRIPT, encoding="utf-8")
    log = tmp_path / "seen.jsonl"
    monkeypatch.setenv("LOG", str(log))
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))} --strict", log


def seen(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


CASES = [
    # (id, answer, timeout, verdict, detail starts with)
    ("exit-0-passes", "14 March 2009", 10.0, "pass", "exit 0; stdout: checked 14 March 2009"),
    ("non-zero-fails", "2015", 10.0, "fail", "exit 3; stdout: checked 2015; stderr: year is 2015"),
    ("timeout-fails", "2027", 0.5, "fail", "timed out after 0.5 s"),
]


@pytest.mark.parametrize(
    ("answer", "timeout", "verdict", "detail"), named(CASES)
)
def test_command_verdicts(example_text, verifier, answer, timeout, verdict, detail) -> None:
    command, _ = verifier
    source = Source(example_text, "examples/origotech.txt")
    result = run_checker(
        "command", FOUNDED, [answer], source, command=command, check_timeout=timeout
    )
    assert (result.verdict, result.score) == (verdict, float(verdict == "pass"))
    assert result.detail.startswith(detail), result.detail


def test_the_program_sees_the_candidate_question_and_source(example_text, verifier) -> None:
    command, log = verifier
    source = Source(example_text, "examples/origotech.txt")
    run_checker("command", FOUNDED, ["March 14, 2009"], source, command=command)
    (entry,) = seen(log)
    assert entry == {
        "candidate": "14 March 2009",
        "value": {
            "kind": "date", "year": 2009, "month": 3, "day": 14, "precision": "day",
            "iso": "2009-03-14",
        },
        "question": FOUNDED,
        "source": "examples/origotech.txt",
        "stdin": "14 March 2009\n",
        "argv": ["--strict"],
    }  # fmt: skip
    run_checker("command", FOUNDED, ["2009"], Source(example_text), command=command)
    assert seen(log)[-1]["source"] == ""  # a source read from stdin has no path


def test_runs_once_per_distinct_candidate(example_text, verifier) -> None:
    command, log = verifier
    question = analyze_question(FOUNDED)
    answers = ["14 March 2009", "March 14, 2009", "2015", "14 March 2009"]
    samples = tuple(read_answer(a, question, i) for i, a in enumerate(answers))
    settings = Settings(checks=("span", "command"), command=command)
    judgements = judge_samples(question, Source(example_text), samples, settings)
    assert [j.accepted for j in judgements] == [True, False]
    assert sorted(e["candidate"] for e in seen(log)) == ["14 March 2009", "2015"]


def test_output_is_cut(example_text, verifier) -> None:
    command, _ = verifier
    result = run_checker(
        "command", "When did OrigoTech open the factory in Monterrey?", ["2 September 2024"],
        Source(example_text), command=command,
    )  # fmt: skip
    assert result.verdict == "fail"
    assert "x" * MAX_OUTPUT + " [...]" in result.detail
    assert "x" * (MAX_OUTPUT + 1) not in result.detail


def test_timeout_also_kills_what_the_command_started(example_text) -> None:
    # sh's child sleep holds the output pipes; only killing the process group ends the wait.
    found = candidates(FOUNDED, ["2009"])
    context = CheckContext(
        analyze_question(FOUNDED), Source(example_text), found, 1,
        {"command": "sh -c 'sleep 60; true'", "check_timeout": 0.5},
    )  # fmt: skip
    result = get("command").check(found[0], context)
    assert (result.verdict, result.detail) == ("fail", "timed out after 0.5 s")


def test_no_shell_reads_the_command(example_text) -> None:
    result = run_checker(
        "command", FOUNDED, ["2009"], Source(example_text),
        command="echo $VERIFY_ASK_CANDIDATE; exit 1",
    )  # fmt: skip
    assert (result.verdict, result.detail) == (
        "pass",
        "exit 0; stdout: $VERIFY_ASK_CANDIDATE; exit 1",
    )


@pytest.mark.parametrize(
    ("command", "timeout", "message"),
    [
        ("python3 'unclosed", 10.0, "cannot be split"),
        ("   ", 10.0, "is empty"),
        ("no-such-program-for-verify-ask --x", 10.0, "is not an executable program"),
        ("true", 0.0, "--check-timeout must be above 0"),
    ],
)
def test_bad_commands_are_usage_errors(command: str, timeout: float, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        Settings(command=command, check_timeout=timeout).validate()


def test_giving_a_command_runs_the_checker() -> None:
    assert Settings(command="true").checker_names()[-1] == "command"
