"""The parsed text of PDF and Word sources kept in the cache (``verify_ask.text.formats.cache``):
a second read does not parse, a changed file does, a cache that cannot be written or holds a
damaged entry never fails a read, and a batch parses a document once for all its questions.

Each test has its own cache of documents (``conftest.isolated_document_cache``). The readers
are counted by wrapping them where ``source_from_bytes`` looks them up.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from document_files import FILING, WHERE, write_docx, write_pdf

from verify_ask.checkers.base import evidence_at
from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus, InputError
from verify_ask.text.formats import Document
from verify_ask.text.formats import cache as document_cache
from verify_ask.text.formats import pdf as pdf_reader
from verify_ask.text.formats import word as word_reader
from verify_ask.text.source import Source, read_source

STATEMENT = [
    "Lumen Industries was founded in 1961 in Dayton, Ohio.",
    (("(in millions)", "2018", "2017"), ("Net sales", "32,765", "31,657")),
]
LYON = "How many employees did the research centre in Lyon have?"
SAMPLES = ["-n", "3", "--no-timings"]


@pytest.fixture
def filing(tmp_path: Path) -> Path:
    return write_pdf(tmp_path / "report.pdf", FILING)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The label of every document the PDF and Word readers parse."""
    labels: list[str] = []

    def counted(read: Callable[[bytes, str], Document]) -> Callable[[bytes, str], Document]:
        def reader(data: bytes, label: str) -> Document:
            labels.append(label)
            return read(data, label)

        return reader

    monkeypatch.setattr(pdf_reader, "read_pdf", counted(pdf_reader.read_pdf))
    monkeypatch.setattr(word_reader, "read_docx", counted(word_reader.read_docx))
    return labels


def same(a: Source, b: Source) -> bool:
    return (a.text, a.pages, a.file_lines) == (b.text, b.pages, b.file_lines)


def entries() -> list[Path]:
    return sorted(document_cache.directory().iterdir())


# --- hits and misses -------------------------------------------------------------------------


def test_a_second_read_of_a_pdf_is_the_cache_s_and_its_pages_slice_as_before(
    filing: Path, parses: list[str]
) -> None:
    first = read_source(str(filing))
    second = read_source(str(filing))
    assert parses == [str(filing)]
    assert same(first, second) and len(second.pages) == 4
    for figure, page in WHERE.items():
        start = second.text.index(figure)
        evidence = evidence_at(second, start, start + len(figure))
        assert evidence.page == page and second.text[evidence.start : evidence.end] == figure


def test_a_second_read_of_a_docx_is_the_cache_s(tmp_path: Path, parses: list[str]) -> None:
    path = write_docx(tmp_path / "statement.docx", STATEMENT)
    first, second = read_source(str(path)), read_source(str(path))
    assert parses == [str(path)] and same(first, second)
    assert "Net sales | 32,765 | 31,657" in second.text.splitlines()


def test_the_same_bytes_under_another_name_or_from_stdin_are_found(
    filing: Path, tmp_path: Path, parses: list[str]
) -> None:
    import io

    copy = tmp_path / "elsewhere" / "copy.pdf"
    copy.parent.mkdir()
    shutil.copy(filing, copy)
    first = read_source(str(filing))
    assert same(first, read_source(str(copy)))
    assert same(first, read_source("-", io.BytesIO(filing.read_bytes())))
    assert parses == [str(filing)]


def test_a_changed_file_is_parsed_again(filing: Path, parses: list[str]) -> None:
    read_source(str(filing))
    filing.write_bytes(filing.read_bytes() + b"\n")  # one byte more: still a whole PDF
    read_source(str(filing))
    write_pdf(filing, [["Another report: 77 plants."]])
    assert read_source(str(filing)).text == "Another report: 77 plants."
    assert len(parses) == 3 and len(entries()) == 3


def test_the_cache_keeps_the_documents_read_last_within_its_bound(
    tmp_path: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [write_pdf(tmp_path / f"r{i}.pdf", [[f"Report {i}: {i} plants."]]) for i in range(3)]
    read_source(str(paths[0]))
    one_entry = entries()[0].stat().st_size
    # Room for two entries: the third written evicts the one read longest ago.
    monkeypatch.setattr(document_cache, "MAX_BYTES", 2 * one_entry + one_entry // 2)
    read_source(str(paths[1]))
    first, second = (
        entries_by_text()["Report 0: 0 plants."],
        entries_by_text()["Report 1: 1 plants."],
    )
    os.utime(first, (1, 1))  # read long ago
    os.utime(second, (2, 2))
    read_source(str(paths[0]))  # a hit: read now, so the other one is the oldest
    read_source(str(paths[2]))
    assert sorted(entries_by_text()) == ["Report 0: 0 plants.", "Report 2: 2 plants."]
    assert parses == [str(paths[0]), str(paths[1]), str(paths[2])]


def entries_by_text() -> dict[str, Path]:
    return {json.loads(path.read_text())["text"]: path for path in entries()}


def test_a_document_that_cannot_be_read_is_refused_on_every_read_and_never_kept(
    tmp_path: Path, parses: list[str]
) -> None:
    locked = write_pdf(tmp_path / "locked.pdf", [STATEMENT], user_password="secret")
    for _ in range(2):
        with pytest.raises(InputError, match="is an encrypted PDF that needs a password"):
            read_source(str(locked))
    assert len(parses) == 2 and not document_cache.directory().exists()


def test_text_and_markdown_sources_are_not_cached(tmp_path: Path) -> None:
    for name, content in (("a.txt", "Founded in 1961."), ("a.md", "# A\n\nFounded in **1961**.")):
        (tmp_path / name).write_text(content, encoding="utf-8")
        read_source(str(tmp_path / name))
    assert not document_cache.directory().exists()


def test_a_warm_read_in_a_new_process_does_not_import_pypdf(filing: Path, tmp_path: Path) -> None:
    """The point of the cache: a run that finds the text pays neither pypdf's import nor its
    parse."""
    cache = tmp_path / "cache"
    program = (
        "import sys; from verify_ask.text.source import read_source; "
        f"s = read_source({str(filing)!r}); print(len(s.pages), 'pypdf' in sys.modules)"
    )
    env = {**os.environ, "VERIFY_ASK_CACHE_DIR": str(cache)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=True
        ).stdout.split()
        for _ in range(2)
    ]
    assert runs == [["4", "True"], ["4", "False"]]
    assert len(list((cache / "documents").iterdir())) == 1


# --- a cache that cannot be written, or holds damaged entries ----------------------------------


def test_an_unwritable_cache_dir_still_reads(
    filing: Path, tmp_path: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file where the directory should be: mkdir fails, as on a read-only disk (chmod does
    # not stop root, who runs the tests in some containers).
    blocker = tmp_path / "blocker"
    blocker.write_text("not a directory")
    monkeypatch.setattr(document_cache, "directory", lambda: blocker / "documents")
    first, second = read_source(str(filing)), read_source(str(filing))
    assert same(first, second) and len(parses) == 2


def test_a_write_that_fails_half_way_leaves_nothing_and_the_read_goes_on(
    filing: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(document_cache.os, "replace", disk_full)
    assert len(read_source(str(filing)).pages) == 4
    assert entries() == []  # the temporary file is gone too


def test_an_entry_is_written_whole_and_readable_by_its_owner_only(filing: Path) -> None:
    read_source(str(filing))
    (entry,) = entries()  # no temporary file left beside it
    assert entry.name.endswith(".json") and not entry.name.startswith(".")
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600
    stored = json.loads(entry.read_text(encoding="ascii"))
    assert stored["text"] == read_source(str(filing)).text and len(stored["pages"]) == 4


def _edit(change: Callable[[dict], None]) -> Callable[[Path], None]:
    def damage(entry: Path) -> None:
        stored = json.loads(entry.read_bytes())
        change(stored)
        entry.write_text(json.dumps(stored), encoding="utf-8")

    return damage


def _set(key: str, value: object) -> Callable[[dict], None]:
    return lambda stored: stored.__setitem__(key, value)


def _text_changed(stored: dict) -> None:
    stored["text"] = stored["text"].replace("4,210", "9,999")  # valid JSON, wrong text


CORRUPT = [
    ("cut-short", lambda entry: entry.write_bytes(entry.read_bytes()[:100])),
    ("empty", lambda entry: entry.write_bytes(b"")),
    ("not-utf-8", lambda entry: entry.write_bytes(b"\xff\xfe\x00garbage")),
    ("not-an-object", lambda entry: entry.write_text("[1, 2, 3]")),
    ("text-changed", _edit(_text_changed)),
    ("text-missing", _edit(lambda stored: stored.pop("text"))),
    ("other-version", _edit(_set("version", "0 pdf verify-ask 0.0.1 pypdf 1.0"))),
    ("page-past-the-end", _edit(_set("pages", [[0, 10], [11, 10**9]]))),
    ("pages-out-of-order", _edit(lambda stored: stored["pages"].reverse())),
    ("page-not-a-pair", _edit(_set("pages", [[0, 10, 20]]))),
    ("page-of-booleans", _edit(_set("pages", [[False, True]]))),
    ("line-map-not-a-list", _edit(_set("file_lines", {"0": 1}))),
    ("line-zero", _edit(_set("file_lines", [[0, 0]]))),
    ("a-directory", lambda entry: (entry.unlink(), entry.mkdir())),
]


@pytest.mark.parametrize("damage", [c[1] for c in CORRUPT], ids=[c[0] for c in CORRUPT])
def test_a_corrupt_entry_is_parsed_again_and_rewritten(
    filing: Path, parses: list[str], damage: Callable[[Path], None]
) -> None:
    first = read_source(str(filing))
    (entry,) = entries()
    damage(entry)
    again = read_source(str(filing))
    assert same(first, again) and len(parses) == 2
    if entry.is_file():  # rewritten: the next read is the cache's again
        assert same(first, read_source(str(filing))) and len(parses) == 2


# --- once per run, once per batch ------------------------------------------------------------


def test_one_question_parses_its_document_once_and_the_next_run_not_at_all(
    filing: Path, replay, parses: list[str], capsys
) -> None:
    replay(["312"] * 4)
    for _ in range(2):
        assert main([LYON, "--source", str(filing), *SAMPLES]) == ExitStatus.VERIFIED
        assert "page 4" in capsys.readouterr().out
    assert parses == [str(filing)]


def test_a_batch_of_many_questions_on_one_pdf_parses_it_once(
    filing: Path, tmp_path: Path, replay, parses: list[str], capsys, monkeypatch
) -> None:
    replay(["312"] * 4)
    # The same file by three spellings: the batch keeps each path's source, the cache the rest.
    spellings = [str(filing), "report.pdf", "./report.pdf"]
    lines = [{"id": i, "question": LYON, "source": spellings[i % 3]} for i in range(30)]
    batch = tmp_path / "questions.jsonl"
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # where a relative line source is read from
    args = ["--batch", str(batch), "--source-root", str(tmp_path), *SAMPLES]
    assert main(args) == ExitStatus.VERIFIED
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["verified"] * 30
    assert {r["answer"]["evidence"][0]["page"] for r in records} == {4}
    assert parses == [str(filing)]


def test_a_batch_over_more_documents_than_it_keeps_parses_each_once(
    tmp_path: Path, replay, parses: list[str], capsys
) -> None:
    """One document more than the batch keeps at once (``sources.CAPACITY``), each asked
    twice, far apart: the batch has dropped each by its second question, and the cache has it."""
    from verify_ask.batch.sources import CAPACITY

    replay(["312"] * 4)
    paths = [
        write_pdf(tmp_path / f"r{n}.pdf", [[f"Report {n}. The centre in Lyon had 312 employees."]])
        for n in range(CAPACITY + 1)
    ]
    lines = [{"question": LYON, "source": str(path)} for path in paths + paths]
    batch = tmp_path / "questions.jsonl"
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["--batch", str(batch), "--source-root", str(tmp_path), *SAMPLES]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(lines)
    assert sorted(parses) == sorted(str(path) for path in paths)
