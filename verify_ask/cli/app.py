"""The command-line front door: parse, call the pipeline, render, return an exit status."""

from __future__ import annotations

import click
import typer
from typer.core import TyperGroup

from verify_ask import __version__
from verify_ask.cli.ask import ask
from verify_ask.cli.checkers import list_checkers
from verify_ask.cli.eval import evaluate
from verify_ask.cli.models import list_models
from verify_ask.cli.rules import list_rules


class _AskByDefault(TyperGroup):
    """``verify-ask "question" ...`` means ``verify-ask ask "question" ...``."""

    def parse_args(self, ctx, args):  # noqa: ANN001, ANN201 - click's signature
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["ask", *args]
        return super().parse_args(ctx, args)


def _flags_take_no_value() -> None:
    """A flag's help shows no type: typer's rich help writes every option's type as its
    metavar, so that ``--version`` read ``--version <bool>``, as if it took a value."""
    from typer.core import TyperOption

    typed = TyperOption.display_type_rich
    if getattr(typed, "flags_untyped", False):
        return

    def display_type_rich(self: TyperOption, ctx: click.Context) -> str | None:
        return None if self.is_flag else typed(self, ctx)

    display_type_rich.flags_untyped = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_take_no_value()

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


# Registered here, in the order --help lists them, so that no command module imports the app.
app.command()(ask)
app.command("checkers")(list_checkers)
app.command("eval")(evaluate)
app.command("models")(list_models)
app.command("rules")(list_rules)
