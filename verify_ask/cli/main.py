"""The one place where typed errors become a message on stderr and an exit status."""

from __future__ import annotations

import os
import sys

import click

from verify_ask.errors import ExitStatus, VerifyAskError


def main(argv: list[str] | None = None) -> int:
    from typer.main import get_command

    from verify_ask.cli.app import app

    command = get_command(app)
    try:
        status = command.main(args=argv, prog_name="verify-ask", standalone_mode=False)
    except VerifyAskError as error:
        _error(str(error))
        return int(error.exit_status)
    except click.exceptions.Abort:
        return _interrupted()
    except KeyboardInterrupt:
        return _interrupted()
    except click.ClickException as error:
        error.show()
        return ExitStatus.USAGE if error.exit_code == 2 else error.exit_code
    except click.exceptions.Exit as done:
        return done.exit_code
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
