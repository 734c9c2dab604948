"""Answers as the built-in prompts ask the model to write them, read back.

``quote.txt`` asks for the value, then `` | `` and the words of the text it comes from in
quotes, on one line: ``14 March 2009 | "was founded on 14 March 2009"``.
"""

from __future__ import annotations

_OPENING = "\"“'‘"
_CLOSING = "\"”'’"


def split_quote(answer: str) -> tuple[str, str | None]:
    """``'2009 | "founded in 2009"'`` as ``("2009", "founded in 2009")``.

    Only a quote mark right after the bar makes a quote: a bare bar is left alone, as
    answers read off a text table may hold one. A quote cut short by the token limit
    (no closing mark) still counts.
    """
    head, bar, tail = answer.partition("|")
    tail = tail.strip()
    if not bar or not tail or tail[0] not in _OPENING:
        return answer, None
    quote = tail[1:]
    if quote and quote[-1] in _CLOSING:
        quote = quote[:-1]
    quote = quote.strip()
    return head.strip(), quote or None
