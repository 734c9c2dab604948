"""verify-ask: answer a question about a source with a figure or a date, only when verified."""

__version__ = "0.1.0"
