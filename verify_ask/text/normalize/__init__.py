"""Normalization: reading figures and dates out of text into typed values.

``parse_value`` reads the first value of a short model answer; ``find_values`` finds
every value in a source text with exact offsets. Both never raise on any input.
"""

from verify_ask.text.normalize.answers import Expect, parse_value
from verify_ask.text.normalize.mentions import Mention, find_values

__all__ = ["Expect", "Mention", "find_values", "parse_value"]
