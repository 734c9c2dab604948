"""Few-shot completion prompts for a base model, kept as files so users can read and replace them.

The source comes before the question so that questions about one source share a prompt
prefix (llama.cpp reuses its evaluated tokens), and the rendered prompt is byte-identical
across the samples of one question.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from verify_ask.errors import InputError, unreadable
from verify_ask.language.question import Question

PLACEHOLDERS = ("{source}", "{question}")
BUILTINS = ("extract", "derive", "quote")
"""Prompts shipped with the package, selectable by name with ``--prompt``."""


@dataclass(frozen=True)
class PromptTemplate:
    name: str
    text: str

    def render(self, source: str, question: str) -> str:
        # Plain replacement, not str.format: sources and prompts are full of braces.
        head, _, tail = self.text.partition("{question}")
        return head.replace("{source}", source.strip()) + question + tail.rstrip("\n")


def builtin(name: str) -> PromptTemplate:
    text = files(__package__).joinpath(f"{name}.txt").read_text(encoding="utf-8")
    return PromptTemplate(name, text)


def from_file(path: str) -> PromptTemplate:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(unreadable("prompt", path, error)) from None
    except UnicodeDecodeError as error:
        raise InputError(f"prompt {path} cannot be read: {error}") from None
    missing = [p for p in PLACEHOLDERS if p not in text]
    if missing:
        raise InputError(f"prompt {path} lacks the placeholder(s) {', '.join(missing)}")
    return PromptTemplate(Path(path).stem, text)


def choose(question: Question, override: str | None = None) -> PromptTemplate:
    """The user's prompt (a built-in's name, else a file), else derive or extract by question.

    A built-in's name ("quote") means the built-in in any directory; anything else is a
    file's path ("./quote.txt").
    """
    if override in BUILTINS:
        return builtin(override)
    if override:
        return from_file(override)
    return builtin("derive" if question.wants_arithmetic else "extract")
