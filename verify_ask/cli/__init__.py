"""Command-line interface; ``main`` is the console script and the one error boundary."""

from verify_ask.cli.main import main

__all__ = ["main"]
