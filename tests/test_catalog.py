"""Known models by name: chunk packages joined once into the cache, refused unless the joined
file is the release's, and listed by ``verify-ask models``.

The chunk packages here are real importable packages written into a temporary folder, each
with the ``get_part_path()`` the Qwen chunk wheels have; the release digest is the one of
the parts joined. The real Qwen wheels (1.6 GB) are an optional extra CI does not install.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus, ModelError
from verify_ask.model import catalog

HEADER = b"GGUF\x03\x00\x00\x00"


def _parts(tmp_path: Path, chunks: list[bytes], prefix: str = "fake_chunk_part") -> list[str]:
    """Importable chunk packages (``prefix1``, ``prefix2``, ...) holding ``chunks``."""
    names = []
    for index, chunk in enumerate(chunks, start=1):
        package = tmp_path / "site" / f"{prefix}{index}"
        (package / "data").mkdir(parents=True)
        (package / "data" / f"part{index:02d}.bin").write_bytes(chunk)
        (package / "__init__.py").write_text(
            "import os\n"
            "def get_part_path():\n"
            f"    return os.path.join(os.path.dirname(__file__), 'data', 'part{index:02d}.bin')\n"
        )
        names.append(f"{prefix}{index}")
    return names


@pytest.fixture
def chunked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A known model made of three chunk packages, registered under a test name."""
    chunks = [HEADER + b"a" * 3000, b"b" * 2000, b"c" * 1000]
    joined = b"".join(chunks)
    names = _parts(tmp_path, chunks)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    for name in names:
        sys.modules.pop(name, None)
    model = catalog.KnownModel(
        name="test-chunked",
        title="a test model",
        filename="test-chunked.gguf",
        size=len(joined),
        licence="MIT",
        source="this test",
        install="pip install nothing",
        parts=tuple(names),
        sha256=hashlib.sha256(joined).hexdigest(),
    )
    monkeypatch.setitem(catalog.MODELS, model.name, model)
    return model, joined, tmp_path / "cache"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_parts_are_joined_in_order_once_and_checked(chunked) -> None:
    model, joined, cache = chunked
    said: list[str] = []
    path = catalog.assemble(model, cache, _digest, said.append)
    assert path == cache / model.filename
    assert path.read_bytes() == joined
    assert len(said) == 1 and "assembling test-chunked" in said[0]
    again = catalog.assemble(model, cache, _digest, said.append)
    assert again == path and len(said) == 1  # the second use joins nothing
    assert not [p for p in cache.iterdir() if p.name.startswith(".assembling-")]


def test_a_digest_other_than_the_release_is_refused_and_nothing_is_kept(chunked) -> None:
    model, _, cache = chunked
    forged = replace(model, sha256="0" * 64)
    with pytest.raises(ModelError, match="refusing to load it"):
        catalog.assemble(forged, cache, _digest, lambda _: None)
    assert not (cache / model.filename).exists()
    assert not list(cache.iterdir())


def test_a_part_of_another_size_is_refused(chunked) -> None:
    model, _, cache = chunked
    with pytest.raises(ModelError, match="not the release's"):
        catalog.assemble(replace(model, size=model.size + 1), cache, _digest, lambda _: None)


def test_a_damaged_file_in_the_cache_is_refused(chunked) -> None:
    model, joined, cache = chunked
    cache.mkdir()
    (cache / model.filename).write_bytes(joined[:-1] + b"X")
    with pytest.raises(ModelError, match="has sha256"):
        catalog.assemble(model, cache, _digest, lambda _: None)


def test_a_missing_part_file_is_named(chunked) -> None:
    model, _, cache = chunked
    module = __import__(model.parts[1])
    Path(module.get_part_path()).unlink()
    with pytest.raises(ModelError, match="is incomplete: part .*part02.bin is missing"):
        catalog.assemble(model, cache, _digest, lambda _: None)


def test_an_uninstalled_model_by_name_exits_3_and_says_how_to_install(
    capsys, monkeypatch, example_path
) -> None:
    missing = replace(
        catalog.MODELS["qwen2.5-coder-1.5b"], parts=("no_such_chunk_package_1",)
    )
    monkeypatch.setitem(catalog.MODELS, missing.name, missing)
    status = main(["When was OrigoTech founded?", "-s", str(example_path), "-m", missing.name])
    assert status == ExitStatus.MODEL
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert "qwen2.5-coder-1.5b is not installed" in lines[0] and "verify-ask[qwen]" in lines[0]


def test_a_forged_model_by_name_exits_3_before_anything_loads(
    capsys, chunked, monkeypatch, example_path
) -> None:
    model, _, _ = chunked
    monkeypatch.setitem(catalog.MODELS, model.name, replace(model, sha256="f" * 64))
    question = ["When was OrigoTech founded?", "-s", str(example_path), "-m", model.name]
    status = main([*question, "--weights", "gemma3-270m"])
    assert status == ExitStatus.MODEL
    error = capsys.readouterr().err.strip().splitlines()
    assert error[-1].startswith("verify-ask: error: model test-chunked") and "refusing" in error[-1]


def test_a_known_model_is_never_judged_by_another_models_weights_unasked(
    capsys, chunked, example_path
) -> None:
    model, _, _ = chunked
    status = main(["When was OrigoTech founded?", "-s", str(example_path), "-m", model.name])
    assert status == ExitStatus.USAGE
    line = capsys.readouterr().err.strip()
    assert "no decision weights are fitted for test-chunked" in line and "\n" not in line


def test_models_lists_name_size_licence_and_whether_installed(capsys, chunked) -> None:
    assert main(["models", "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert {"gemma3-270m", "qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b"} <= set(rows)
    assert rows["gemma3-270m"]["default"] and rows["gemma3-270m"]["installed"]
    assert rows["qwen2.5-coder-1.5b"]["licence"] == "Apache-2.0"
    assert rows["qwen2.5-coder-1.5b"]["bytes"] == 1_117_320_768
    assert rows["test-chunked"]["installed"]  # its packages import, though nothing is joined
    assert main(["models"]) == 0
    human = capsys.readouterr().out
    assert "gemma3-270m" in human and "(default)" in human and "Apache-2.0" in human


def test_the_default_model_by_name_is_the_bundled_file() -> None:
    from verify_ask.model.backends.model_file import default_model, resolve_model

    assert resolve_model("gemma3-270m") == default_model()
    assert default_model().stat().st_size == catalog.MODELS["gemma3-270m"].size
