"""Checker options declared once, by the checker: the pipeline hands each checker its own,
and a plugin's option reaches it through ``--check-option NAME=VALUE``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from test_checkers_plugin import plugin_env, verify_ask  # noqa: F401 (a fixture)

from verify_ask.checkers import registry
from verify_ask.checkers.base import CheckContext, options_of
from verify_ask.checkers.choices import ChoicesOptions
from verify_ask.checkers.command import CommandOptions
from verify_ask.cli.main import main
from verify_ask.settings import Settings

PLUGIN = Path(__file__).resolve().parent / "plugin_example"
EMPLOY = "How many people does OrigoTech employ?"


@pytest.fixture
def even(monkeypatch: pytest.MonkeyPatch):
    """The example plugin's checker, registered as its entry point would register it."""
    monkeypatch.syspath_prepend(str(PLUGIN))
    from verify_ask_even import EvenChecker

    registry.available()  # the built-ins first, as at start-up
    checker = EvenChecker()
    monkeypatch.setitem(registry._CHECKERS, checker.name, checker)
    yield checker
    sys.modules.pop("verify_ask_even", None)


def test_each_checker_gets_its_own_typed_options() -> None:
    values = Settings(choices=("2009",), check_timeout=3.0).option_values()
    context = CheckContext(None, None, (), 0, values)  # type: ignore[arg-type]
    assert context.options_for(registry.get("choices")) == ChoicesOptions(choices=("2009",))
    assert context.options_for(registry.get("command")) == CommandOptions(None, 3.0)
    assert context.options_for(registry.get("vote")).min_agree == Settings().min_agree
    assert context.options_for(registry.get("comparison")) is None  # declares none


def test_the_options_that_run_their_checker_are_declared_so() -> None:
    enabling = {
        name: [how.flag for _, how in options_of(checker) if how.enables]
        for name, checker in registry.available().items()
    }
    assert {name: flags for name, flags in enabling.items() if flags} == {
        "choices": ["--choices"],
        "command": ["--check-command"],
        "pattern": ["--pattern"],
    }
    assert Settings(pattern="x", command="true").checker_names()[-2:] == ("pattern", "command")


def test_a_plugin_option_reaches_its_checker(capsys, example_path, replay, even) -> None:
    replay(["312"] * 4)
    args = [EMPLOY, "-s", str(example_path), "-n", "3", "-c", "span", "-c", "even", "--json"]
    assert main([*args, "--no-timings"]) == 0
    record = json.loads(capsys.readouterr().out)
    check = next(c for c in record["candidates"][0]["checks"] if c["checker"] == "even")
    assert (check["verdict"], check["detail"]) == ("pass", "312 is even")

    assert main([*args, "--no-timings", "--check-option", "divisor=5"]) == 1
    record = json.loads(capsys.readouterr().out)
    check = next(c for c in record["candidates"][0]["checks"] if c["checker"] == "even")
    assert (check["verdict"], check["detail"]) == ("fail", "312 is not a multiple of 5")

    assert main([*args, "-o", "divisor=4"]) == 0  # 312 = 4 × 78
    capsys.readouterr()


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("divisor=two", "--check-option divisor: 'two' is not a number"),
        ("nope=1", "unknown checker option 'nope'"),
        ("divisor", "--check-option takes NAME=VALUE, not 'divisor'"),
    ],
)
def test_a_bad_check_option_is_a_usage_error(capsys, example_path, even, given, message) -> None:
    assert main([EMPLOY, "-s", str(example_path), "-c", "even", "-o", given]) == 2
    assert message in capsys.readouterr().err


def test_a_built_in_option_given_by_name_is_the_same_as_its_flag(capsys, example_path) -> None:
    assert main(["x", "-s", str(example_path), "-o", "check_timeout=0"]) == 2
    assert "--check-timeout must be above 0 seconds, not 0.0" in capsys.readouterr().err


def test_checkers_asked_for_by_options_run_in_declared_order(capsys, example_path, replay):
    replay(["312"] * 3)
    args = [EMPLOY, "-s", str(example_path), "-n", "2", "--json", "--no-timings"]
    assert main([*args, "--check-command", "true", "--pattern", r"\d+", "--choices", "312"]) == 0
    checks = json.loads(capsys.readouterr().out)["settings"]["checks"]
    assert checks[-3:] == ["choices", "pattern", "command"]


def test_an_installed_plugin_declares_its_option(plugin_env, example_path) -> None:  # noqa: F811
    # Through the entry point: the option is known (checked before any model loads).
    args = [EMPLOY, "-s", str(example_path), "-c", "even"]
    done = verify_ask(plugin_env, *args, "-o", "divisor=two")
    assert done.returncode == 2
    assert "--check-option divisor: 'two' is not a number" in done.stderr
    done = verify_ask(dict(os.environ), *args, "-o", "divisor=3")
    assert done.returncode == 2  # without the plugin, neither the checker nor its option
    assert "unknown checker option 'divisor'" in done.stderr
