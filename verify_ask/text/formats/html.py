"""HTML sources: the readable text of a page, table cells kept as ``a | b`` rows."""

from __future__ import annotations


def html_to_text(markup: str) -> str:
    """The readable text of an HTML page (scripts, styles and markup dropped).

    Offsets in evidence then point into this text, not into the HTML file.
    """
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(markup, "html.parser")
    for element in soup(["script", "style", "noscript", "template", "head"]):
        element.decompose()
    # Block elements end a line; inline ones (<b>, <a>) stay inside their sentence.
    for element in soup(_BLOCK_TAGS):
        element.insert_after("\n")
    for cell in soup(["td", "th"]):
        cell.insert_after(" | ")
    lines = (" ".join(line.split()) for line in soup.get_text().splitlines())
    return "\n".join(line for line in lines if line)


_BLOCK_TAGS = (
    "p div h1 h2 h3 h4 h5 h6 li tr br table ul ol section article header footer blockquote "
    "pre dd dt figcaption caption"
).split()
