"""What the reader reads: the question, then a window of the source with the candidate marked.

Training (``scripts/train_reader.py``) and answering build their inputs here and nowhere
else, so the model answers on exactly the inputs it was fitted on. The source is tokenized
once, with each token's character offsets; a candidate's window is the tokens around its
span, as many on each side as the length allows, with « and » around the span itself
(both are ordinary tokens of the encoder's vocabulary: no new embedding to learn).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tokenizers import Tokenizer

MAX_TOKENS = 128
"""The whole input, question and window: a candidate is judged by its neighbourhood, and
the cost grows with the length."""
MAX_QUESTION_TOKENS = 40
MAX_SPAN_TOKENS = 16
OPEN, CLOSE = "«", "»"
REACH = 2000
"""Characters read on each side of a span: several times what ``MAX_TOKENS`` can hold, so
the window is the one tokenizing the whole text would give."""


@dataclass(frozen=True)
class Encoded:
    """One input: token ids, token types (0 question, 1 window), and where the marked
    span runs (from « to », inclusive), for the head's pooling."""

    ids: tuple[int, ...]
    types: tuple[int, ...]
    span: tuple[int, int]


class TokenizedText:
    """A text's tokens (or those of ``text[first:last]``) with their character offsets in
    the whole text."""

    def __init__(self, tokenizer: Tokenizer, text: str, first: int = 0,
                 last: int | None = None) -> None:
        encoding = tokenizer.encode(text[first:last], add_special_tokens=False)
        self.ids = list(encoding.ids)
        self.starts = [first + start for start, _ in encoding.offsets]
        self.ends = [first + end for _, end in encoding.offsets]


class Inputs:
    """Builds the reader's inputs with one tokenizer."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self.cls = _token_id(tokenizer, "[CLS]")
        self.sep = _token_id(tokenizer, "[SEP]")
        self.open = _token_id(tokenizer, OPEN)
        self.close = _token_id(tokenizer, CLOSE)

    def tokens(self, text: str) -> TokenizedText:
        return TokenizedText(self.tokenizer, text)

    def around(self, text: str, start: int, end: int) -> TokenizedText:
        """The tokens of the stretch of ``text`` a span's input can reach: a long source is
        never tokenized whole for a few figures."""
        return TokenizedText(self.tokenizer, text, max(0, start - REACH), end + REACH)

    @lru_cache(maxsize=256)  # noqa: B019 - one Inputs lives as long as its reader
    def question(self, text: str) -> tuple[int, ...]:
        ids = self.tokenizer.encode(text, add_special_tokens=False).ids
        return tuple(ids[:MAX_QUESTION_TOKENS])

    def encode(self, question: str, text: TokenizedText, start: int, end: int) -> Encoded:
        """The input for the span ``start:end`` of the tokenized text."""
        asked = self.question(question)
        first = bisect_right(text.ends, start)  # the first token ending after the span starts
        last = max(bisect_left(text.starts, end), first)  # the first token at or past its end
        span = text.ids[first:last][:MAX_SPAN_TOKENS]
        room = MAX_TOKENS - len(asked) - len(span) - 5  # [CLS] [SEP] « » [SEP]
        before = text.ids[max(0, first - room):first]
        after = text.ids[last:last + room]
        left, right = _share(room, len(before), len(after))
        window = [*before[len(before) - left:], self.open, *span, self.close, *after[:right]]
        ids = (self.cls, *asked, self.sep, *window, self.sep)
        types = (0,) * (len(asked) + 2) + (1,) * (len(window) + 1)
        marked = len(asked) + 2 + left
        return Encoded(ids, types, (marked, marked + len(span) + 1))


def _share(room: int, before: int, after: int) -> tuple[int, int]:
    """How many tokens each side gets: half the room, and what one side cannot use to the
    other."""
    left = min(before, room // 2)
    right = min(after, room - left)
    left = min(before, room - right)
    return left, right


def _token_id(tokenizer: Tokenizer, token: str) -> int:
    found = tokenizer.token_to_id(token)
    if found is None:
        raise ValueError(f"the reader's vocabulary has no {token!r}")
    return found


def batch(encoded: Sequence[Encoded]) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """Ids, types and attention masks padded to the longest input (pad id 0)."""
    width = max(len(e.ids) for e in encoded)
    ids = [list(e.ids) + [0] * (width - len(e.ids)) for e in encoded]
    types = [list(e.types) + [0] * (width - len(e.types)) for e in encoded]
    masks = [[1] * len(e.ids) + [0] * (width - len(e.ids)) for e in encoded]
    return ids, types, masks
