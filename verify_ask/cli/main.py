"""The one place where typed errors become a message on stderr and an exit status."""

from __future__ import annotations

import os
import sys
from typing import Any

from verify_ask import interrupts
from verify_ask.cache import located_at
from verify_ask.cli.environment import Environment
from verify_ask.errors import ExitStatus, VerifyAskError, describe_bug


def main(
    argv: list[str] | None = None,
    held: interrupts.Held | None = None,
    env: Environment | None = None,
) -> int:
    """Run the command line; ``held`` is Ctrl-C already held by the caller (``python -m``),
    ``env`` the streams and variables to use (default: this process's, read once here)."""
    env = env if env is not None else Environment.from_process()
    try:
        command = _load_commands(held or interrupts.hold())
        if command is None:
            return _interrupted(env)
        with located_at(env.cache_dir):
            return _main(command, argv, env)
    except KeyboardInterrupt:
        return _interrupted(env)


def _load_commands(held: interrupts.Held) -> Any:
    """The command line's commands, or None when Ctrl-C came before they were imported."""
    try:
        from typer.main import get_command

        from verify_ask.cli.app import app

        command = get_command(app)
    finally:
        interrupted = interrupts.release(held)
    return None if interrupted else command


def _main(command: Any, argv: list[str] | None, env: Environment) -> int:
    import typer

    args = sys.argv[1:] if argv is None else list(argv)
    try:
        # make_context + invoke rather than command.main: main() turns Ctrl-C and closed
        # pipes into exit codes of its own, silently; here every outcome passes one boundary.
        # The environment rides on the context (``obj``), where each command finds it.
        with command.make_context("verify-ask", args, obj=env) as context:
            status = command.invoke(context)
    except VerifyAskError as error:
        _error(env, str(error))
        return int(error.exit_status)
    except (typer.Abort, KeyboardInterrupt):
        return _interrupted(env)
    except typer.Exit as done:
        return done.exit_code
    except typer.TyperException as error:  # typer's own (vendored) click usage errors
        if type(error).__name__ == "NoArgsIsHelpError":
            error.show(file=env.stderr)  # bare ``verify-ask``: the help text is the answer
            return ExitStatus.USAGE
        # One line like every other error, not click's usage block (scripts grep stderr).
        context = getattr(error, "ctx", None)
        hint = f" (see '{context.command_path} --help')" if context is not None else ""
        _error(env, f"{error.format_message().rstrip('.')}{hint}")
        return ExitStatus.USAGE
    except BrokenPipeError:
        return _closed_stdout(env)
    except Exception as error:  # a bug: Python's own exit status, 1, would read as "abstained"
        if _interrupted_inside(error):
            return _interrupted(env)
        return _internal(env, error)
    try:
        env.stdout.flush()
    except BrokenPipeError:
        return _closed_stdout(env)
    return int(status or 0)


def _interrupted_inside(error: BaseException) -> bool:
    """Whether Ctrl-C is what the error wraps: CPython turns a KeyboardInterrupt raised while
    a class is made (a lazy import during the run) into "RuntimeError: Error calling
    __set_name__"."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _error(env: Environment, message: str) -> None:
    print(f"verify-ask: error: {message}", file=env.stderr)


def _internal(env: Environment, error: Exception) -> int:
    import traceback

    traceback.print_exception(error, file=env.stderr)
    print(
        f"verify-ask: internal error: {describe_bug(error)} (a bug; please report it with the "
        "traceback above)",
        file=env.stderr,
    )
    return ExitStatus.INTERNAL


def _interrupted(env: Environment) -> int:
    print("verify-ask: interrupted", file=env.stderr)
    return ExitStatus.INTERRUPTED


def _closed_stdout(env: Environment) -> int:
    # The reader went away (`| head`); point stdout at /dev/null so the final flush is quiet.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, env.stdout.fileno())
    return 0


def run(held: interrupts.Held | None = None) -> None:
    """Console-script entry point (and ``python -m verify_ask``'s, which holds Ctrl-C from its
    first line)."""
    status = main(held=held)
    if status == ExitStatus.INTERRUPTED:
        # CPython ends a process with SIGINT (status -2, not 130) when the Ctrl-C landed in
        # code run by exec() of a string (a dataclass or namedtuple being made during an
        # import), even though the KeyboardInterrupt was handled; leave before that check.
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(status)
    sys.exit(status)
