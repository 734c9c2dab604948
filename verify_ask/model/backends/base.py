"""The backend protocol: turn one prompt into several completions, each with its own seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class SampleRequest:
    temperature: float
    seed: int
    max_tokens: int = 32
    stop: tuple[str, ...] = ("\n",)


@dataclass(frozen=True)
class Completion:
    text: str
    tokens: int


@dataclass(frozen=True)
class Score:
    """The log-probability of one continuation of a prompt, and how many tokens it took."""

    logprob: float
    tokens: int


class Backend(Protocol):
    name: str

    def complete(self, prompt: str, requests: Sequence[SampleRequest]) -> list[Completion]:
        """One completion per request, in request order. Raises ``ModelError`` on failure."""
        ...

    # Backends that can also score answers (the ``rank`` checker) add
    # ``score(prompt, continuations) -> list[Score]``; the others are skipped by it.

    def describe(self) -> dict[str, object]:
        """What produced the answers (model path, hash prefix), for the JSON record."""
        ...
