"""The command-line front door: parse, call the pipeline, render, return an exit status."""

from __future__ import annotations

import typer
from typer.core import TyperGroup

from verify_ask import __version__


class _AskByDefault(TyperGroup):
    """``verify-ask "question" ...`` means ``verify-ask ask "question" ...``."""

    def parse_args(self, ctx, args):  # noqa: ANN001, ANN201 - click's signature
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["ask", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=_AskByDefault,
    name="verify-ask",
    help="Answer a question about a source text with a figure or a date, only when verified.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"verify-ask {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Answer a question about a source text with a figure or a date, only when verified.

    verify-ask samples several short answers from a local model, normalizes them to typed
    values, checks them against the source, and prints the answer with its evidence, or
    abstains (exit status 1).
    """


from verify_ask.cli import ask as _ask  # noqa: E402,F401  (registers the commands)
from verify_ask.cli import checkers as _checkers  # noqa: E402,F401
from verify_ask.cli import eval as _eval  # noqa: E402,F401
from verify_ask.cli import rules as _rules  # noqa: E402,F401
