"""Pluggable checkers that judge each candidate answer against the source and the samples."""

from verify_ask.checkers.base import (
    CheckContext,
    Checker,
    CheckResult,
    Evidence,
    Verdict,
    option,
)
from verify_ask.checkers.registry import available, get, register

__all__ = [
    "CheckContext",
    "CheckResult",
    "Checker",
    "Evidence",
    "Verdict",
    "available",
    "get",
    "option",
    "register",
]
