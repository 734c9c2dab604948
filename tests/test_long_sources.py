"""Long sources: passages found by BM25, read by the model, verified against the whole text.

``data/squad_long.txt`` joins every paragraph of four SQuAD v1.1 dev articles (CC BY-SA 4.0,
see data/README.md): about 64,000 characters.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from named_cases import named

from verify_ask.cli.main import main
from verify_ask.text.passages import PassageIndex, passage_text, split_passages
from verify_ask.text.source import Source, source_from_bytes

LONG = Path(__file__).parent / "data" / "squad_long.txt"


@pytest.fixture(scope="module")
def long_source() -> Source:
    return Source(LONG.read_text(encoding="utf-8"))


def test_passages_cover_the_text_in_order_with_overlap(long_source: Source) -> None:
    passages = split_passages(long_source, size=1200)
    assert passages[0].start == long_source.sentences[0][0]
    assert passages[-1].end == long_source.sentences[-1][1]
    for before, after in zip(passages, passages[1:], strict=False):
        assert after.start < before.end, "each passage repeats the previous one's last sentence"
        assert after.start > before.start
    assert all(p.end - p.start <= 1200 for p in passages)


def _statement(title: str, rows: int) -> str:
    lines = [title, "(Millions) | 2018 | 2017"]
    lines += [f"Line item number {i} of the {title.lower()} | {i},100 | {i},050"
              for i in range(rows)]
    return "\n".join(lines)


_PROSE = "The company reviews its plants for impairment each year, and after any event. " * 8


def test_a_table_that_fits_in_a_passage_is_not_cut() -> None:
    text = f"{_PROSE}\n{_statement('Consolidated Balance Sheet', 8)}\n{_PROSE}"
    source = Source(text)
    table = text.index("Consolidated Balance Sheet")
    table_end = text.index("\n", text.index("number 7"))
    passages = split_passages(source, size=1200)
    assert any(p.start == table and p.end >= table_end for p in passages)
    assert not any(p.start < table < p.end < table_end for p in passages)


def test_a_passage_inside_a_long_table_reads_its_head() -> None:
    text = f"{_PROSE}\n{_statement('Consolidated Statement of Cash Flows', 40)}"
    source = Source(text)
    passages = split_passages(source, size=1200)
    head = (text.index("Consolidated Statement"), text.index("\n", text.index("(Millions)")))
    inside = [p for p in passages if p.start > head[1]]
    assert inside and all(p.head == head for p in inside)
    assert all(p.end - p.start <= 1200 for p in passages)
    last = inside[-1]
    read = passage_text(source, [last])
    assert read.startswith("Consolidated Statement of Cash Flows\n(Millions) | 2018 | 2017\n\n")
    assert read.endswith("number 39 of the consolidated statement of cash flows | 39,100 | 39,050")
    assert last.to_json()["head"] == list(head)
    assert "(Millions) | 2018 | 2017" in last.text(source)


def test_bm25_finds_the_passage_that_answers(long_source: Source) -> None:
    index = PassageIndex(long_source)
    best = index.best("When did Konstantin Mereschkowski suggest the origin of chloroplasts?", 3)
    assert [p.start for p in best] == sorted(p.start for p in best)
    read = passage_text(long_source, best)
    assert "Mereschkowski" in read and "1905" in read


def test_a_question_sharing_no_word_with_the_source_is_still_read_by_meaning(
    long_source: Source,
) -> None:
    index = PassageIndex(long_source)
    assert index.best("Quidditch snitch broomstick?", 3, "bm25") == []
    assert len(index.best("Quidditch snitch broomstick?", 3)) == 3


@pytest.mark.parametrize(
    ("question", "row"),
    [
        ("What was PP&E?", "Property, plant and equipment, net | 8,738 | 8,866"),
        ("What was the capital expenditure?",
         "Purchases of property, plant and equipment | (1,577) | (1,373)"),
    ],
    ids=["an-acronym-the-source-spells-out", "an-analysts-name-for-a-line-item"],
)
def test_retrieval_reaches_a_row_the_question_names_otherwise(question: str, row: str) -> None:
    notes = "The board reviews the dividend policy and the buy-back each quarter. " * 14
    source = Source(f"{notes}\n{row}\n{notes}")
    ranked = PassageIndex(source, size=600).ranked(question, "bm25")
    assert row in ranked[0].text(source)


def test_html_is_reduced_to_its_text() -> None:
    page = (
        b"<!DOCTYPE html><html><head><title>t</title><script>var x = 1999;</script></head>"
        b"<body><h1>OrigoTech</h1><p>It was founded on <b>14 March 2009</b>.</p></body></html>"
    )
    source = source_from_bytes(page, "page.html")
    assert source.text == "OrigoTech\nIt was founded on 14 March 2009."


QUESTIONS = [
    ("start", "How many tons of dust are blown from the Sahara each year?", "182 million"),
    ("middle", "When had the plague reached Alexandria?", "1347"),
    ("end", "When did Konstantin Mereschkowski suggest the origin of chloroplasts?", "1905"),
]


@pytest.mark.model
@pytest.mark.parametrize(
    ("question", "figure"), named(QUESTIONS)
)
def test_long_source_answers_with_offsets_into_the_original(capsys, question, figure) -> None:
    text = LONG.read_text(encoding="utf-8")
    # The offsets are under test, not the decision: the hand rules decide, as the reader's
    # veto refuses right answers too (docs/reader.md#the-veto).
    status = main([question, "--source", str(LONG), "--json", "--no-timings",
                   "--decision", "rules"])
    record = json.loads(capsys.readouterr().out)
    assert status == 0, record["reason"]
    assert len(record["passages"]) == 3
    evidence = record["answer"]["evidence"][0]
    assert text[evidence["start"] : evidence["end"]].startswith(figure)
    assert evidence["line"] == text[: evidence["start"]].count("\n") + 1
    assert any(p["start"] <= evidence["start"] < p["end"] for p in record["passages"])


@pytest.mark.model
def test_no_relevant_passage_abstains_without_sampling(capsys) -> None:
    status = main(["How many snitches are in Quidditch?", "--source", str(LONG), "--json"])
    record = json.loads(capsys.readouterr().out)
    assert (status, record["status"]) == (1, "abstained")
    assert record["samples"] == []
    assert record["reason"] == "the question names quidditch, which the source never mentions"
