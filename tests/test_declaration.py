"""Each option is declared once: the checks its declaration makes, the checkers that read a
run-wide setting through it, and the command-line parameters built from it."""

from __future__ import annotations

import pytest
from typer.main import get_command

from verify_ask.checkers.arithmetic import ArithmeticOptions
from verify_ask.checkers.rank import RankOptions
from verify_ask.checkers.span import SpanOptions
from verify_ask.checkers.vote import VoteOptions
from verify_ask.cli import options
from verify_ask.cli.app import app
from verify_ask.declaration import Option, declared
from verify_ask.errors import UsageError
from verify_ask.settings import Settings


@pytest.mark.parametrize(
    ("how", "value", "message"),
    [
        (Option("--samples", within=(1, 256)), 0, "--samples must be between 1 and 256, not 0"),
        (Option("--x", within=(0, 1)), float("nan"), "--x must be between 0 and 1, not nan"),
        (Option("--passages", at_least=1), 0, "--passages must be at least 1, not 0"),
        (Option("--d", one_of=("a", "b")), "c", "--d must be one of a, b, not 'c'"),
    ],
)
def test_a_declaration_refuses_a_value_out_of_its_range(
    how: Option, value: object, message: str
) -> None:
    with pytest.raises(UsageError) as raised:
        how.check(value)
    assert str(raised.value) == message


def test_a_declaration_takes_none_and_values_in_range() -> None:
    Option("--min-confidence", within=(0, 1)).check(None)
    Option("--x", within=(0, 1), at_least=0, one_of=()).check(1)


@pytest.mark.parametrize(
    ("owner", "name"),
    [
        (SpanOptions, "min_relevance"),
        (SpanOptions, "ignore_rules"),
        (ArithmeticOptions, "min_relevance"),
        (VoteOptions, "min_agree"),
        (RankOptions, "min_share"),
    ],
)
def test_a_checker_reads_a_run_wide_setting_through_its_declaration(owner: type, name: str) -> None:
    [(field_, how)] = [(f, how) for f, how in declared(owner) if f.name == name]
    [(setting, declared_)] = [(f, how) for f, how in declared(Settings) if f.name == name]
    assert how is declared_ and field_.default == setting.default


def test_ask_takes_every_declared_flag_once_with_its_help() -> None:
    built = get_command(app).commands["ask"].params
    names = [name for param in built for name in param.opts]
    assert len(names) == len(set(names))
    for param in options.every_option():
        [made] = [p for p in built if p.name == param.name]
        assert made.help, f"{made.opts[0]} has no help"


def test_help_shows_a_default_given_in_words() -> None:
    from typer.testing import CliRunner

    shown = CliRunner().invoke(app, ["ask", "--help"], env={"COLUMNS": "240"}).output
    # Read as one line, whatever the help wraps: its boxes and the columns' spaces folded.
    flat = " ".join(shown.replace("│", " ").split())
    for words in ("the weights' own", "--jobs × --concurrency", "8 with --base-url, else 1"):
        assert f"[default: {words}]" in flat, words
