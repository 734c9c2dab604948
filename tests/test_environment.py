"""The command line's injected ``Environment``: a test hands ``main`` its streams and variables
instead of patching the process, and NO_COLOR, VERIFY_ASK_ABSTAIN_OK and the cache's place
are read from it.

The answers come from the replaying backend (no model).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from named_cases import named

from verify_ask.cli.environment import Environment
from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus

FOUNDED = "When was OrigoTech founded?"
PATENTS = "How many patents does OrigoTech hold?"
SAMPLES = ["-n", "3", "--no-timings"]
# An SGR sequence that sets a foreground colour (30-37, 90-97, or 38;...), as rich writes them.
COLOUR = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-8]|9[0-7])(?:;[0-9;]*)?m")


def _out(env: Environment) -> str:
    return env.stdout.getvalue()  # type: ignore[attr-defined]


def _err(env: Environment) -> str:
    return env.stderr.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("value", "expected"),
    [("1", True), ("yes", True), (" TRUE ", True), ("0", False), ("", False), (None, False)],
)
def test_abstain_ok_is_read_from_the_variables(value: str | None, expected: bool) -> None:
    variables = {} if value is None else {"VERIFY_ASK_ABSTAIN_OK": value}
    assert Environment(variables=variables).abstain_ok is expected


@pytest.mark.parametrize(("variables", "expected"), [({}, False), ({"NO_COLOR": ""}, True)])
def test_no_color_is_set_by_the_variable_being_there(variables: dict, expected: bool) -> None:
    assert Environment(variables=variables).no_color is expected


def test_the_process_environment_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    env = Environment.from_process()
    monkeypatch.delenv("NO_COLOR")
    assert env.no_color  # a snapshot: what the command started with
    assert env.variables["NO_COLOR"] == "1"


CACHES = [
    ("explicit", {"VERIFY_ASK_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x"}, "/c"),
    ("xdg", {"XDG_CACHE_HOME": "/x"}, "/x/verify-ask"),
    ("empty-is-unset", {"VERIFY_ASK_CACHE_DIR": "", "XDG_CACHE_HOME": "/x"}, "/x/verify-ask"),
    ("home", {}, str(Path.home() / ".cache" / "verify-ask")),
]


@pytest.mark.parametrize(
    ("variables", "expected"), named(CACHES)
)
def test_the_cache_is_where_the_variables_say(variables: dict, expected: str) -> None:
    assert Environment(variables=variables).cache_dir == Path(expected)


def test_a_run_uses_the_environments_cache_and_leaves_the_process_its_own(
    example_path: Path, tmp_path: Path, replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    from verify_ask import cache
    from verify_ask.model import backends

    backend = replay(["14 March 2009"] * 4)
    during: list[Path] = []

    def made(**_: object) -> object:
        during.append(cache.cache_dir())  # where the run would put a model
        return backend

    monkeypatch.setitem(backends._FACTORIES, "llama", made)
    process = cache.cache_dir()
    env = Environment(variables={"VERIFY_ASK_CACHE_DIR": str(tmp_path / "mine")})
    assert main([FOUNDED, "-s", str(example_path), *SAMPLES], env=env) == 0
    assert during == [tmp_path / "mine"] != [process]
    assert cache.cache_dir() == process


def test_output_goes_to_the_environments_streams(example_path: Path, replay) -> None:
    replay(["14 March 2009"] * 4)
    env = Environment()
    assert main([FOUNDED, "-s", str(example_path), *SAMPLES, "--json"], env=env) == 0
    assert json.loads(_out(env))["answer"]["display"] == "14 March 2009"
    assert _err(env) == ""

    env = Environment()
    assert main([FOUNDED, "--no-such-option"], env=env) == ExitStatus.USAGE
    assert _out(env) == ""
    assert _err(env).startswith("verify-ask: error: No such option")


def test_a_terminal_gets_colours_and_no_color_takes_them_away(example_path: Path, replay) -> None:
    replay(["14 March 2009"] * 4)
    args = [FOUNDED, "-s", str(example_path), *SAMPLES]
    terminal = Environment(stdout_isatty=True, variables={"TERM": "xterm-256color"})
    assert main(args, env=terminal) == 0
    assert COLOUR.search(_out(terminal)), _out(terminal)

    no_color = Environment(stdout_isatty=True, variables={"TERM": "xterm", "NO_COLOR": "1"})
    assert main(args, env=no_color) == 0
    assert "\x1b[" in _out(no_color)  # still a terminal: bold and reverse stay
    assert not COLOUR.search(_out(no_color)), _out(no_color)

    pipe = Environment(variables={"TERM": "xterm"})
    assert main(args, env=pipe) == 0
    assert "\x1b[" not in _out(pipe)
    assert _out(pipe).startswith("verified: 14 March 2009\n  evidence (")


def test_abstain_ok_makes_an_abstention_exit_0(example_path: Path, replay) -> None:
    replay(["16"] * 4)  # not in the source: abstained
    args = [PATENTS, "-s", str(example_path), *SAMPLES, "--json"]
    env = Environment()
    assert main(args, env=env) == ExitStatus.ABSTAINED
    assert json.loads(_out(env))["status"] == "abstained"

    env = Environment(variables={"VERIFY_ASK_ABSTAIN_OK": "1"})
    assert main(args, env=env) == ExitStatus.VERIFIED
    assert json.loads(_out(env))["status"] == "abstained"


def test_abstain_ok_makes_a_batch_of_abstentions_exit_0(
    example_path: Path, replay, tmp_path: Path
) -> None:
    replay(["16"] * 4)
    batch = tmp_path / "q.jsonl"
    batch.write_text(json.dumps({"id": "p", "question": PATENTS}) + "\n", encoding="utf-8")
    args = ["--batch", str(batch), "-s", str(example_path), *SAMPLES]
    env = Environment()
    assert main(args, env=env) == ExitStatus.ABSTAINED
    assert "1 abstained" in _err(env)

    env = Environment(variables={"VERIFY_ASK_ABSTAIN_OK": "yes"})
    assert main(args, env=env) == ExitStatus.VERIFIED
    assert [json.loads(line)["status"] for line in _out(env).splitlines()] == ["abstained"]


def test_the_source_is_read_from_the_environments_stdin(replay) -> None:
    replay(["1990"] * 4)
    env = Environment(stdin=io.BytesIO(b"The bridge was built in 1990."))
    assert main(["When was the bridge built?", "-s", "-", *SAMPLES, "--json"], env=env) == 0
    record = json.loads(_out(env))
    assert (record["status"], record["source"]) == ("verified", "<stdin>")


def test_a_closed_stdin_is_an_input_error() -> None:
    env = Environment(stdin=None)
    assert main(["When was it built?", "-s", "-"], env=env) == ExitStatus.INPUT
    assert _err(env) == "verify-ask: error: there is no standard input to read the source from\n"
