"""ggml's own C functions, bound with ctypes from the libraries llama-cpp-python ships.

Tensors are read through ``ggml_get_name``/``ggml_get_data``/``ggml_nelements`` rather than
struct offsets, which change between ggml versions. The GGUF file is read through ggml's C
parser: the ``gguf`` package's ``GGUFReader`` builds a numpy view per vocabulary string and
took 19 s to open this 262,144-token model here, against milliseconds in C.
"""

from __future__ import annotations

import ctypes
from functools import cache
from pathlib import Path
from typing import Any

GGUF_TYPE_FLOAT32 = 6
GGUF_TYPE_STRING = 8
DEVICE_TYPE_CPU = 0


class _GgufInitParams(ctypes.Structure):
    _fields_ = [("no_alloc", ctypes.c_bool), ("ctx", ctypes.c_void_p)]


@cache
def libraries() -> tuple[Any, Any]:
    """(libggml-base, libggml) with the signatures this module uses declared."""
    import llama_cpp
    from llama_cpp._ctypes_extensions import load_shared_library

    folder = Path(llama_cpp.__file__).parent / "lib"
    base = load_shared_library("ggml-base", folder)
    ggml = load_shared_library("ggml", folder)
    p, i64, size = ctypes.c_void_p, ctypes.c_int64, ctypes.c_size_t
    signatures = {
        "ggml_get_name": (base, [p], ctypes.c_char_p),
        "ggml_get_data": (base, [p], p),
        "ggml_nelements": (base, [p], i64),
        "gguf_init_from_file": (base, [ctypes.c_char_p, _GgufInitParams], p),
        "gguf_free": (base, [p], None),
        "gguf_find_key": (base, [p, ctypes.c_char_p], i64),
        "gguf_get_kv_type": (base, [p, i64], ctypes.c_int),
        "gguf_get_val_f32": (base, [p, i64], ctypes.c_float),
        "gguf_get_val_str": (base, [p, i64], ctypes.c_char_p),
        "gguf_find_tensor": (base, [p, ctypes.c_char_p], i64),
        "gguf_get_tensor_offset": (base, [p, i64], size),
        "gguf_get_tensor_type": (base, [p, i64], ctypes.c_int),
        "gguf_get_tensor_size": (base, [p, i64], size),
        "gguf_get_data_offset": (base, [p], size),
        "ggml_backend_dev_count": (ggml, [], size),
        "ggml_backend_dev_get": (ggml, [size], p),
        "ggml_backend_dev_type": (ggml, [p], ctypes.c_int),
        "ggml_backend_dev_name": (ggml, [p], ctypes.c_char_p),
    }
    for name, (library, arguments, result) in signatures.items():
        function = getattr(library, name)
        function.argtypes = arguments
        function.restype = result
    return base, ggml


def other_devices() -> list[str]:
    """Names of the registered ggml devices that are not the CPU (a GPU, BLAS)."""
    _, ggml = libraries()
    names = []
    for index in range(ggml.ggml_backend_dev_count()):
        device = ggml.ggml_backend_dev_get(index)
        if ggml.ggml_backend_dev_type(device) != DEVICE_TYPE_CPU:
            names.append(ggml.ggml_backend_dev_name(device).decode(errors="replace"))
    return names


class GgufFile:
    """A GGUF file's metadata and tensor placement (no tensor data is read)."""

    def __init__(self, path: Path) -> None:
        self._base, _ = libraries()
        self._ctx = self._base.gguf_init_from_file(str(path).encode(), _GgufInitParams(True, None))
        if not self._ctx:
            raise ValueError(f"{path} could not be parsed as GGUF")

    def __enter__(self) -> GgufFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self._base.gguf_free(self._ctx)

    def string(self, key: str) -> str | None:
        index = self._base.gguf_find_key(self._ctx, key.encode())
        if index < 0 or self._base.gguf_get_kv_type(self._ctx, index) != GGUF_TYPE_STRING:
            return None
        return self._base.gguf_get_val_str(self._ctx, index).decode()

    def number(self, key: str) -> float | None:
        index = self._base.gguf_find_key(self._ctx, key.encode())
        if index < 0 or self._base.gguf_get_kv_type(self._ctx, index) != GGUF_TYPE_FLOAT32:
            return None
        return float(self._base.gguf_get_val_f32(self._ctx, index))

    def has_key(self, key: str) -> bool:
        return self._base.gguf_find_key(self._ctx, key.encode()) >= 0

    def tensor(self, name: str) -> tuple[int, int, int] | None:
        """(byte offset in the file, ggml type, byte size) of a tensor, or None."""
        index = self._base.gguf_find_tensor(self._ctx, name.encode())
        if index < 0:
            return None
        offset = self._base.gguf_get_data_offset(self._ctx) + self._base.gguf_get_tensor_offset(
            self._ctx, index
        )
        kind = self._base.gguf_get_tensor_type(self._ctx, index)
        return offset, kind, self._base.gguf_get_tensor_size(self._ctx, index)
