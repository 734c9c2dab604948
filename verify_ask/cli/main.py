"""The one place where typed errors become a message on stderr and an exit status."""

from __future__ import annotations

import os
import sys

import typer

from verify_ask.errors import ExitStatus, VerifyAskError


def main(argv: list[str] | None = None) -> int:
    from typer.main import get_command

    from verify_ask.cli.app import app

    command = get_command(app)
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        # make_context + invoke rather than command.main: main() turns Ctrl-C and closed
        # pipes into exit codes of its own, silently; here every outcome passes one boundary.
        with command.make_context("verify-ask", args) as context:
            status = command.invoke(context)
    except VerifyAskError as error:
        _error(str(error))
        return int(error.exit_status)
    except (typer.Abort, KeyboardInterrupt):
        return _interrupted()
    except typer.Exit as done:
        return done.exit_code
    except typer.TyperException as error:  # typer's own (vendored) click usage errors
        show = getattr(error, "show", None)
        if show is not None:
            show()
        else:
            _error(error.format_message())
        return ExitStatus.USAGE
    except BrokenPipeError:
        return _closed_stdout()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        return _closed_stdout()
    return int(status or 0)


def _error(message: str) -> None:
    print(f"verify-ask: error: {message}", file=sys.stderr)


def _interrupted() -> int:
    print("verify-ask: interrupted", file=sys.stderr)
    return ExitStatus.INTERRUPTED


def _closed_stdout() -> int:
    # The reader went away (`| head`); point stdout at /dev/null so the final flush is quiet.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
