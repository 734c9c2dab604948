import pytest

from verify_ask.errors import InputError
from verify_ask.question import analyze_question

CASES = [
    ("When was OrigoTech founded?", "date", False),
    ("In what year did the Normans conquer England?", "date", False),
    ("What year was the treaty signed?", "date", False),
    ("How many people does OrigoTech employ?", "number", False),
    ("What percentage of the rainforest is in Brazil?", "number", False),
    ("How much did the factory cost?", "number", False),
    ("By how much did revenue grow from 2022 to 2023?", "number", True),
    ("What was the percentage change in staff?", "number", True),
    ("What is the difference between the 2019 and 2018 sales?", None, True),
    ("Who founded OrigoTech?", None, False),
    ("Which FY has a higher EBITDA?", "date", False),
    ("In which fiscal year were sales larger?", "date", False),
]


@pytest.mark.parametrize(("text", "expects", "arithmetic"), CASES, ids=[c[0] for c in CASES])
def test_question_cues(text: str, expects: str | None, arithmetic: bool) -> None:
    question = analyze_question(text)
    assert question.expects == expects
    assert question.wants_arithmetic is arithmetic


def test_terms_drop_stopwords_and_stem() -> None:
    question = analyze_question("When was the OrigoTech factory in Monterrey opened?")
    assert question.terms == ("origotech", "factori", "monterrey", "open")


@pytest.mark.parametrize("text", ["", "   ", "\n\t"], ids=["empty", "spaces", "whitespace"])
def test_empty_question_is_an_input_error(text: str) -> None:
    with pytest.raises(InputError, match="question is empty"):
        analyze_question(text)
