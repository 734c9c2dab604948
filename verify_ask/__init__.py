"""verify-ask: answer a question about a source with a figure or a date, only when verified."""

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    # ``from verify_ask import Verifier`` without importing the pipeline for ``--help``.
    if name in ("Verifier", "Result", "Evidence"):
        from importlib import import_module

        return getattr(import_module(f"{__package__}.api"), name)
    raise AttributeError(f"module 'verify_ask' has no attribute {name!r}")


__all__ = ["Evidence", "Result", "Verifier", "__version__"]
