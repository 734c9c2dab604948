"""The quote checker, the quote prompt, and how answers carry their quote."""

from __future__ import annotations

import pytest
from checker_cases import run_checker
from named_cases import named

from verify_ask.errors import InputError
from verify_ask.language.question import analyze_question
from verify_ask.model import prompts
from verify_ask.model.prompts.answers import split_quote
from verify_ask.pipeline import Settings, read_answer
from verify_ask.text.source import Source
from verify_ask.values import DateValue, Quantity

SPLITS = [
    ("plain", '14 March 2009 | "was founded on 14 March 2009"', "14 March 2009",
     "was founded on 14 March 2009"),
    ("curly-marks", "312 | “employs 312 people”", "312", "employs 312 people"),
    ("cut-by-token-limit", '312 | "the company now employs 312 peo', "312",
     "the company now employs 312 peo"),
    ("no-quote", "14 March 2009", "14 March 2009", None),
    ("bar-without-quote-mark", "48.2 | 39.5", "48.2 | 39.5", None),
    ("empty-quote", '312 | ""', "312", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("answer", "head", "quote"), named(SPLITS)
)
def test_split_quote(answer: str, head: str, quote: str | None) -> None:
    assert split_quote(answer) == (head, quote)


def test_value_is_read_from_the_answer_part_only() -> None:
    question = analyze_question("When was OrigoTech founded?")
    sample = read_answer('2015 | "was founded on 14 March 2009"', question, 1)
    assert (sample.text, sample.value, sample.quote) == (
        "2015",
        DateValue(2015),
        "was founded on 14 March 2009",
    )
    assert read_answer('unknown | "founded on 14 March 2009"', question, 1).value is None
    assert sample.to_json()["quote"] == "was founded on 14 March 2009"
    assert "quote" not in read_answer("2015", question, 1).to_json()


CASES = [
    # (id, question, answers, threshold, verdict)
    ("exact-quote", "When was OrigoTech founded?",
     ['14 March 2009 | "was founded on 14 March 2009"'], 90, "pass"),
    ("other-date-format-in-answer", "When was OrigoTech founded?",
     ['March 14, 2009 | "founded on 14 March 2009 by the engineers"'], 90, "pass"),
    ("year-within-quoted-date", "In what year was OrigoTech founded?",
     ['2009 | "was founded on 14 March 2009"'], 90, "pass"),
    ("dropped-word", "How many people does OrigoTech employ?",
     ['312 | "the company employs 312 people in three countries"'], 90, "pass"),
    ("number-word-in-source", "How many employees did OrigoTech start with?",
     ['6 | "The company started with 6 employees"'], 90, "pass"),
    ("typed-amount", "What was OrigoTech's revenue in 2023?",
     ['€48.2m | "Its revenue reached €48.2 million in 2023"'], 90, "pass"),
    ("wrong-currency", "What was OrigoTech's revenue in 2023?",
     ['$48.2 million | "Its revenue reached €48.2 million in 2023"'], 90, "fail"),
    ("real-quote-without-the-value", "When was OrigoTech founded?",
     ['2015 | "was founded on 14 March 2009"'], 90, "fail"),
    ("invented-quote", "When was OrigoTech founded?",
     ['14 March 2009 | "OrigoTech was set up in spring 2009"'], 90, "fail"),
    ("under-a-strict-threshold", "How many people does OrigoTech employ?",
     ['312 | "the company employs 312 people in three countries"'], 99, "fail"),
    ("one-good-quote-suffices", "When was OrigoTech founded?",
     ['14 March 2009 | "OrigoTech was set up in spring 2009"',
      '14 March 2009 | "was founded on 14 March 2009"'], 90, "pass"),
    ("no-quote-skips", "When was OrigoTech founded?", ["14 March 2009"], 90, "skip"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "answers", "threshold", "verdict"),
    named(CASES),
)
def test_quote_verdicts(example_text, question, answers, threshold, verdict) -> None:
    source = Source(example_text)
    result = run_checker("quote", question, answers, source, quote_threshold=threshold)
    assert result.verdict == verdict, result.detail
    assert not result.grounding
    if verdict == "pass":
        evidence = result.evidence[0]
        assert example_text[evidence.quote_start :].startswith(evidence.quote)
        assert evidence.quote_start <= evidence.start < evidence.end
        assert evidence.end <= evidence.quote_start + len(evidence.quote)
        figure = read_answer(
            example_text[evidence.start : evidence.end], analyze_question(question), 0
        )
        assert isinstance(figure.value, (DateValue, Quantity))
        assert evidence.line == example_text[: evidence.start].count("\n") + 1


@pytest.mark.parametrize(
    ("answer", "verdict"), [("September 2024", "pass"), ("2 September 2024", "fail")]
)
def test_located_quote_is_widened_to_whole_words(example_text, answer, verdict) -> None:
    # The quote cuts "September" and leaves out the day: the located words read "September
    # 2024", which holds the month but cannot confirm the day.
    result = run_checker(
        "quote",
        "When did OrigoTech open the factory in Monterrey?",
        [f'{answer} | "ptember 2024 OrigoTech opened a fact"'],
        Source(example_text),
        quote_threshold=90,
    )
    assert result.verdict == verdict, result.detail
    if verdict == "pass":
        assert result.evidence[0].quote == "September 2024 OrigoTech opened a factory"
        evidence = result.evidence[0]
        assert example_text[evidence.start : evidence.end] == "September 2024"


def test_quote_prompt_by_name_and_prompt_files_by_path(tmp_path) -> None:
    question = analyze_question("When was OrigoTech founded?")
    template = prompts.choose(question, "quote")
    assert template.name == "quote"
    rendered = template.render("Some source.", question.text)
    assert rendered.endswith("Question: When was OrigoTech founded?\nAnswer:")
    # Every few-shot answer is one line of the form the reader splits, so the stop at "\n" holds.
    shots = [line for line in template.text.splitlines() if line.startswith("Answer: ")]
    assert shots and all(split_quote(s[len("Answer: ") :])[1] or "unknown" in s for s in shots)
    own = tmp_path / "mine.txt"
    own.write_text("Text: {source}\nQ: {question}\nA:", encoding="utf-8")
    assert prompts.choose(question, str(own)).name == "mine"
    with pytest.raises(InputError):
        prompts.choose(question, "no-such-prompt")


def test_quote_prompt_runs_the_quote_checker_on_top_of_the_defaults() -> None:
    names = Settings(prompt="quote").checker_names()
    assert names[-1] == "quote" and "span" in names
    assert "quote" not in Settings().checker_names()
    assert Settings(prompt="quote", checks=("quote",)).checker_names() == ("quote",)
