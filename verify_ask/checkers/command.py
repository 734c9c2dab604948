"""The ``command`` checker: the user's own program judges each candidate by its exit status.

``--check-command 'pytest -q tests/test_answer.py'`` runs the command once per distinct
candidate; exit 0 passes, anything else fails, and a run longer than ``--check-timeout``
seconds is killed (with whatever it started) and fails as "timed out". The candidate
reaches the program on stdin (its display form and a newline) and in the environment:

- ``VERIFY_ASK_CANDIDATE``: the display form ("14 March 2009");
- ``VERIFY_ASK_VALUE``: the typed value as JSON (``{"kind": "date", "year": 2009, ...}``);
- ``VERIFY_ASK_QUESTION``: the question;
- ``VERIFY_ASK_SOURCE``: the source file's path, empty when the source came on stdin.

The command line is split like a POSIX shell would split it (``shlex``) and run without a
shell, so a candidate or a question can never be read as shell syntax; write
``sh -c '...'`` for pipes and redirections. What the program prints (at most 2,000
characters of each stream) goes into the result's detail.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from dataclasses import dataclass
from typing import Any

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, option
from verify_ask.checkers.options import split_command
from verify_ask.checkers.registry import register
from verify_ask.checkers.requested import OnRequest
from verify_ask.errors import UsageError

DEFAULT_TIMEOUT = 10.0
MAX_OUTPUT = 2000


def _positive_timeout(seconds: float) -> None:
    if not seconds > 0:
        raise UsageError(f"--check-timeout must be above 0 seconds, not {seconds}")


@dataclass(frozen=True)
class CommandOptions:
    command: str | None = option(
        None,
        "--check-command",
        "A program that judges each candidate (on stdin and in $VERIFY_ASK_CANDIDATE) by its "
        "exit status, run without a shell; runs the 'command' checker.",
        enables=True,
        validate=split_command,
        metavar="CMD",
    )
    check_timeout: float = option(
        DEFAULT_TIMEOUT,
        "--check-timeout",
        "Seconds --check-command may run per candidate.",
        validate=_positive_timeout,
        metavar="S",
    )


class CommandChecker(OnRequest):
    name = "command"
    options = CommandOptions
    description = "--check-command exits 0 for the candidate (given on stdin and in env)"

    def judge(self, candidate: Candidate, options: Any, context: CheckContext) -> CheckResult:
        command = options.command
        timeout = float(options.check_timeout)
        display = candidate.value.display()
        # The child inherits the process's variables as any child would (PATH, HOME): passed
        # on, not read for a setting of verify-ask's, so they need not come from Environment.
        env = {
            **os.environ,
            "VERIFY_ASK_CANDIDATE": display,
            "VERIFY_ASK_VALUE": json.dumps(candidate.value.to_json(), ensure_ascii=False),
            "VERIFY_ASK_QUESTION": context.question.asked,
            "VERIFY_ASK_SOURCE": context.source.path or "",
        }
        try:
            status, out, err = run(split_command(str(command)), display + "\n", env, timeout)
        except OSError as error:
            return CheckResult(self.name, "fail", 0.0, detail=f"could not run: {error}")
        output = _output(out, err)
        if status is None:
            return CheckResult(
                self.name, "fail", 0.0, detail=f"timed out after {timeout:g} s{output}"
            )
        verdict = "pass" if status == 0 else "fail"
        return CheckResult(self.name, verdict, float(status == 0), detail=f"exit {status}{output}")


def run(
    argv: list[str], stdin: str, env: dict[str, str], timeout: float
) -> tuple[int | None, str, str]:
    """Exit status (None on timeout), stdout and stderr of one run."""
    with subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
        encoding="utf-8",
        errors="replace",
        # Its own process group, so a timeout also kills what it started (sh -c, pytest
        # workers), which would otherwise hold the pipes open and hang the wait.
        start_new_session=os.name == "posix",
    ) as process:
        try:
            out, err = process.communicate(stdin, timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill(process)
            out, err = process.communicate()
            return None, out, err
        return process.returncode, out, err


def _kill(process: subprocess.Popen[str]) -> None:
    if os.name == "posix":
        try:
            os.killpg(process.pid, signal.SIGKILL)
            return
        except ProcessLookupError:
            return
    process.kill()


def _output(out: str, err: str) -> str:
    parts = []
    for name, text in (("stdout", out), ("stderr", err)):
        text = text.strip()
        if text:
            cut = text if len(text) <= MAX_OUTPUT else text[:MAX_OUTPUT] + " [...]"
            parts.append(f"; {name}: {cut}")
    return "".join(parts)


register(CommandChecker())
