"""Typed errors raised by library code, and the exit status each one maps to.

Library code raises; only the CLI boundary turns an error into a message and an
exit code. The README's exit-code table mirrors ``ExitStatus`` and a test reads both.
"""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    VERIFIED = 0
    ABSTAINED = 1
    USAGE = 2
    MODEL = 3
    INPUT = 4
    INTERNAL = 70
    """A bug in verify-ask or a plugin (sysexits' EX_SOFTWARE): never 1, which means
    "abstained" to a script."""
    INTERRUPTED = 130


def describe_bug(error: Exception) -> str:
    """One line for an exception no library code meant to raise: its type and message."""
    message = " ".join(str(error).split())
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def unreadable(what: str, path: object, error: OSError) -> str:
    """One line for a file that cannot be read, worded alike for every file verify-ask
    reads ("source FILE not found", "model file FILE is a directory, not a file")."""
    if isinstance(error, FileNotFoundError):
        return f"{what} {path} not found"
    if isinstance(error, IsADirectoryError):
        return f"{what} {path} is a directory, not a file"
    if isinstance(error, PermissionError):
        return f"{what} {path} is not readable (permission denied)"
    return f"{what} {path} cannot be read: {error.strerror or error}"


class VerifyAskError(Exception):
    """Base of every error the CLI reports as one line on stderr."""

    exit_status: ExitStatus = ExitStatus.MODEL


class UsageError(VerifyAskError):
    """The command line or settings are wrong (unknown checker, bad option value)."""

    exit_status = ExitStatus.USAGE


class InputError(VerifyAskError):
    """A question or source cannot be read or used."""

    exit_status = ExitStatus.INPUT


class ModelError(VerifyAskError):
    """The model file is missing or broken, or the backend failed."""

    exit_status = ExitStatus.MODEL


class ExpressionError(VerifyAskError):
    """A derivation could not be parsed or evaluated safely (never reaches the CLI)."""

    exit_status = ExitStatus.USAGE
