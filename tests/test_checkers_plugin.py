"""A third-party checker installed as its own distribution and used through the CLI.

The package in tests/plugin_example declares two entry points in ``verify_ask.checkers``:
``even`` (a working checker) and ``broken`` (its module raises on import). It is installed
with pip into a temporary folder that only the subprocesses here put on ``PYTHONPATH``, so
the virtual environment stays as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PLUGIN = Path(__file__).resolve().parent / "plugin_example"
WARNING = "verify-ask: warning: checker plugin 'broken' failed to load: "


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    work = tmp_path_factory.mktemp("plugin")
    shutil.copytree(PLUGIN, work / "src")  # building writes build/ and *.egg-info next to it
    target = work / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--no-build-isolation", "--no-index", "--target", str(target), str(work / "src")],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(target), env.get("PYTHONPATH")]))
    return env


def verify_ask(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "verify_ask", *args],
        env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


def test_plugin_is_listed_and_a_broken_one_is_named_once(plugin_env) -> None:
    done = verify_ask(plugin_env, "checkers", "--json")
    assert done.returncode == 0, done.stderr
    listed = {row["name"]: row for row in json.loads(done.stdout)}
    assert listed["even"] == {
        "name": "even",
        "default": False,
        "description": "the value is an even whole number (example plugin)",
    }
    assert "broken" not in listed
    assert {"span", "vote", "choices", "pattern", "command", "quote"} <= set(listed)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(WARNING), done.stderr
    assert "needs a library that is not installed" in lines[0]


def test_plugin_is_not_seen_without_its_install(example_path) -> None:
    done = verify_ask(dict(os.environ), "How many?", "-s", str(example_path), "-c", "even")
    assert done.returncode == 2
    assert done.stderr.startswith("verify-ask: error: unknown checker 'even'")


@pytest.mark.model
def test_plugin_checker_judges_answers_through_the_cli(plugin_env, example_path) -> None:
    done = verify_ask(
        plugin_env, "How many people does OrigoTech employ?", "-s", str(example_path),
        "-n", "3", "-c", "span", "-c", "vote", "-c", "even", "--json", "--no-timings",
    )  # fmt: skip
    record = json.loads(done.stdout)
    assert done.returncode == (0 if record["status"] == "verified" else 1), done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith(WARNING)]
    assert record["settings"]["checks"] == ["span", "vote", "even"]
    for candidate in record["candidates"]:
        even = next(c for c in candidate["checks"] if c["checker"] == "even")
        number = candidate["value"].get("number")
        if number is None:
            assert even["verdict"] == "skip"
        else:
            expected = "pass" if float(number) % 2 == 0 else "fail"
            assert even["verdict"] == expected, even
            if expected == "fail":
                assert not candidate["accepted"]
                assert candidate["refused_at"] in ("kind", "check")
    assert done.returncode == 0, record["reason"]  # 312 people: even, and in the source
    assert record["answer"]["value"]["number"] == "312"
