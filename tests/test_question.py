import pytest

from verify_ask.errors import InputError
from verify_ask.language.question import analyze_question

CASES = [
    ("When was OrigoTech founded?", "date", False),
    ("In what year did the Normans conquer England?", "date", False),
    ("What year was the treaty signed?", "date", False),
    ("How many people does OrigoTech employ?", "number", False),
    ("What percentage of the rainforest is in Brazil?", "number", False),
    ("How much did the factory cost?", "number", False),
    ("By how much did revenue grow from 2022 to 2023?", "number", True),
    ("What was the percentage change in staff?", "number", True),
    # A computed figure is a number, never a date, though the question names years.
    ("What is the difference between the 2019 and 2018 sales?", "number", True),
    ("What was the change in interest expense between 2017 and 2018?", "number", True),
    ("Who founded OrigoTech?", None, False),
    ("Which FY has a higher EBITDA?", "date", False),
    ("In which fiscal year were sales larger?", "date", False),
    # The thing a what-question names before its first preposition says the kind.
    ("What is the hottest temperature record for Fresno?", "number", False),
    ("What was the Deferred income tax assets as reported?", "number", False),
    ("What was the effective tax rate in 2019?", "number", False),
    ("What was the wedding date?", "date", False),
    ("What was the name of the company with the highest revenue?", None, False),
    # An article opens another phrase: "the year before" says when, the profit is asked.
    ("What was operating profit the year before?", "number", False),
    ("What was the last year of the war?", "date", False),
    ("By when does the group expect to reach net-zero emissions?", "date", False),
    ("The old line carried passengers until when?", "date", False),
    # A date word joined to another names no date: "year-over-year", "last year's".
    ("What was the year-over-year revenue growth?", "number", True),
    ("What was last year's net income?", "number", False),
    # A closing time phrase says when: the thing before it is asked.
    ("What was metro punctuality last year?", None, False),
    ("How many visitors came the previous year?", "number", False),
    ("What year's census counted 189,863 people?", "date", False),
    ("What was diluted EPS for the quarter?", "number", False),
    ("What was free cash flow in 2019?", "number", False),
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


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("How high did the first block, AS-201, reach?", ("as-201",)),
        ("Which FY has a higher EBITDA?", ("ebitda",)),
        ("How long was the Lunar Module (LM) on the Moon?", ("lunar", "modul", "lm", "moon")),
        ("When did Möngke Khan become Great Khan?", ("mongk", "khan", "great")),
        ("What is the basic pay for a teacher, in Euros?", ()),
        ("When did the Yuan dynasty end?", ("yuan",)),
        ("When was the study on sequenced Y genomes published?", ("y",)),
        ("When was a study done on Block I and Block II?", ("block", "i", "ii")),
        ("How many U.S. states joined?", ()),
        ("In what year was J.I. Pontanus born?", ("pontanus",)),
        ("In what year was Wisconsin v. Yoder decided?", ("wisconsin", "yoder")),
        ("Tesla left. When did Edison move?", ("edison",)),
        ("What was net PP&E at the end of 2018?", ("pp&e",)),
        ("How much did the company spend on R&D in 2018?", ("r&d",)),
        ("When did AT&T buy DirecTV?", ("at&t", "directv")),
        ("SG&A rose by how much in 2018?", ("sg&a",)),
    ],
    ids=[
        "code-stays-whole",
        "fiscal-year-is-no-name",
        "abbreviation",
        "accents-folded",
        "the-currency-asked-in-is-no-name",
        "a-currency-word-may-be-a-name",
        "a-capital-letter-alone-is-a-name",
        "a-roman-numeral-is-a-name-though-a-pronoun-is-spelled-so",
        "an-initialism-with-stops-is-no-name",
        "a-name-after-initials",
        "a-name-after-an-abbreviation",
        "a-sentence-opening-is-no-name",
        "an-ampersand-abbreviation-is-one-name",
        "r&d-is-one-name",
        "an-ampersand-name-beside-another-name",
        "an-ampersand-name-opening-the-question",
    ],
)
def test_names(text: str, names: tuple[str, ...]) -> None:
    assert analyze_question(text).names == names


@pytest.mark.parametrize(
    ("text", "predicate", "negated"),
    [
        ("The initial LM weighed how much in kgs?", "weigh", False),
        # The time a question closes on is no predicate.
        ("How many passengers has the airline carried so far this year?", "carri", False),
        ("What was the median age ten years earlier?", "age", False),
        ("In what year was Brightwater fined previously?", "fine", False),
        ("What was the median query latency before this release?", "latenc", False),
        ("How many points did Ashby score in the first half?", "half", False),
        ("How much revenue did Digital Services bring in this quarter?", "revenu", False),
        ("How many nations control this region in total?", "region", False),
        ("What was the cost related to non-vested awards?", "award", False),
        ("In what year was the study dropped because it wasn't needed?", "drop", False),
        ("When was the charter not adopted?", "adopt", True),
        ("What was the accepted length of the Rhine prior to 1932?", "rhine", False),
        ("How many schools used Welsh primarily or exclusively?", "welsh", False),
        ("Where is the midway point located?", "point", False),
        ("What is the basic pay for a teacher, in Euros?", "teacher", False),
        ("How much did the company spend on R&D in 2018?", "spend", False),
        ("How much inventory did the company hold at the end of 2018?", "inventori", False),
        ("How much revenue did the company report for 2018?", "revenu", False),
        ("How many weight modes does the scale have?", "mode", False),
        ("How much did the LM carry?", "carri", False),
        ("How many days did the series of polls last?", "poll", False),
        ("How much was the second check worth?", "check", False),
        ("What was the last year of the war?", "war", False),
        ("How many transactions were noticed that this person didn't make?", "person", True),
        ("How many transactions were noticed that this person didn’t make?", "person", True),
        ("How long did it sit in one place?", "sit", False),
    ],
    ids=[
        "unit-skipped",
        "closing-so-far-this-year",
        "closing-years-earlier",
        "closing-previously",
        "closing-before-this",
        "a-game-half-is-asked",
        "earning-verb-asks-for-its-object",
        "frame-skipped",
        "non-prefix",
        "negated-reason",
        "negated",
        "preposition-skipped",
        "hedges-skipped",
        "location-skipped",
        "currency-skipped",
        "ampersanded-name-skipped",
        "framing-verb-asks-for-its-object",
        "reporting-verb-asks-for-its-object",
        "subject-is-not-asked-about",
        "framing-verb-with-no-object-is-asked-about",
        "duration-verb-is-the-measure",
        "price-word-is-the-measure",
        "last-as-an-adjective-is-no-measure",
        "contraction-is-no-predicate",
        "typographic-apostrophe-read-as-typed",
        "one-is-no-predicate",
    ],
)
def test_predicate_and_polarity(text: str, predicate: str, negated: bool) -> None:
    question = analyze_question(text)
    assert (question.predicate, question.negated) == (predicate, negated)


def test_arithmetic_questions_know_how_a_text_states_their_result() -> None:
    assert "increas" in analyze_question("What was the change in revenue?").derivation
    assert "total" in analyze_question("What were the sales in total?").derivation
    assert analyze_question("How much more did A sell than B?").derivation == frozenset()
    assert analyze_question("How many people live there?").derivation == frozenset()


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("How many private schools existed in New Zealand?", "school"),
        ("In April 2014, how many New Zealand students attended private schools?", "student"),
        ("How many people lived in Egypt?", None),
        ("How many Victorians are Buddhist?", None),
        ("When was it founded?", None),
        ("How much taxes did it pay?", None),
    ],
    ids=[
        "plural-after-adjective",
        "plural-after-names",
        "no-plural",
        "a-people",
        "no-count",
        "an-amount",
    ],
)
def test_the_noun_a_question_counts(text: str, head: str | None) -> None:
    assert analyze_question(text).counted.head == head


def test_what_a_question_counts_keeps_every_word_of_it() -> None:
    counted = analyze_question("How many private schools existed in New Zealand?").counted
    assert counted.stems == ("privat", "school", "exist")
    assert analyze_question("How much alcohol was sold?").counted.stems == ("alcohol",)


def test_accents_are_folded_for_the_rules_only() -> None:
    question = analyze_question("When did  Möngke Khan become Great Khan?")
    assert question.asked == "When did Möngke Khan become Great Khan?"  # the prompt and record
    assert question.text == "When did Mongke Khan become Great Khan?"


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("What percentage of revenue came from China?", "%"),
        ("What proportion of level 2 inputs is made up of money market funds?", "%"),
        ("How many miles long is the river?", "mi"),
    ],
)
def test_the_unit_a_question_asks_in(text: str, unit: str) -> None:
    assert analyze_question(text).unit == unit


def test_lines_answered_at_once_stem_their_words_apart() -> None:
    """--jobs answers lines in threads; one shared Snowball stemmer keeps the word it works on
    in itself, and concurrent lines corrupted each other's (IndexError in a batch)."""
    import threading

    from verify_ask.language.question import stem

    # Words no line has stemmed before (stems are cached), the same for every thread.
    words = [f"{base}{'x' * (n % 7)}ational" for n in range(3000) for base in ("found", "hope")]
    found: list[list[str]] = []
    failures: list[BaseException] = []

    start = threading.Barrier(8)

    def work() -> None:
        start.wait()
        try:
            found.append([stem(word) for word in words])
        except BaseException as error:  # noqa: BLE001 - the test reports any
            failures.append(error)

    import sys

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns inside a word, as a loaded machine makes them
    try:
        threads = [threading.Thread(target=work) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    import snowballstemmer

    reference = snowballstemmer.stemmer("english")
    expected = [reference.stemWord(word) for word in words]
    assert failures == [] and found == [expected] * 8
