"""PDF, Word and Markdown sources: the format told by content, evidence by page (every page and
offset slicing to the figure on that page), table rows with their cells, Markdown quoted
without its markup at the file's line, and every bad document refused with one line.

The files are made here with real writers (fpdf2, python-docx). The tests marked ``model``
ask the real default model through the CLI; the others read sources directly or replay
canned answers (``replay``).
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from random import Random

import pytest
from document_files import (
    FILING,
    WHERE,
    malformed,
    truncated,
    write_docx,
    write_pdf,
    write_scanned_pdf,
    write_zip_bomb,
)
from named_cases import named

from verify_ask.checkers.base import evidence_at
from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus, InputError
from verify_ask.text import formats
from verify_ask.text.formats import detect_format
from verify_ask.text.formats import pdf as pdf_reader
from verify_ask.text.formats.layout import with_cells
from verify_ask.text.formats.word import MAX_UNZIPPED_BYTES
from verify_ask.text.source import Source, read_source, source_from_bytes
from verify_ask.text.tables import tables_of

CAPEX_ROW = "Purchases of property, plant and equipment | (1,577) | (1,373)"
STATEMENT = [
    "Lumen Industries was founded in 1961 in Dayton, Ohio.",
    (
        ("(in millions)", "2018", "2017"),
        ("Net sales", "32,765", "31,657"),
        ("Purchases of property, plant and equipment", "(1,577)", "(1,373)"),
    ),
    "The research centre in Lyon had 312 employees.",
]
MARKDOWN = """# Lumen

The **Lumen** plant opened on *2 May 2022*
and employs **85** people.

| Year | Output |
|------|--------|
| 2022 | 1,250 t |
"""


@pytest.fixture(scope="module")
def filing_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_pdf(tmp_path_factory.mktemp("pdf") / "report.pdf", FILING)


def mention_of(source: Source, figure: str) -> tuple[int, int]:
    """The offsets of the one figure ``figure`` as verify-ask finds it in the source."""
    assert source.text.count(figure) == 1, figure
    start = source.text.index(figure)
    span = (start, start + len(figure))
    return next((m.start, m.end) for m in source.mentions if (m.start, m.end) == span)


# --- the format, by content first ------------------------------------------------------------


def _zip(names: list[str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in names:
            archive.writestr(name, "<x/>")
    return buffer.getvalue()


FORMATS = [
    ("pdf-named-txt", b"%PDF-1.7\n...", "report.txt", "pdf"),
    ("pdf-after-blank-bytes", b"\r\n%PDF-1.4\n...", "-", "pdf"),
    ("docx-without-extension", _zip(["[Content_Types].xml", "word/document.xml"]), "doc", "docx"),
    ("zip-not-docx", _zip(["data.csv"]), "data.zip", "zip"),
    ("broken-zip-named-docx", b"PK\x03\x04 cut short", "letter.docx", "docx"),
    ("markdown-by-name", b"Plain words.", "notes.md", "markdown"),
    ("markdown-by-content", b"# Title\n\nThe **plant** opened.", "<stdin>", "markdown"),
    ("markdown-without-suffix", b"# Title\n\n[Home](index.md) **now**", "README", "markdown"),
    ("markdown-signs-in-txt", b"# Title\n\nThe **plant** opened.", "notes.txt", "text"),
    ("one-sign-is-not-markdown", b"# of staff: 12\nNo more.", "<stdin>", "text"),
    ("html-by-name", b"<p>Hi</p>", "page.htm", "html"),
    ("html-by-content", b"\xef\xbb\xbf<!DOCTYPE html><p>Hi</p>", "<stdin>", "html"),
    ("text", b"Founded in 1990.", "a.txt", "text"),
]


@pytest.mark.parametrize(
    ("data", "label", "expected"), named(FORMATS)
)
def test_the_format_is_told_by_content_then_by_name(data: bytes, label: str, expected: str) -> None:
    assert detect_format(data, label) == expected


# --- PDF: pages, table rows, wrapped prose ---------------------------------------------------


def test_every_figure_s_evidence_names_its_page_and_slices_to_it_there(filing_pdf: Path) -> None:
    from pypdf import PdfReader

    source = read_source(str(filing_pdf))
    pages = PdfReader(filing_pdf).pages
    assert len(source.pages) == len(pages) == 4
    for figure, page in WHERE.items():
        evidence = evidence_at(source, *mention_of(source, figure))
        assert evidence.page == page, figure
        first, last = source.pages[page - 1]
        assert first <= evidence.start < evidence.end <= last, figure
        assert source.text[evidence.start : evidence.end] == figure
        assert figure in evidence.quote
        assert figure in pages[page - 1].extract_text()  # pypdf's own page agrees
        assert evidence.to_json()["page"] == page


def test_page_ranges_hold_each_page_s_text_and_a_blank_page_its_own(filing_pdf: Path) -> None:
    source = read_source(str(filing_pdf))
    texts = [source.text[start:end] for start, end in source.pages]
    assert texts[0].startswith("Lumen Industries Annual Report 2018")
    assert texts[1].startswith("Consolidated Statement of Cash Flows")
    assert texts[2] == ""  # the blank page
    assert texts[3].startswith("Employees")
    between = source.pages[0][1]  # the line break that ends page 1 is on no page
    assert source.text[between] == "\n" and source.page_of(between) is None


def test_a_table_row_of_a_pdf_keeps_its_cells_and_labels(filing_pdf: Path) -> None:
    source = read_source(str(filing_pdf))
    assert CAPEX_ROW in source.text.splitlines()
    assert "(in millions) | 2018 | 2017" in source.text.splitlines()
    start, end = mention_of(source, "(1,577)")
    assert evidence_at(source, start, end).quote == CAPEX_ROW
    labels = tables_of(source).labels_at(start)
    assert labels is not None
    assert labels[:2] == ["Purchases of property, plant and equipment", "2018"]
    assert "(in millions)" in labels


def test_prose_wrapped_by_the_page_is_quoted_as_one_sentence(filing_pdf: Path) -> None:
    source = read_source(str(filing_pdf))
    quote = evidence_at(source, *mention_of(source, "4,210")).quote
    assert quote == (
        "Today the company employs 4,210 people at eleven plants on three continents, and it "
        "sells coatings, adhesives and filters to customers in more than forty countries."
    )


LAYOUT_LINES = [
    ("label-and-figures", "Net sales       32,765     31,657", "Net sales | 32,765 | 31,657"),
    ("indented-years", "            2018        2017", " | 2018 | 2017"),
    ("negative-and-dash", "Loss  (23)  —", "Loss | (23) | —"),
    ("currency-and-percent", "Capex   $ 4.2   7.5 %", "Capex | $ 4.2 | 7.5 %"),
    ("prose-with-a-wide-gap", "The company  was founded in 1961", None),
    ("words-for-headers-alone", "Industrial   Safety   Health", None),
    ("a-range-is-not-a-figure", "Ages   1–90   3", None),
    ("single-spaced", "Net sales 32,765 31,657", None),
]


@pytest.mark.parametrize(
    ("layout", "row"), named(LAYOUT_LINES)
)
def test_a_layout_line_of_figure_cells_becomes_a_row(layout: str, row: str | None) -> None:
    plain = " ".join(layout.split())
    assert with_cells([plain], layout) == [row or plain]


ROW_BELOW = "Net sales       32,765        31,657"
HEADER_LINES = [
    ("label-and-words", "Segment        Industrial     Safety", "Segment | Industrial | Safety"),
    ("indented-words", "               Industrial     Safety", " | Industrial | Safety"),
    ("words-with-a-year", "               Year ended 2018     Year ended 2017",
     " | Year ended 2018 | Year ended 2017"),
    ("one-header-too-few", "Segment        Industrial", None),
    ("prose-in-lower-case", "The company    was founded in     the year", None),
    ("a-sentence", "It grew.       Sales rose     Costs fell", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("layout", "row"), named(HEADER_LINES)
)
def test_a_layout_line_of_words_over_figure_cells_becomes_a_header_row(
    layout: str, row: str | None
) -> None:
    plain = [" ".join(layout.split()), " ".join(ROW_BELOW.split())]
    rows = with_cells(plain, f"{layout}\n{ROW_BELOW}")
    assert rows == [row or plain[0], "Net sales | 32,765 | 31,657"]


def test_a_pdf_table_under_word_headers_answers_by_its_column(tmp_path: Path) -> None:
    table = (
        ("Segment", "Industrial", "Safety"),
        ("Net sales", "32,765", "31,657"),
        ("Operating income", "7,034", "6,510"),
    )
    source = read_source(str(write_pdf(tmp_path / "segments.pdf", [["Segment results", table]])))
    assert "Segment | Industrial | Safety" in source.text.splitlines()
    start, end = mention_of(source, "31,657")
    assert tables_of(source).labels_at(start)[:2] == ["Net sales", "Safety"]
    assert evidence_at(source, start, end).page == 1


@pytest.mark.parametrize("encryption", ["RC4", "AES_128", "AES_256"])
def test_a_pdf_restricted_only_by_an_owner_password_is_read(
    tmp_path: Path, encryption: str
) -> None:
    path = write_pdf(
        tmp_path / "restricted.pdf", [STATEMENT], user_password="", encryption=encryption
    )
    source = read_source(str(path))
    assert evidence_at(source, *mention_of(source, "1961")).page == 1


@pytest.mark.parametrize("encryption", ["RC4", "AES_256"])
def test_a_pdf_that_needs_a_password_is_refused(tmp_path: Path, encryption: str) -> None:
    path = write_pdf(tmp_path / "locked.pdf", [STATEMENT], user_password="x", encryption=encryption)
    with pytest.raises(InputError, match="is an encrypted PDF that needs a password"):
        read_source(str(path))


def test_a_pdf_is_read_whatever_it_is_named_and_from_stdin(filing_pdf: Path) -> None:
    data = filing_pdf.read_bytes()
    source = read_source("-", io.BytesIO(data))
    assert source.path is None and len(source.pages) == 4
    assert evidence_at(source, *mention_of(source, "312")).page == 4


# --- Word and Markdown -----------------------------------------------------------------------


def test_a_docx_gives_paragraphs_and_table_rows_of_cells(tmp_path: Path) -> None:
    source = read_source(str(write_docx(tmp_path / "statement.docx", STATEMENT)))
    assert source.text.splitlines() == [
        "Lumen Industries was founded in 1961 in Dayton, Ohio.",
        "(in millions) | 2018 | 2017",
        "Net sales | 32,765 | 31,657",
        CAPEX_ROW,
        "The research centre in Lyon had 312 employees.",
    ]
    start, end = mention_of(source, "(1,577)")
    evidence = evidence_at(source, start, end)
    assert (evidence.quote, evidence.line, evidence.page) == (CAPEX_ROW, 4, None)
    assert source.text[evidence.start : evidence.end] == "(1,577)"
    labels = tables_of(source).labels_at(start)
    assert labels is not None and labels[:2] == [
        "Purchases of property, plant and equipment",
        "2018",
    ]


def test_a_docx_cell_merged_across_columns_heads_them_once(tmp_path: Path) -> None:
    import docx

    document = docx.Document()
    table = document.add_table(rows=2, cols=3)
    table.cell(0, 1).merge(table.cell(0, 2)).text = "Fiscal years"
    for column, text in enumerate(("Net sales", "32,765", "31,657")):
        table.cell(1, column).text = text
    path = tmp_path / "merged.docx"
    document.save(str(path))
    assert read_source(str(path)).text.splitlines() == [
        " | Fiscal years | ",
        "Net sales | 32,765 | 31,657",
    ]


def test_markdown_evidence_quotes_no_markup_and_names_the_file_s_line(tmp_path: Path) -> None:
    path = tmp_path / "lumen.md"
    path.write_text(MARKDOWN, encoding="utf-8")
    source = read_source(str(path))
    file_lines = MARKDOWN.splitlines()
    sentence = "The Lumen plant opened on 2 May 2022 and employs 85 people."
    for figure, line in (("2 May 2022", 3), ("85", 4), ("1,250 t", 8)):
        start = source.text.index(figure)
        evidence = evidence_at(source, start, start + len(figure))
        assert source.text[evidence.start : evidence.end] == figure
        assert evidence.line == line and figure.split()[0] in file_lines[line - 1]
        assert "*" not in evidence.quote
    start = source.text.index("85")
    assert evidence_at(source, start, start + 2).quote == sentence
    assert "2022 | 1,250 t" in source.text.splitlines()


def test_line_of_without_a_line_map_counts_the_text_s_own_lines() -> None:
    source = Source("one 1\ntwo 2\n\nfour 4")
    assert [source.line_of(source.text.index(d)) for d in "124"] == [1, 2, 4]
    assert source.page_of(0) is None


# --- bad documents ---------------------------------------------------------------------------


def _encrypted(tmp: Path) -> Path:
    return write_pdf(tmp / "locked.pdf", [STATEMENT], user_password="secret")


def _readable_pdf(tmp: Path) -> Path:
    return write_pdf(tmp / "ok.pdf", [STATEMENT])


def _over_the_text_limit(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(formats, "MAX_TEXT_CHARS", 100)
    return write_pdf(tmp / "long.pdf", [STATEMENT, STATEMENT])


def _too_many_pages(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(pdf_reader, "MAX_PAGES", 1)
    return write_pdf(tmp / "pages.pdf", [STATEMENT, STATEMENT])


def _too_slow(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(pdf_reader, "MAX_PARSE_SECONDS", 0.0)
    return write_pdf(tmp / "slow.pdf", [STATEMENT, STATEMENT])


def _aes_without_cryptography(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An encrypted PDF that opens without a password, where decrypting needs a package that
    is missing, as AES needs ``cryptography`` (fpdf2 itself needs it to write AES)."""
    import pypdf
    from pypdf.errors import DependencyError

    def missing(self: object, password: str) -> None:
        raise DependencyError("cryptography>=3.1 is required for AES algorithm")

    monkeypatch.setattr(pypdf.PdfReader, "decrypt", missing)
    return write_pdf(tmp / "aes.pdf", [STATEMENT], user_password="")


def _bomb(tmp: Path) -> Path:
    return write_zip_bomb(tmp / "bomb.docx", MAX_UNZIPPED_BYTES + 2**20)


def _not_docx(tmp: Path) -> Path:
    path = tmp / "archive.zip"
    path.write_bytes(_zip(["data.csv"]))
    return path


def _broken_docx(tmp: Path) -> Path:
    path = tmp / "broken.docx"
    path.write_bytes(_zip(["[Content_Types].xml", "word/document.xml"]))  # no relationships
    return path


BAD = [
    ("encrypted", lambda tmp, mp: _encrypted(tmp), "is an encrypted PDF that needs a password"),
    ("aes-without-cryptography", _aes_without_cryptography,
     "needs a package to be read: cryptography>=3.1 is required for AES algorithm"),
    ("no-text-layer", lambda tmp, mp: write_scanned_pdf(tmp / "scan.pdf"),
     "has no text layer: run OCR first"),
    ("truncated", lambda tmp, mp: truncated(tmp / "cut.pdf", _encrypted(tmp)),
     "is a truncated PDF (it does not end with %%EOF)"),
    ("malformed", lambda tmp, mp: malformed(tmp / "bad.pdf", _readable_pdf(tmp)),
     "is not a readable PDF ("),
    ("text-over-the-limit", _over_the_text_limit, "has more than 100 characters of text"),
    ("too-many-pages", _too_many_pages, "has 2 pages, more than the 1 read"),
    ("too-slow", _too_slow, "took more than 0 s to read (stopped at page 1 of 2)"),
    ("zip-bomb", lambda tmp, mp: _bomb(tmp), "would unpack to 257 MiB in 2 files, more than"),
    ("zip-not-docx", lambda tmp, mp: _not_docx(tmp), "is a zip archive, not a Word (.docx)"),
    ("broken-docx", lambda tmp, mp: _broken_docx(tmp), "is not a readable Word document ("),
]  # fmt: skip


@pytest.mark.parametrize(("make", "message"), named(BAD))
def test_bad_documents_raise_one_line_input_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make, message: str
) -> None:
    path = make(tmp_path, monkeypatch)
    with pytest.raises(InputError) as raised:
        read_source(str(path))
    assert str(raised.value) == str(raised.value).strip() and "\n" not in str(raised.value)
    assert str(raised.value).startswith(f"source {path} ") and message in str(raised.value)


def test_the_zip_bomb_is_refused_from_its_directory_alone(tmp_path: Path, monkeypatch) -> None:
    """Nothing of the bomb is unpacked: refused before python-docx or any read of a member."""
    path = _bomb(tmp_path)
    assert path.stat().st_size < 4 * 2**20  # a few MiB that would unpack to 257 MiB

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a member was unpacked")

    monkeypatch.setattr(zipfile.ZipFile, "open", never)
    with pytest.raises(InputError, match="a zip bomb"):
        read_source(str(path))


def test_damaged_documents_give_a_source_or_an_input_error(filing_pdf: Path, tmp_path) -> None:
    """Bytes changed at random in a real PDF and a real .docx: whatever pypdf, zipfile or
    python-docx meet, the reader gives a source or one ``InputError``, never another error."""
    random = Random(30)
    originals = {
        "report.pdf": filing_pdf.read_bytes(),
        "statement.docx": write_docx(tmp_path / "statement.docx", STATEMENT).read_bytes(),
    }
    outcomes = []
    for label, data in originals.items():
        for _ in range(40):
            damaged = bytearray(data)
            for _ in range(random.randint(1, 12)):
                damaged[random.randrange(len(damaged))] = random.randrange(256)
            try:
                source = source_from_bytes(bytes(damaged), label)
            except InputError as error:
                assert str(error).startswith(f"source {label} ") and "\n" not in str(error)
                outcomes.append("refused")
                continue
            assert source.text.strip()
            outcomes.append("read")
    assert "refused" in outcomes


# --- through the CLI -------------------------------------------------------------------------

SAMPLES = ["-n", "3", "--no-timings"]
LYON = "How many employees did the research centre in Lyon have?"


def test_the_human_output_names_the_pdf_and_page(filing_pdf: Path, replay, capsys) -> None:
    replay(["312"] * 4)
    assert main([LYON, "--source", str(filing_pdf), *SAMPLES]) == ExitStatus.VERIFIED
    out = capsys.readouterr().out
    assert out.startswith("verified: 312\n")
    assert f"  evidence ({filing_pdf}, page 4, chars " in out


def test_json_evidence_has_the_page(filing_pdf: Path, replay, capsys) -> None:
    replay(["312"] * 4)
    assert main([LYON, "--source", str(filing_pdf), *SAMPLES, "--json"]) == ExitStatus.VERIFIED
    record = json.loads(capsys.readouterr().out)
    (evidence,) = record["answer"]["evidence"]
    source = read_source(str(filing_pdf))
    first, last = source.pages[evidence["page"] - 1]
    assert evidence["page"] == 4 and first <= evidence["start"] < evidence["end"] <= last
    assert source.text[evidence["start"] : evidence["end"]] == "312"


def test_evidence_of_a_text_source_has_no_page(example_path: Path, replay, capsys) -> None:
    replay(["14 March 2009"] * 4)
    main(["When was OrigoTech founded?", "--source", str(example_path), *SAMPLES, "--json"])
    record = json.loads(capsys.readouterr().out)
    assert record["answer"]["evidence"][0]["page"] is None


def test_a_bad_document_in_a_batch_is_its_lines_error_and_the_batch_goes_on(
    tmp_path: Path, filing_pdf: Path, replay, capsys
) -> None:
    replay(["312"] * 4)
    report, locked = tmp_path / "report.pdf", _encrypted(tmp_path)
    report.write_bytes(filing_pdf.read_bytes())
    batch = tmp_path / "q.jsonl"
    lines = [{"id": "ok", "question": LYON, "source": str(report)},
             {"id": "locked", "question": LYON, "source": str(locked)},
             {"id": "again", "question": LYON, "source": str(report)}]  # fmt: skip
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    args = ["--batch", str(batch), "--source-root", str(tmp_path), *SAMPLES]
    assert main(args) == ExitStatus.INPUT
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["verified", "error", "verified"]
    assert "is an encrypted PDF that needs a password" in records[1]["error"]
    assert records[2]["answer"]["evidence"][0]["page"] == 4


FOUNDED = "When was Lumen Industries founded?"


@pytest.mark.model
@pytest.mark.parametrize("kind", ["pdf", "docx", "md"])
def test_the_real_model_answers_from_each_format_with_evidence_that_slices(
    kind: str, tmp_path: Path, capsys
) -> None:
    path = tmp_path / f"statement.{kind}"
    if kind == "pdf":
        write_pdf(path, [["Contents"], STATEMENT])  # the founding is on page 2
    elif kind == "docx":
        write_docx(path, STATEMENT)
    else:
        path.write_text("# Lumen\n\nLumen Industries was **founded in 1961** in Dayton, Ohio.\n")
    status = main([FOUNDED, "--source", str(path), "--json", "--no-timings"])
    record = json.loads(capsys.readouterr().out)
    assert status == ExitStatus.VERIFIED, record["reason"]
    assert record["answer"]["display"] == "1961"
    source = read_source(str(path))
    for evidence in record["answer"]["evidence"]:
        assert source.text[evidence["start"] : evidence["end"]] == "1961"
        assert "**" not in evidence["quote"]
        if kind == "pdf":
            first, last = source.pages[evidence["page"] - 1]
            assert evidence["page"] == 2 and first <= evidence["start"] < last
        else:
            assert evidence["page"] is None
        if kind == "md":
            assert evidence["line"] == 3


# --- a column's fiscal year ------------------------------------------------------------------

_CAPEX_BY_FY = (
    "Cash flows (in millions)\n| {0}18 | {0}17 | {0}16\n"
    "Purchases of property, plant and equipment | (1,577) | (1,373) | (1,420)\n"
)


@pytest.mark.parametrize("heading", ["FY", "FY'", "FY20", "Fiscal 20", ""])
@pytest.mark.parametrize("asked", ["in 2017", "in FY17", "in fiscal 2017", "in fiscal year 2017"])
def test_a_column_s_fiscal_year_decides_which_figure_the_question_s_year_means(
    heading: str, asked: str
) -> None:
    from verify_ask.decision import decide
    from verify_ask.language.question import analyze_question
    from verify_ask.pipeline import Settings, judge_samples, read_answer

    text = _CAPEX_BY_FY.format(heading) if heading else _CAPEX_BY_FY.format("20")
    question = analyze_question(f"What was the purchase of property, plant and equipment {asked}?")

    def answered(samples: list[str]) -> str | None:
        read = tuple(read_answer(a, question, i) for i, a in enumerate(samples))
        chosen = decide(list(judge_samples(question, Source(text), read, Settings())))
        return chosen.candidate.value.display() if chosen else None

    assert answered(["$1,373 million"] * 6) == "$1.373 billion"
    assert answered(["$1,577 million"] * 6) is None  # 2018's figure


# --- a public-domain PDF from elsewhere --------------------------------------------------------

VICKSBURG = Path(__file__).parent / "data" / "siege_of_vicksburg.pdf"
VICKSBURG_SHA256 = "e8b9d461f035f8ce2440f9061d35b2164148eb3511a487aacfc26a94cb9d90fe"
PAY = "How many dollars a month were drawn by the head of a family?"


def test_a_scanned_book_s_text_layer_is_read_page_by_page() -> None:
    import hashlib

    assert hashlib.sha256(VICKSBURG.read_bytes()).hexdigest() == VICKSBURG_SHA256
    source = read_source(str(VICKSBURG))
    assert len(source.pages) == 6
    # The printed page numbers (49, 50, 52, 53) stand on the PDF's pages 1-4.
    for page, printed in ((1, "49"), (2, "50"), (3, "52"), (4, "53")):
        start, end = source.pages[page - 1]
        assert printed in source.text[start:end].split()[:6]


def test_the_pay_is_verified_from_its_page_of_the_scanned_book() -> None:
    from verify_ask.decision import decide
    from verify_ask.language.question import analyze_question
    from verify_ask.pipeline import Settings, judge_samples, read_answer

    source, question = read_source(str(VICKSBURG)), analyze_question(PAY)
    samples = tuple(read_answer("thirteen dollars", question, i) for i in range(6))
    chosen = decide(list(judge_samples(question, source, samples, Settings())))
    assert chosen is not None and chosen.candidate.value.display() == "$13"
    evidence = next(e for c in chosen.checks if c.passed for e in c.evidence)
    assert evidence.page == 2 and source.text[evidence.start : evidence.end] == "thirteen dollars"


@pytest.mark.model
def test_the_real_model_on_the_scanned_book_answers_from_page_2_or_abstains(capsys) -> None:
    status = main([PAY, "--source", str(VICKSBURG), "--json", "--no-timings"])
    record = json.loads(capsys.readouterr().out)
    assert status in (ExitStatus.VERIFIED, ExitStatus.ABSTAINED), record
    if status == ExitStatus.VERIFIED:
        assert record["answer"]["display"] == "$13"
        assert {e["page"] for e in record["answer"]["evidence"]} == {2}
    else:
        assert record["answer"] is None and record["reason"]


def test_which_fiscal_year_a_table_s_figure_is_largest_in_is_computed_from_its_columns() -> None:
    from verify_ask.language.question import analyze_question
    from verify_ask.pipeline import Settings, judge_samples, read_answer

    text = "Revenue (in millions)\n| FY19 | FY18 | FY17\nRevenue | 1,200 | 1,500 | 1,100\n"
    question = analyze_question("In which year was revenue the largest?")
    samples = tuple(read_answer(a, question, i) for i, a in enumerate(["2018", "2019"]))
    verdicts = {
        j.candidate.value.display(): next(c.verdict for c in j.checks if c.checker == "comparison")
        for j in judge_samples(question, Source(text), samples, Settings())
    }
    assert verdicts == {"2018": "pass", "2019": "fail"}
