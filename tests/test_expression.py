"""Safe evaluation of derivations: notation, exactness, bounds, splitting and rounding.

Some derivations below have the shape of TAT-QA derivations (Zhu et al. 2021, "TAT-QA: A
Question Answering Benchmark on a Hybrid of Tabular and Textual Content in Finance",
https://nextplusplus.github.io/TAT-QA/, CC BY 4.0), e.g. "(44.1-56.7)/56.7".
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify_ask.errors import ExpressionError
from verify_ask.text.expression import (
    MAX_LENGTH,
    evaluate,
    format_value,
    matches,
    operands,
    result_number,
    scaled_operands,
    split_derivation,
    subtracts,
)


def as_fraction(value) -> Fraction:
    return Fraction(int(value.p), int(value.q))


EVALUATE_CASES = [
    ("48.2 - 39.5", Fraction(87, 10), "subtraction"),
    ("(44.1-56.7)/56.7", Fraction(-126, 567), "tatqa-change-ratio"),
    ("(44.1-56.7)/56.7*100", Fraction(-200, 9), "tatqa-percent-change"),
    ("(1250 - 1100) / 1100 * 100", Fraction(150 * 100, 1100), "prompt-percent"),
    ("1,496.5 - 1,202.9", Fraction(2936, 10), "thousands-separators"),
    ("1,234,567 + 1", Fraction(1234568), "two-separators"),
    ("(2,000 + 3,000) / 2", Fraction(2500), "average"),
    ("0.1 + 0.2", Fraction(3, 10), "exact-decimals"),
    (".5 * 2", Fraction(1), "leading-point"),
    ("12.5%", Fraction(1, 8), "percent"),
    ("200 * 12.5%", Fraction(25), "percent-of"),
    ("2 * 50%", Fraction(1), "percent-binds-to-number"),
    ("(10 + 5)%", Fraction(3, 20), "percent-of-group"),
    ("3 × 4", Fraction(12), "times-sign"),
    ("3 x 4", Fraction(12), "letter-x"),
    ("12 ÷ 4", Fraction(3), "division-sign"),
    ("48.2 − 39.5", Fraction(87, 10), "minus-sign"),
    ("48.2 – 39.5", Fraction(87, 10), "en-dash"),
    ("$48.2 - $39.5", Fraction(87, 10), "currency-symbols"),
    ("1.05^2", Fraction(441, 400), "caret-power"),
    ("2**10", Fraction(1024), "power"),
    ("2**-2", Fraction(1, 4), "negative-exponent"),
    ("-(2)**2", Fraction(-4), "unary-minus-power"),
    ("--5", Fraction(5), "double-negation"),
    ("+5", Fraction(5), "unary-plus"),
    ("((((1))))", Fraction(1), "parentheses"),
    ("(" * 99 + "1" + ")" * 99, Fraction(1), "many-parentheses-add-no-depth"),
    ("0x10", Fraction(0), "x-always-multiplies-no-hex"),
    ("  7  ", Fraction(7), "single-number"),
    ("(3,046 - 2,713) / 2,713", Fraction(333, 2713), "tatqa-thousands-ratio"),
    ("$48.2 million - $39.5 million", Fraction(8_700_000), "scale-words"),
    ("1.2bn - 300m", Fraction(900_000_000), "abbreviated-scales"),
    ("2.5 Thousand * 2", Fraction(5000), "scale-any-case"),
    ("1.5 trillion / 1.5 billion", Fraction(1000), "trillion-billion"),
]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [case[:2] for case in EVALUATE_CASES],
    ids=[case[2] for case in EVALUATE_CASES],
)
def test_evaluate(expression: str, expected: Fraction) -> None:
    assert as_fraction(evaluate(expression)) == expected


REFUSED_CASES = [
    ("__import__('os').system('x')", "import"),
    ("().__class__", "dunder"),
    ("lambda: 1", "lambda"),
    ("a+b", "names"),
    ("9**9**9", "huge-power"),
    ("10**11", "exponent-too-big"),
    ("(10**15)**10", "base-too-big-after-power"),
    ("1000000000000000000**2", "base-too-big"),
    ("4**0.5", "fractional-exponent"),
    ("1e999999", "exponent-notation"),
    ("1E5", "exponent-notation-upper"),
    ("1/0", "division-by-zero"),
    ("1/(2-2)", "division-by-computed-zero"),
    ("0**-1", "zero-to-negative-power"),
    ("7 % 3", "modulo"),
    ("%5", "leading-percent"),
    ("(1)%%", "double-percent"),
    ("1,2", "bad-separator"),
    ("1,0000", "bad-separator-group"),
    ("1.2.3", "two-points"),
    ("5.", "trailing-point"),
    ("", "empty"),
    ("()", "empty-parens"),
    ("(1, 2)", "tuple"),
    ("[1]", "list"),
    ("1 2", "adjacent-numbers"),
    ("(1 + 2", "unbalanced"),
    ("2 * * 3", "double-operator"),
    ("1 // 2", "floor-division"),
    ("1 < 2", "comparison"),
    ("1 if 1 else 2", "conditional"),
    ("1; 2", "statements"),
    ("1\n2", "two-lines"),
    ("1 + 2 # comment", "comment"),
    ("f'{1}'", "f-string"),
    ("1" + "+1" * 150, "too-long"),
    ("-(" * 66 + "1" + ")" * 66, "deep-nesting"),
    ("+" * 150 + "1", "deep-unary"),
    ("1+" * 80 + "1", "too-many-parts"),
    ("\x00", "nul"),
    ("1.5 millions", "plural-scale"),
    ("2 mx 3", "scale-glued-to-letter"),
    ("million", "scale-without-number"),
]


@pytest.mark.parametrize(
    "expression", [c[0] for c in REFUSED_CASES], ids=[c[1] for c in REFUSED_CASES]
)
def test_evaluate_refuses(expression: str) -> None:
    with pytest.raises(ExpressionError):
        evaluate(expression)


def test_refused_code_is_never_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "ran"
    monkeypatch.chdir(tmp_path)
    for text in (
        f"__import__('pathlib').Path('{marker}').touch()",
        "open('ran', 'w')",
        "(1).__class__.__bases__[0].__subclasses__()",
    ):
        with pytest.raises(ExpressionError):
            evaluate(text)
    assert not marker.exists()
    assert not (tmp_path / "ran").exists()


@pytest.mark.parametrize(
    ("expression", "expected"),
    [("82 - 30", True), ("(44.1-56.7)/56.7", True), ("3 − 2", True), ("15 + 6", False),
     ("-12.5% + 3", False), ("-5 * 3", False)],
)  # fmt: skip
def test_subtracts_means_a_binary_minus(expression: str, expected: bool) -> None:
    assert subtracts(expression) is expected


def test_length_limit_is_exact() -> None:
    longest = "1" * MAX_LENGTH
    assert as_fraction(evaluate(longest)) == int(longest)
    with pytest.raises(ExpressionError, match="longer"):
        evaluate("1" * (MAX_LENGTH + 1))


def test_result_is_a_sympy_rational() -> None:
    import sympy

    value = evaluate("0.1 * 3")
    assert isinstance(value, sympy.Rational)
    assert value == sympy.Rational(3, 10)


def test_no_dynamic_code_in_package() -> None:
    forbidden = re.compile(
        r"\b(eval|exec)\s*\(|sympify|parse_expr|literal_eval|(?<![\w.])compile\s*\("
    )
    root = Path(__file__).resolve().parents[1] / "verify_ask"
    for name in ("text/expression.py", "checkers/arithmetic.py"):
        text = (root / name).read_text(encoding="utf-8")
        assert not forbidden.search(text), name


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_evaluate_only_raises_expression_error(text: str) -> None:
    _assert_exact_or_refused(text)


ARITHMETIC_ALPHABET = st.sampled_from(list("0123456789.,+-*/()%^ x×÷−") + ["**"])


@settings(max_examples=300, deadline=None)
@given(st.lists(ARITHMETIC_ALPHABET, max_size=40).map("".join))
def test_evaluate_near_miss_arithmetic_only_raises_expression_error(text: str) -> None:
    _assert_exact_or_refused(text)


def _assert_exact_or_refused(text: str) -> None:
    """``evaluate`` gives an exact rational or raises ``ExpressionError``; any other exception
    fails the test by itself."""
    try:
        value = evaluate(text)
    except ExpressionError:
        return
    assert value.is_Rational, (text, value)


OPERAND_CASES = [
    ("48.2 - 39.5", ["48.2", "39.5"], "plain"),
    ("1,496.5 - 1,202.9", ["1496.5", "1202.9"], "separators"),
    ("(44.1-56.7)/56.7*100", ["44.1", "56.7", "56.7", "100"], "repeats-kept"),
    ("-12.5% * $200", ["12.5", "200"], "sign-percent-currency-dropped"),
    ("8.70 + 0", ["8.70", "0"], "written-decimals-kept"),
    ("$48.2 million - 39.5m", ["48.2", "39.5"], "scale-words-dropped"),
]


@pytest.mark.parametrize(
    ("expression", "expected"), [c[:2] for c in OPERAND_CASES], ids=[c[2] for c in OPERAND_CASES]
)
def test_operands(expression: str, expected: list[str]) -> None:
    found = operands(expression)
    assert [str(number) for number in found] == expected


def test_scaled_operands() -> None:
    assert scaled_operands("$48.2 million - 39.5k + 7") == [
        Decimal("48200000"),
        Decimal("39500"),
        Decimal("7"),
    ]


def test_operands_refuses_garbage() -> None:
    with pytest.raises(ExpressionError):
        operands("import os")


SPLIT_CASES = [
    ("48.2 - 39.5 = 8.7", ("48.2 - 39.5", "8.7"), "plain"),
    ("(44.1-56.7)/56.7*100 = -22.22%", ("(44.1-56.7)/56.7*100", "-22.22%"), "tatqa-percent"),
    ("1,496.5 - 1,202.9 = 293.6 million", ("1,496.5 - 1,202.9", "293.6 million"), "scale-word"),
    ("Change: 48.2 - 39.5 = 8.7.", ("48.2 - 39.5", "8.7"), "prose-before-and-full-stop"),
    ("Change = 48.2 - 39.5 = 8.7", ("48.2 - 39.5", "8.7"), "label-with-equals"),
    ("(44.1-56.7)/56.7 = -0.2222 = -22.22%", ("(44.1-56.7)/56.7", "-22.22%"), "chained"),
    ("1/3 ≈ 0.33", ("1/3", "0.33"), "approximately"),
    ("3 x 4 = 12", ("3 x 4", "12"), "letter-x"),
    ("$48.2 − $39.5 = $8.7 million", ("$48.2 − $39.5", "$8.7 million"), "currency-minus-sign"),
    ("Thus, 1,250 - 1,100 = 150", ("1,250 - 1,100", "150"), "comma-in-prose"),
    ("Working:\n48.2 - 39.5 = 8.7\nso 8.7", ("48.2 - 39.5", "8.7"), "multi-line"),
    (
        "$48.2 million - $39.5 million = $8.7 million",
        ("$48.2 million - $39.5 million", "$8.7 million"),
        "scale-words",
    ),
    ("Revenue grew 48.2m - 39.5m = 8.7m", ("48.2m - 39.5m", "8.7m"), "abbreviated-scales"),
    ("I am 3 + 4 = 7", ("3 + 4", "7"), "word-ending-in-m-is-prose"),
    ("48.2 million", None, "no-equals"),
    ("-5 = -5", None, "sign-is-not-an-operator"),
    ("x = 5", None, "no-arithmetic"),
    ("48.2 - 39.5 =", None, "no-result"),
    ("revenue = growth", None, "words"),
    ("", None, "empty"),
]


@pytest.mark.parametrize(
    ("text", "expected"), [c[:2] for c in SPLIT_CASES], ids=[c[2] for c in SPLIT_CASES]
)
def test_split_derivation(text: str, expected: tuple[str, str] | None) -> None:
    assert split_derivation(text) == expected


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_split_derivation_never_raises(text: str) -> None:
    result = split_derivation(text)
    assert result is None or (isinstance(result, tuple) and len(result) == 2)


MATCH_CASES = [
    ("48.2 - 39.5", "8.7", False, True, "exact"),
    ("48.2 - 39.5", "8.70", False, True, "exact-more-decimals"),
    ("48.2 - 39.5", "8.6", False, False, "wrong"),
    ("48.2 - 39.5", "9", False, False, "rounded-too-coarsely"),
    ("1/3", "0.33", False, True, "two-decimals"),
    ("1/3", "0.333", False, True, "three-decimals"),
    ("1/3", "0.3", False, False, "one-significant-digit"),
    ("1/3", "0.34", False, False, "misrounded"),
    ("(44.1-56.7)/56.7*100", "-22.22", False, True, "tatqa-percent"),
    ("(44.1-56.7)/56.7*100", "-22.2", False, True, "three-significant"),
    ("(44.1-56.7)/56.7*100", "-22", False, False, "two-significant"),
    ("(44.1-56.7)/56.7*100", "22.22", False, False, "sign"),
    ("(44.1-56.7)/56.7", "-22.22", True, True, "ratio-as-percent"),
    ("(44.1-56.7)/56.7", "-22.22", False, False, "ratio-not-percent"),
    ("(44.1-56.7)/56.7", "-0.22", True, True, "ratio-itself-with-percent"),
    ("(1250 - 1100) / 1100 * 100", "13.64", False, True, "prompt-example"),
    ("1496.5 - 293.6", "1203", False, True, "four-significant"),
    ("(12 + 13) / 2", "12.5", False, True, "average"),
    ("(12 + 13) / 2", "13", False, False, "average-coarse"),
    ("0.125", "0.13", False, True, "half-up"),
    ("-0.125", "-0.13", False, True, "half-away-from-zero"),
    ("0.125", "0.12", False, False, "not-half-even"),
    ("1/1000", "0.00", False, True, "rounds-to-zero"),
]


@pytest.mark.parametrize(
    ("expression", "candidate", "percent", "expected"),
    [c[:4] for c in MATCH_CASES],
    ids=[c[4] for c in MATCH_CASES],
)
def test_matches(expression: str, candidate: str, percent: bool, expected: bool) -> None:
    assert matches(evaluate(expression), Decimal(candidate), percent=percent) is expected


def test_matches_refuses_non_finite() -> None:
    assert not matches(evaluate("1"), Decimal("NaN"))
    assert not matches(evaluate("1"), Decimal("Infinity"))


FORMAT_CASES = [
    ("48.2 - 39.5", "8.7"),
    ("10 - 10", "0"),
    ("1/8", "0.125"),
    ("(44.1-56.7)/56.7*100", "≈-22.2222"),
    ("1/3", "≈0.3333"),
    ("-2", "-2"),
]


@pytest.mark.parametrize(("expression", "expected"), FORMAT_CASES, ids=[c[0] for c in FORMAT_CASES])
def test_format_value(expression: str, expected: str) -> None:
    assert format_value(evaluate(expression)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("8.7", "8.7"),
        ("-22.22%", "-22.22"),
        ("$1,496.5 million", "1496.5"),
        ("− 3", "-3"),
        ("8.70", "8.70"),
        ("none", None),
    ],
    ids=["plain", "negative-percent", "currency-separators", "minus-sign", "decimals", "none"],
)
def test_result_number(text: str, expected: str | None) -> None:
    found = result_number(text)
    assert (None if found is None else str(found)) == expected
