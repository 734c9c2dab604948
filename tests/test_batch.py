"""Batches: every input line gives one record in order, bad lines never stop a run, resumes,
exit statuses, Ctrl-C and closed pipes, and the example Makefile.

The parsing, resume, exit-status and summary tests need no model; the ones marked ``model``
run the real default model in a subprocess, as a shell or make would.
"""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from named_cases import named

from verify_ask.batch.exit_codes import batch_exit_status
from verify_ask.batch.jobs import BadLine, Job, parse_line
from verify_ask.batch.resume import finished_ids, id_key
from verify_ask.batch.runner import Answerer, run
from verify_ask.batch.sources import SourceCache
from verify_ask.batch.tally import Tally
from verify_ask.cli.batch_output import summary_line
from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus, InputError, ModelError
from verify_ask.model.backends.base import Completion, SampleRequest
from verify_ask.pipeline import Settings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "origotech.txt"
VERIFY_ASK = [sys.executable, "-m", "verify_ask"]

# --- one line → a job, or why not -------------------------------------------------------------

PARSE = [
    ("json-with-id", '{"id": "a", "question": "When?", "source": "x.txt"}', None,
     Job(3, "a", "When?", "x.txt")),
    ("json-without-id-uses-line", '{"question": "When?", "source": "x.txt"}', None,
     Job(3, 3, "When?", "x.txt")),
    ("integer-id", '{"id": 7, "question": "When?", "source": "x.txt"}', None,
     Job(3, 7, "When?", "x.txt")),
    ("source-text", '{"question": "When?", "source_text": "Built in 1990."}', None,
     Job(3, 3, "When?", source_text="Built in 1990.")),
    ("json-takes-default-source", '{"question": "When?"}', "d.txt", Job(3, 3, "When?", "d.txt")),
    ("own-source-beats-default", '{"question": "When?", "source": "x.txt"}', "d.txt",
     Job(3, 3, "When?", "x.txt")),
    ("plain-text", "  How many people work there?  ", "d.txt",
     Job(3, 3, "How many people work there?", "d.txt")),
    ("blank", "   \t", "d.txt", None),
    ("plain-without-source", "When?", None, "needs --source"),
    ("bad-json", '{"question": "When?"', "d.txt", "is not valid JSON"),
    ("no-question", '{"id": "a", "source": "x.txt"}', None, 'has no "question"'),
    ("question-not-string", '{"question": 12, "source": "x.txt"}', None,
     "question must be a string"),
    ("empty-question", '{"question": "  ", "source": "x.txt"}', None, "the question is empty"),
    ("id-list", '{"id": [1], "question": "When?", "source": "x.txt"}', None,
     "id must be a string or an integer"),
    ("id-bool", '{"id": true, "question": "When?", "source": "x.txt"}', None,
     "id must be a string or an integer"),
    ("both-sources", '{"question": "When?", "source": "x", "source_text": "y"}', None, "not both"),
    ("source-not-string", '{"question": "When?", "source": 5}', None, "source must be a path"),
    ("source-text-not-string", '{"question": "When?", "source_text": 5}', None,
     "source_text must be a string"),
    ("source-stdin", '{"question": "When?", "source": "-"}', None, '"--source -"'),
    ("passage-in-source", '{"question": "When?", "source": "Line one.\\nLine two."}', None,
     '"source_text"'),
    ("no-source-anywhere", '{"question": "When?"}', None, "has no source"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "default", "expected"), named(PARSE)
)
def test_parse_line(text: str, default: str | None, expected: Job | str | None) -> None:
    parsed = parse_line(text.encode(), 3, default)
    if isinstance(expected, str):
        assert isinstance(parsed, BadLine)
        assert expected in parsed.error
        assert parsed.line == 3
    else:
        assert parsed == expected


def test_bad_line_keeps_a_valid_id_and_the_question() -> None:
    parsed = parse_line(b'{"id": "q9", "question": "When?", "source": 5}', 4, None)
    assert isinstance(parsed, BadLine)
    assert (parsed.id, parsed.question) == ("q9", "When?")


def test_line_that_is_not_utf8_is_a_bad_line() -> None:
    parsed = parse_line("Año?".encode("latin-1"), 2, "d.txt")
    assert isinstance(parsed, BadLine) and "not UTF-8" in parsed.error


def test_byte_order_mark_on_the_first_line_is_not_part_of_the_question() -> None:
    assert parse_line(b'\xef\xbb\xbf{"question": "When?"}', 1, "d.txt") == Job(
        1, 1, "When?", "d.txt"
    )


# --- sources are read once ---------------------------------------------------------------------


def test_source_cache_reads_each_file_once_and_remembers_errors(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("Founded in 1990.", encoding="utf-8")
    cache = SourceCache()
    first = cache.by_path(str(path))
    path.unlink()
    assert cache.by_path(str(path)) is first  # parsed figures and word index are reused too
    for _ in range(2):
        with pytest.raises(InputError, match="not found"):
            cache.by_path(str(tmp_path / "missing.txt"))
    assert cache.by_text("Built in 1990.") is cache.by_text("Built in 1990.")
    with pytest.raises(InputError, match="source_text is empty"):
        cache.by_text("  ")


def test_source_cache_evicts_the_least_recently_used(tmp_path: Path) -> None:
    cache = SourceCache(capacity=2)
    paths = []
    for name in "abc":
        paths.append(tmp_path / f"{name}.txt")
        paths[-1].write_text(f"{name} was built in 1990.", encoding="utf-8")
    a = cache.by_path(str(paths[0]))
    cache.by_path(str(paths[1]))
    assert cache.by_path(str(paths[0])) is a  # a is now the most recently used
    cache.by_path(str(paths[2]))  # evicts b
    paths[1].unlink()
    assert cache.by_path(str(paths[0])) is a
    with pytest.raises(InputError, match="not found"):
        cache.by_path(str(paths[1]))


# --- the runner, with a backend that fails on one question ---------------------------------------


class FailsOnOneQuestion:
    """Answers "1990" to every request, except on prompts holding ``poison``: a model failure."""

    name = "fails-on-one"

    def __init__(self, poison: str) -> None:
        self.poison = poison
        self.calls = 0

    def complete(self, prompt: str, requests: Sequence[SampleRequest]) -> list[Completion]:
        self.calls += 1
        if self.poison in prompt.rsplit("Question:", 1)[-1]:
            raise ModelError("generation failed: out of memory")
        return [Completion("1990", 2) for _ in requests]

    def describe(self) -> dict[str, object]:
        return {"backend": self.name, "model": None, "sha256": None}


def test_model_failure_on_one_line_becomes_its_record_and_the_batch_goes_on(
    tmp_path: Path,
) -> None:
    source = tmp_path / "a.txt"
    source.write_text("The bridge was built in 1990.", encoding="utf-8")
    lines = [
        '{"id": "ok1", "question": "When was the bridge built?"}',
        '{"id": "boom", "question": "When was the poison bridge built?"}',
        "",
        '{"id": "ok2", "question": "In what year was the bridge built?"}',
    ]
    backend = FailsOnOneQuestion("poison")
    answerer = Answerer(backend, Settings(samples=2), include_timings=False)
    numbered = [(i, line.encode()) for i, line in enumerate(lines, start=1)]
    results = list(run(numbered, answerer, default_source=str(source)))
    assert [(r.id, r.line, r.status) for r in results] == [
        ("ok1", 1, "verified"),
        ("boom", 2, "error"),
        ("ok2", 4, "verified"),
    ]
    assert results[1].record["exit_status"] == ExitStatus.MODEL
    assert "out of memory" in results[1].record["error"]
    assert backend.calls == 3
    tally = Tally()
    for result in results:
        tally.add(result)
    assert batch_exit_status(tally, fail_under=None, allow_abstain=False) == ExitStatus.MODEL


def test_done_ids_are_skipped_without_asking_the_model(tmp_path: Path) -> None:
    backend = FailsOnOneQuestion("never")
    answerer = Answerer(backend, Settings(samples=1))
    lines = [(1, b'{"id": "a", "question": "When?", "source_text": "In 1990."}')]
    results = list(run(lines, answerer, done=frozenset({id_key("a")})))
    assert [(r.status, r.record) for r in results] == [("skipped", None)]
    assert backend.calls == 0


# --- resume -------------------------------------------------------------------------------------


def test_finished_ids_counts_verified_and_abstained_but_not_errors(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text(
        "\n".join(
            [
                '{"id": "a", "status": "verified"}',
                '{"id": "b", "status": "abstained"}',
                '{"id": "c", "status": "error"}',
                '{"id": 4, "status": "verified"}',
                '{"line": 5, "status": "abstained"}',
                '{"id": "d", "status": "verif',  # cut short when a run was killed
            ]
        ),
        encoding="utf-8",
    )
    assert finished_ids(str(out)) == {id_key(x) for x in ("a", "b", 4, 5)}
    assert id_key("4") not in finished_ids(str(out))  # "4" and 4 are different ids


def test_missing_resume_file_means_nothing_is_done(tmp_path: Path) -> None:
    assert finished_ids(str(tmp_path / "none.jsonl")) == frozenset()


# --- exit status --------------------------------------------------------------------------------

EXITS = [
    ("all-verified", Tally(verified=3), None, False, 0),
    ("nothing-to-do", Tally(skipped=2), None, False, 0),
    ("some-abstained", Tally(verified=3, abstained=1), None, False, 1),
    ("abstain-ok", Tally(verified=3, abstained=1), None, True, 0),
    ("input-error-beats-abstained", Tally(abstained=1, input_errors=1), None, True, 4),
    ("model-error-beats-input-error", Tally(input_errors=1, model_errors=1), None, False, 3),
    ("fail-under-reached", Tally(verified=3, abstained=1), 0.75, False, 0),
    ("fail-under-missed", Tally(verified=2, abstained=1, input_errors=1), 0.75, True, 1),
    ("fail-under-overrides-model-error", Tally(verified=9, model_errors=1), 0.9, False, 0),
]


@pytest.mark.parametrize(
    ("tally", "fail_under", "allow", "status"), named(EXITS)
)
def test_batch_exit_status(
    tally: Tally, fail_under: float | None, allow: bool, status: int
) -> None:
    assert batch_exit_status(tally, fail_under=fail_under, allow_abstain=allow) == status


def test_summary_lines() -> None:
    tally = Tally(verified=31, abstained=17, input_errors=1, model_errors=1, skipped=4)
    assert summary_line(tally, 83.24) == (
        "verify-ask: 50 questions: 31 verified, 17 abstained, 2 errors (1 from the model) "
        "in 83.2 s; 4 skipped as already done"
    )
    assert summary_line(Tally(verified=1), 2.0, interrupted=True, not_processed=9) == (
        "verify-ask: interrupted after 1 question: 1 verified, 0 abstained, 0 errors in 2.0 s; "
        "9 not processed"
    )


# --- the command line without the model -----------------------------------------------------------

USAGE = [
    ("batch-and-question", ["When?", "--batch", "q.jsonl"], "not both"),
    ("resume-without-batch", ["When?", "-s", "x", "--resume", "o.jsonl"], "--batch"),
    ("fail-under-without-batch", ["When?", "-s", "x", "--fail-under", "0.5"], "--batch"),
    ("fail-under-out-of-range", ["--batch", "q.jsonl", "--fail-under", "1.5"], "--fail-under"),
    ("stdin-twice", ["--batch", "-", "--source", "-"], "not both"),
]


@pytest.mark.parametrize(("args", "message"), named(USAGE))
def test_batch_usage_errors_exit_2(capsys, args: list[str], message: str) -> None:
    assert main(args) == ExitStatus.USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("verify-ask: error:") and message in captured.err


def test_missing_batch_file_exits_4(capsys, tmp_path: Path) -> None:
    assert main(["--batch", str(tmp_path / "none.jsonl")]) == ExitStatus.INPUT
    assert "not found" in capsys.readouterr().err


def test_batch_of_bad_lines_gives_one_error_record_each_and_a_summary(capsys, tmp_path) -> None:
    batch = tmp_path / "q.jsonl"
    batch.write_text('not json\n\n{"question": ""}\n{"question": 3}\n', encoding="utf-8")
    assert main(["--batch", str(batch)]) == ExitStatus.INPUT
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert [(r["id"], r["line"], r["status"]) for r in records] == [
        (1, 1, "error"),
        (3, 3, "error"),
        (4, 4, "error"),
    ]
    assert captured.err.splitlines()[-1].startswith(
        "verify-ask: 3 questions: 0 verified, 0 abstained, 3 errors in "
    )
    assert main(["--batch", str(batch), "--quiet"]) == ExitStatus.INPUT
    assert capsys.readouterr().err == ""


# --- the real model, run as a shell would ------------------------------------------------------


def _run(args: list[str], **options) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*VERIFY_ASK, *args], capture_output=True, text=True, timeout=600, check=False, **options
    )


def _good(question: str, id_: str) -> str:
    return json.dumps({"id": id_, "question": question})


@pytest.mark.model
def test_fifty_mixed_lines_give_fifty_records_in_order(tmp_path: Path) -> None:
    """Good lines (JSON, plain text, inline text) among every kind of bad one, from stdin."""
    good = [
        _good("When was OrigoTech founded?", "founded"),
        "How many people does OrigoTech employ?",
        json.dumps({"id": "inline", "question": "When was the bridge opened?",
                    "source_text": "The bridge was opened on 4 May 1998 after six years."}),
        _good("What was OrigoTech's revenue in 2023?", "revenue"),
    ]  # fmt: skip
    bad = [
        ('{"id": "cut", "question": "When was', "not valid JSON"),
        (json.dumps({"id": "lost", "question": "When?", "source": "missing.txt"}), "not found"),
        (json.dumps({"id": "empty", "question": " "}), "question is empty"),
        (json.dumps({"id": "num", "question": 42}), "question must be a string"),
        (json.dumps({"id": ["x"], "question": "When?"}), "id must be"),
        (json.dumps({"id": "src", "question": "When?", "source": 1}), "source must be a path"),
        (json.dumps({"id": "stdin", "question": "When?", "source": "-"}), '"--source -"'),
    ]
    lines, expected = [], []  # expected: (id, line, error message or None)
    for index in range(50):
        if index % 12 == 0:
            lines.append("")  # blank lines give no record but keep their number
        if index < len(good) * 2 and index % 2 == 0:
            text, message = good[index // 2], None
        else:
            text, message = bad[index % len(bad)]
        lines.append(text)
        given = json.loads(text).get("id") if text.startswith("{") and message is None else None
        if message is None:
            id_ = given if given is not None else len(lines)
        else:
            try:
                id_ = json.loads(text).get("id", len(lines))
            except ValueError:
                id_ = len(lines)
            if not isinstance(id_, (str, int)):
                id_ = len(lines)
        expected.append((id_, len(lines), message))
    completed = _run(
        ["--batch", "-", "--source", str(EXAMPLE), "--samples", "3", "--no-timings"],
        input="\n".join(lines) + "\n",
    )
    records = [json.loads(line) for line in completed.stdout.splitlines()]
    assert len(records) == 50
    assert [(r["id"], r["line"]) for r in records] == [(e[0], e[1]) for e in expected]
    for record, (_, _, message) in zip(records, expected, strict=True):
        if message is None:
            assert record["status"] in ("verified", "abstained"), record
            assert record["votes"] and record["settings"]["samples"] == 3
        else:
            assert record["status"] == "error" and message in record["error"], record
            assert record["exit_status"] == ExitStatus.INPUT
    assert records[0]["status"] == "verified" and records[0]["answer"]["display"] == "14 March 2009"
    assert completed.returncode == ExitStatus.INPUT
    assert (
        completed.stderr.strip()
        .splitlines()[-1]
        .startswith(
            f"verify-ask: 50 questions: {sum(r['status'] == 'verified' for r in records)} verified"
        )
    )
    # A batch record is the --json record of the same question, plus where it came from.
    single = _run(["When was OrigoTech founded?", "-s", str(EXAMPLE), "-n", "3", "--json",
                   "--no-timings"])  # fmt: skip
    assert {k: v for k, v in records[0].items() if k not in ("id", "line")} == json.loads(
        single.stdout
    )


def _batch_file(tmp_path: Path, questions: list[str]) -> Path:
    path = tmp_path / "q.jsonl"
    path.write_text(
        "".join(json.dumps({"id": f"q{i}", "question": q}) + "\n" for i, q in enumerate(questions)),
        encoding="utf-8",
    )
    return path


QUESTIONS = [
    "When was OrigoTech founded?",
    "How many people does OrigoTech employ?",
    "What was OrigoTech's revenue in 2023?",
    "When did OrigoTech open the factory in Monterrey?",
    "How much did the Monterrey factory cost to build?",
    "What share of sales came from exports?",
]


@pytest.mark.model
def test_ctrl_c_keeps_finished_records_and_says_what_is_left(tmp_path: Path) -> None:
    batch = _batch_file(tmp_path, QUESTIONS)
    process = subprocess.Popen(
        [*VERIFY_ASK, "--batch", str(batch), "-s", str(EXAMPLE), "--samples", "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Background jobs of a shell without job control inherit SIGINT ignored; a terminal
        # gives the default disposition.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    first = process.stdout.readline()  # one record is out: the batch is mid-way
    process.send_signal(signal.SIGINT)
    rest, err = process.communicate(timeout=120)
    records = [json.loads(line) for line in (first + rest).splitlines()]
    assert process.returncode == ExitStatus.INTERRUPTED
    assert 1 <= len(records) < len(QUESTIONS)
    assert [r["id"] for r in records] == [f"q{i}" for i in range(len(records))]
    assert all(r["status"] in ("verified", "abstained") for r in records)
    lines = err.strip().splitlines()
    assert lines[-1] == "verify-ask: interrupted"
    assert lines[-2].startswith(f"verify-ask: interrupted after {len(records)} question")
    assert lines[-2].endswith(f"; {len(QUESTIONS) - len(records)} not processed")
    assert "Traceback" not in err


@pytest.mark.model
def test_closed_stdout_ends_quietly(tmp_path: Path) -> None:
    batch = _batch_file(tmp_path, QUESTIONS[:3])
    command = " ".join(map(shlex.quote, [*VERIFY_ASK, "--batch", str(batch), "-s", str(EXAMPLE),
                                         "--samples", "3"]))  # fmt: skip
    completed = subprocess.run(
        f"{command} 2>{tmp_path / 'err'} | head -1; echo ${{PIPESTATUS[0]}} > {tmp_path / 'rc'}",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert json.loads(completed.stdout)["id"] == "q0"
    err = (tmp_path / "err").read_text()
    assert "Traceback" not in err and "Exception ignored" not in err
    assert "questions:" not in err  # it stopped at the closed pipe, not at the end
    assert (tmp_path / "rc").read_text().strip() == "0"


@pytest.mark.model
def test_resume_answers_only_what_is_not_done(tmp_path: Path) -> None:
    batch = tmp_path / "q.jsonl"
    batch.write_text(
        "\n".join(
            [
                _good("When was OrigoTech founded?", "done"),
                _good("How many people does OrigoTech employ?", "failed-before"),
                _good("How many patents does OrigoTech hold?", "abstained-before"),
                json.dumps({"question": "What share of sales came from exports?"}),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    out.write_text(
        '{"id": "done", "line": 1, "status": "verified"}\n'
        '{"id": "failed-before", "line": 2, "status": "error", "error": "out of memory"}\n'
        '{"id": "abstained-before", "line": 3, "status": "abstained"}\n'
        '{"id": 4, "line": 4, "status": "verified"}\n',
        encoding="utf-8",
    )
    args = ["--batch", str(batch), "-s", str(EXAMPLE), "-n", "3", "--resume", str(out)]
    completed = _run(args)
    records = [json.loads(line) for line in completed.stdout.splitlines()]
    assert [(r["id"], r["status"]) for r in records] == [("failed-before", "verified")]
    assert completed.returncode == ExitStatus.VERIFIED
    assert completed.stderr.strip().endswith("; 3 skipped as already done")


@pytest.mark.model
def test_example_makefile_answers_the_questions(tmp_path: Path) -> None:
    out = tmp_path / "answers"
    completed = subprocess.run(
        ["make", "-C", str(ROOT / "examples"), f"OUT={out}", "SAMPLES=1",
         f"VERIFY_ASK={shlex.quote(sys.executable)} -m verify_ask",
         f"PYTHON={shlex.quote(sys.executable)}"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    questions = [
        json.loads(line)
        for line in (ROOT / "examples" / "questions.jsonl").read_text("utf-8").splitlines()
    ]
    answers = [json.loads(line) for line in (out / "answers.jsonl").read_text("utf-8").splitlines()]
    assert [a["id"] for a in answers] == [q["id"] for q in questions]
    assert all(a["status"] in ("verified", "abstained") for a in answers)
    report = (out / "report.tsv").read_text("utf-8").splitlines()
    assert report[0] == "id\tstatus\tanswer\tquestion"
    assert [row.split("\t")[:2] for row in report[1:]] == [[a["id"], a["status"]] for a in answers]
    assert report[1] == "q1\tverified\t14 March 2009\tWhen was OrigoTech founded?"
