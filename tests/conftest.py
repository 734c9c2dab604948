"""Shared fixtures: an isolated cache, the example article, and a replaying fake backend."""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from verify_ask.model.backends.base import Completion, SampleRequest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "origotech.txt"


@pytest.fixture(scope="session", autouse=True)
def isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every test run assembles the default model into its own cache (once, about 1 s)."""
    cache = tmp_path_factory.mktemp("cache")
    os.environ["VERIFY_ASK_CACHE_DIR"] = str(cache)
    os.environ.pop("VERIFY_ASK_MODEL", None)
    return cache


_DOCUMENT_CACHES = itertools.count()


@pytest.fixture(autouse=True)
def isolated_document_cache(isolated_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own cache of parsed documents (``text.formats.cache``), made only when a
    document is read: a test that breaks a reader (a lowered limit, a patched pypdf) must meet
    that reader, not the text an earlier test's read of the same bytes kept."""
    from verify_ask.text.formats import cache

    directory = isolated_cache / "documents-by-test" / str(next(_DOCUMENT_CACHES))
    monkeypatch.setattr(cache, "directory", lambda: directory)
    return directory


@pytest.fixture(scope="session")
def example_path() -> Path:
    return EXAMPLE


@pytest.fixture(scope="session")
def example_text() -> str:
    return EXAMPLE.read_text(encoding="utf-8")


class ReplayBackend:
    """Replays canned completions (greedy first, then one per sample) for decision-logic tests."""

    name = "replay"

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = list(texts)
        self.prompts: list[str] = []

    def complete(self, prompt: str, requests: Sequence[SampleRequest]) -> list[Completion]:
        self.prompts.append(prompt)
        assert len(requests) == len(self.texts), "one canned text per request"
        return [Completion(text, 3) for text in self.texts]

    def describe(self) -> dict[str, object]:
        return {"backend": self.name, "model": None, "sha256": None}


@pytest.fixture
def replay(monkeypatch: pytest.MonkeyPatch):
    """Make the CLI's backend factory hand out a ReplayBackend with the given texts."""
    from verify_ask.model import backends

    def install(texts: Sequence[str]) -> ReplayBackend:
        backend = ReplayBackend(texts)
        monkeypatch.setitem(backends._FACTORIES, "llama", lambda **_: backend)
        return backend

    return install
