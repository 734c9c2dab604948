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
    status = main([question, "--source", str(LONG), "--json", "--no-timings"])
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
