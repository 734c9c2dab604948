"""Model backends by name; each turns one prompt into N seeded completions."""

from __future__ import annotations

from collections.abc import Callable

from verify_ask.errors import UsageError
from verify_ask.model.backends.base import Backend, Completion, SampleRequest

__all__ = ["Backend", "Completion", "SampleRequest", "create", "names"]


def _llama(**options: object) -> Backend:
    from verify_ask.model.backends.batched import BatchedBackend

    return BatchedBackend(**options)  # type: ignore[arg-type]


def _http(**options: object) -> Backend:
    from verify_ask.model.backends.http import HttpBackend

    return HttpBackend(**options)  # type: ignore[arg-type]


_FACTORIES: dict[str, Callable[..., Backend]] = {
    "llama": _llama,
    "http": _http,
}


def names() -> list[str]:
    return sorted(_FACTORIES)


def create(name: str, **options: object) -> Backend:
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise UsageError(f"unknown backend {name!r}; choose from: {', '.join(names())}") from None
    return factory(**options)
