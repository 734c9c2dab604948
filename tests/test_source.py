import pytest
from named_cases import named

from verify_ask.errors import InputError
from verify_ask.text.source import Source, read_source

TEXT = "First line has 3.5 units. Second sentence!\nThird line? Yes.\n\nLast one"


def test_sentences_split_on_ends_not_decimals() -> None:
    source = Source(TEXT)
    quotes = [TEXT[s:e] for s, e in source.sentences]
    assert quotes == [
        "First line has 3.5 units.",
        "Second sentence!",
        "Third line?",
        "Yes.",
        "Last one",
    ]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("It is known today as Visa Inc. Westbrook renamed it in 1983.",
         ["It is known today as Visa Inc.", "Westbrook renamed it in 1983."]),
        ("Apple Inc. sold 5 units. Then it left.", ["Apple Inc. sold 5 units.", "Then it left."]),
        ("Samsung Co. Ltd. sold 4 ships.", ["Samsung Co. Ltd. sold 4 ships."]),
        ("It joined Visa Inc. Jo Park led it.", ["It joined Visa Inc.", "Jo Park led it."]),
        ("Pears etc. are fruit. Figs etc. Then plums.",
         ["Pears etc. are fruit.", "Figs etc.", "Then plums."]),
        ("Dr. Hugh L. Dryden led it.", ["Dr. Hugh L. Dryden led it."]),
        ("The low was −7.0 °C. The Alps are cold.", ["The low was −7.0 °C.", "The Alps are cold."]),
        ("Wisconsin v. Yoder was decided in 1972.", ["Wisconsin v. Yoder was decided in 1972."]),
        ("He ruled Galilee.[citation needed] Norrland lay siege in 1953.",
         ["He ruled Galilee.[citation needed]", "Norrland lay siege in 1953."]),
        ("It grew.[12][note 3] Then it fell. A list [a] of things.",
         ["It grew.[12][note 3]", "Then it fell.", "A list [a] of things."]),
        ("It is in a book by J.I. Pontanus. H.W. Wembly built it.",
         ["It is in a book by J.I. Pontanus.", "H.W. Wembly built it."]),
        ("Rome fell in 476 A.D. The Goths ruled. He left at 5 P.M. on Monday.",
         ["Rome fell in 476 A.D.", "The Goths ruled.", "He left at 5 P.M. on Monday."]),
        ("It was reported at 2:47 p.m. by a tower. By 6 a.m. the fire had spread.",
         ["It was reported at 2:47 p.m. by a tower.", "By 6 a.m. the fire had spread."]),
    ],
    ids=["suffix-then-capital-ends", "suffix-then-verb-goes-on", "suffix-before-suffix",
         "suffix-then-a-short-name-ends",
         "etc-ends-before-a-capital", "title-and-initial-never-end",
         "a-units-letter-is-no-initial", "a-case-names-v-is-no-end",
         "a-footnote-mark-stays-with-its-sentence", "footnote-marks-in-a-row",
         "initials-in-a-row-never-end", "an-era-ends-before-a-capital",
         "a-lower-case-hour-goes-on"],
)  # fmt: skip
def test_abbreviations_and_initials_end_a_sentence_only_where_they_should(
    text: str, sentences: list[str]
) -> None:
    assert [text[s:e] for s, e in Source(text).sentences] == sentences


def test_line_of_and_sentence_around() -> None:
    source = Source(TEXT)
    offset = TEXT.index("Yes")
    assert source.line_of(0) == 1
    assert source.line_of(offset) == 2
    assert source.line_of(TEXT.index("Last")) == 4
    start, end = source.sentence_around(offset, offset + 3)
    assert TEXT[start:end] == "Yes."


def test_reads_stdin_only_for_dash(tmp_path) -> None:
    import io

    stdin = io.BytesIO(b"From stdin 42.")
    assert read_source("-", stdin).text == "From stdin 42."
    path = tmp_path / "a.txt"
    path.write_text("From a file 7.", encoding="utf-8")
    unread = io.BytesIO(b"never read")
    assert read_source(str(path), unread).text == "From a file 7."
    assert unread.tell() == 0
    with pytest.raises(InputError, match="no standard input"):
        read_source("-", None)


def _write(tmp_path, data: bytes):
    path = tmp_path / "source.txt"
    path.write_bytes(data)
    return str(path)


BAD = [
    ("missing", lambda tmp: str(tmp / "nope.txt"), "not found"),
    ("directory", lambda tmp: str(tmp), "is a directory"),
    ("empty", lambda tmp: _write(tmp, b""), "is empty"),
    ("whitespace", lambda tmp: _write(tmp, b" \n\t\n"), "is empty"),
    ("binary", lambda tmp: _write(tmp, b"\x89PNG\r\n\x1a\n\x00\x00\x00"), "looks binary"),
    ("latin-1", lambda tmp: _write(tmp, "Caf\u00e9 costs 3 euros".encode("latin-1")), "not UTF-8"),
]


@pytest.mark.parametrize(("make", "message"), named(BAD))
def test_unusable_sources_raise_input_errors(tmp_path, make, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_source(make(tmp_path))


def test_unreadable_source(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Tests run as root in CI, where chmod 0 does not stop a read: raise what the OS would.
    from pathlib import Path

    path = tmp_path / "secret.txt"
    path.write_text("x")

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(InputError, match="permission denied"):
        read_source(str(path))
