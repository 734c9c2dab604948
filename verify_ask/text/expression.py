"""Safe, exact arithmetic on the derivations a model writes ("48.2 - 39.5 = 8.7").

Nothing here hands text to Python or to sympy's parser. A derivation is first split into
tokens by a small scanner that only knows numbers, operators and parentheses; every number
is replaced by a placeholder name, the placeholder text is parsed with ``ast`` and the tree
is checked against a whitelist, and the whitelisted tree is walked to build exact sympy
rationals (``0.1`` is 1/10, not a float).

Accepted notation:

* numbers written with digits and an optional decimal point (``12``, ``0.5``, ``.5``);
  commas between groups of three digits are thousands separators (``1,496.5``); no
  exponent notation (``1e5`` is refused);
* ``+ - * / **`` and parentheses; ``×``, ``x``/``X`` and ``*`` multiply; ``÷`` divides;
  ``^`` is a power (as in "1.05^2"); ``−`` (minus sign) and ``–`` (en dash) subtract;
* ``%`` is *percent*, never modulo: it is postfix and applies to the number or the
  parenthesised group right before it, dividing it by 100 (``12.5%`` is 1/8,
  ``2 * 50%`` is 1, ``(10 + 5)%`` is 3/20). A ``%`` anywhere else is an error, so
  ``7 % 3`` is refused rather than read as a remainder;
* currency symbols ``$ € £ ¥`` are ignored (``$1.2 + $0.3``);
* a scale word right after a number multiplies it: ``thousand``/``k``, ``million``/``m``/
  ``mn``, ``billion``/``bn``/``b``, ``trillion``/``tn`` (any case), so ``$48.2 million -
  $39.5 million`` is 8700000 and ``1.2bn - 300m`` is 900000000.

Bounds: at most ``MAX_LENGTH`` characters, ``MAX_NODES`` operands and operations, ``MAX_DEPTH``
levels of nesting; a power needs an integer exponent of magnitude at most ``MAX_EXPONENT``
and a base whose numerator and denominator are at most ``MAX_BASE``. Division by zero and
every other problem raise ``ExpressionError``; nothing else escapes ``evaluate``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from verify_ask.errors import ExpressionError
from verify_ask.text.vocabulary import SCALE_POWERS

if TYPE_CHECKING:
    import sympy

MAX_LENGTH = 200
MAX_NODES = 128
MAX_DEPTH = 64
MAX_EXPONENT = 10
MAX_BASE = 10**15

ALLOWED_CONSTANTS = (Decimal(1), Decimal(2), Decimal(100))
"""Operands a derivation may use without finding them in the source: 100 (percentages),
1 (ratios such as ``a / b - 1``) and 2 (the average of two figures)."""

# A number: digit groups of three joined by commas (not followed by another digit, so
# "1,0000" is not one number), or plain digits; either with an optional decimal part.
_NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?![\d])|\d+)(?:\.\d+)?|\.\d+"
_SCALE = "|".join(sorted(SCALE_POWERS, key=len, reverse=True))
_TOKEN = re.compile(
    rf"(?P<space>\s+)|(?P<number>{_NUMBER})(?:\s*(?P<scale>{_SCALE})(?![a-z]))?|(?P<pow>\*\*|\^)|(?P<mul>[*×xX])|(?P<div>[/÷])"
    r"|(?P<add>\+)|(?P<sub>[-−–])|(?P<open>\()|(?P<close>\))|(?P<pct>%)|(?P<currency>[$€£¥])",
    re.IGNORECASE,
)
# A scale word in a line of prose, after a number, for cutting a derivation out of the line.
_SCALE_AFTER_NUMBER = re.compile(rf"(?<=\d)\s*(?:{_SCALE})(?![a-z])", re.IGNORECASE)
_OPERATOR_TEXT = {"pow": "**", "mul": "*", "div": "/", "add": "+", "sub": "-"}
_PCT = "_pct"

# Characters a derivation may be made of, used to cut it out of a line of prose.
_EXPR_CHARS = frozenset("0123456789 \t.,()+-*/^%×÷−–xX$€£¥")
_EXPR_START = re.compile(r"[\d(.+\-−–$€£¥]")
# A binary operator between two operands (a leading sign does not make arithmetic).
_BINARY = re.compile(r"[\d)%]\s*(?:\*\*|[-+*/^×÷−–xX])\s*[-+(\d.$€£¥−–]")
_RESULT_NUMBER = re.compile(rf"(?P<sign>[-−–]\s*)?[$€£¥]?\s*(?P<number>{_NUMBER})")
# In scanned code ("_n0 - _n1", "( _n0 ) - _pct(_n1)"): a minus after a term.
_BINARY_MINUS = re.compile(r"[\w)]\s+-\s")


@dataclass(frozen=True)
class _Scanned:
    code: str
    """The expression with every number replaced by a placeholder name ``_n<i>``."""
    numbers: tuple[Decimal, ...]
    """Each number as written (no separators, no scale word)."""
    powers: tuple[int, ...]
    """The power of ten each number's scale word multiplies it by (0 without one)."""


def evaluate(expression: str) -> sympy.Rational:
    """The exact value of an arithmetic expression, as a sympy ``Rational``.

    Raises ``ExpressionError`` for anything outside the notation described in the module
    docstring, for powers or sizes beyond the bounds, and for division by zero.
    """
    scanned = _scan(expression)
    tree = _parse(scanned.code)
    import sympy

    values = [
        sympy.Rational(*number.as_integer_ratio()) * 10**power
        for number, power in zip(scanned.numbers, scanned.powers, strict=True)
    ]
    return _Evaluator(values).visit(tree)


def operands(expression: str) -> list[Decimal]:
    """The numbers the expression is written with, in order, thousands separators removed.

    Signs, percent marks and scale words are not part of an operand: ``-12.5%`` has the
    operand 12.5 and ``$48.2 million`` the operand 48.2.
    """
    return list(_scan(expression).numbers)


def subtracts(expression: str) -> bool:
    """Whether the expression subtracts one term from another (a sign alone does not)."""
    return bool(_BINARY_MINUS.search(_scan(expression).code))


@dataclass(frozen=True)
class ChangeShape:
    """Which operands (by their index in ``operands``) stand where a change puts its two
    figures: ``minuend - subtrahend``, ``x / base`` (a rate of change over the base)."""

    minuend: int | None = None
    subtrahend: int | None = None
    base: int | None = None


def change_shape(expression: str) -> ChangeShape:
    """Where a change's figures stand, read off the parsed expression: the first subtraction
    of two figures, and the base of a rate of change, ``(new - old) / base`` or
    ``new / base - 1``. ``(44.1 - 56.7) / 56.7`` gives minuend 0, subtrahend 1, base 2; a
    difference of two ratios, ``a / b - c / d``, has no base."""
    tree = _parse(_scan(expression).code)
    minuend = subtrahend = base = None
    for node in ast.walk(tree):
        if not isinstance(node, ast.BinOp) or not isinstance(node.op, (ast.Sub, ast.Div)):
            continue
        left, right = _operand_index(node.left), _operand_index(node.right)
        if isinstance(node.op, ast.Sub) and minuend is None and None not in (left, right):
            minuend, subtrahend = left, right
        elif isinstance(node.op, ast.Sub) and isinstance(node.left, ast.BinOp):
            ratio = node.left
            top, bottom = _operand_index(ratio.left), _operand_index(ratio.right)
            if isinstance(ratio.op, ast.Div) and None not in (top, bottom) and right is not None:
                minuend, subtrahend, base = top, bottom, bottom  # new / old - 1
                break
        elif isinstance(node.op, ast.Div) and base is None and right is not None:
            if isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Sub):
                base = right
    return ChangeShape(minuend, subtrahend, base)


def _operand_index(node: ast.expr) -> int | None:
    if isinstance(node, ast.Call):  # a percentage, _pct(x)
        node = node.args[0]
    if isinstance(node, ast.Name) and node.id != _PCT:
        return int(node.id[2:])
    return None


def scaled_operands(expression: str) -> list[Decimal]:
    """The operands with their scale words applied: ``$48.2 million`` gives 48200000."""
    scanned = _scan(expression)
    pairs = zip(scanned.numbers, scanned.powers, strict=True)
    return [number.scaleb(power) for number, power in pairs]


def split_derivation(text: str) -> tuple[str, str] | None:
    """Split an answer such as ``"48.2 - 39.5 = 8.7"`` into (expression, result text).

    The line is cut at ``=`` (or ``≈``). The expression is the first piece before the last
    cut that ends in arithmetic with a binary operator, trimmed of the prose before it
    ("Change: 48.2 - 39.5 = 8.7" gives "48.2 - 39.5"); the result text is the piece after
    the last cut, without trailing ``.,;``. Chained lines keep the first expression and the
    final result: ``"(a - b) / b = -0.22 = -22%"`` gives ``("(a - b) / b", "-22%")``.
    With several lines, the last line holding a derivation wins. None when there is none,
    or when nothing with a digit follows the ``=``. The expression is not checked beyond
    its shape: ``evaluate`` may still refuse it.
    """
    for line in reversed(text.splitlines()):
        found = _split_line(line)
        if found is not None:
            return found
    return None


def matches(value: sympy.Rational, candidate: Decimal, *, percent: bool = False) -> bool:
    """True when ``candidate`` states the exact ``value``, allowing only honest rounding.

    The rule: the candidate is the exact value, or it is the exact value rounded half-up
    (ties away from zero) to as many decimals as the candidate is written with, and the
    candidate is written precisely enough for that rounding to be a presentation choice
    rather than a different number, which means with at least two decimals or at least
    three significant digits. So 1/3 matches "0.33" and "0.333" but not "0.3";
    -22.2222... matches "-22.22" and "-22.2" but not "-22"; 8.7 matches "8.7" and "8.70"
    but not "9"; 1202.9 matches "1203". The written decimals come from the ``Decimal``
    itself, so pass it as written (``Decimal("8.70")``).

    With ``percent=True`` the candidate is a percentage and the expression may have
    stopped at the ratio: ``value * 100`` is accepted as well (-0.2222... matches -22.22).
    """
    forms = [value, value * 100] if percent else [value]
    return any(_matches_one(form, candidate) for form in forms)


def format_value(value: sympy.Rational) -> str:
    """The value as a plain decimal, exact when it terminates ("8.7"), else rounded to four
    decimals and marked with "≈" ("≈-22.2222")."""
    places = decimal_places(value)
    if places is not None and places <= 12:
        return _plain(_round_half_up(value, places))
    return "≈" + _plain(_round_half_up(value, 4))


def decimal_places(value: sympy.Rational) -> int | None:
    """How many decimals the exact value needs, or None when it does not terminate."""
    denominator = int(value.q)
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None


def result_number(result_text: str) -> Decimal | None:
    """The first number in a result text, signed and as written ("-22.22%" -> -22.22)."""
    # The pattern retries its optional "- $ " prefix at every offset, quadratic in a long run
    # of spaces or dashes; a result worth reading starts within the first MAX_LENGTH characters.
    found = _RESULT_NUMBER.search(result_text[:MAX_LENGTH])
    if found is None:
        return None
    number = Decimal(found.group("number").replace(",", ""))
    return -number if found.group("sign") else number


# --- scanning and parsing ------------------------------------------------------------


def _scan(expression: str) -> _Scanned:
    if not isinstance(expression, str):
        raise ExpressionError("an expression must be text")
    if len(expression) > MAX_LENGTH:
        raise ExpressionError(f"expression longer than {MAX_LENGTH} characters")
    parts: list[str] = []
    kinds: list[str] = []
    numbers: list[Decimal] = []
    powers: list[int] = []
    position = 0
    while position < len(expression):
        token = _TOKEN.match(expression, position)
        if token is None:
            raise ExpressionError(f"unexpected character {expression[position]!r} at {position}")
        position = token.end()
        kind = "number" if token.group("number") else token.lastgroup or ""
        if kind in ("space", "currency"):
            continue
        if kind == "number":
            parts.append(f"_n{len(numbers)}")
            numbers.append(Decimal(token.group("number").replace(",", "")))
            scale = token.group("scale")
            powers.append(SCALE_POWERS[scale.lower()] if scale else 0)
        elif kind == "pct":
            _apply_percent(parts, kinds)
            continue
        elif kind in ("open", "close"):
            parts.append(token.group())
        else:
            parts.append(_OPERATOR_TEXT[kind])
        kinds.append(kind)
    if not numbers:
        raise ExpressionError("expression has no numbers")
    return _Scanned(" ".join(parts), tuple(numbers), tuple(powers))


def _apply_percent(parts: list[str], kinds: list[str]) -> None:
    """Rewrite the operand before a ``%`` as ``_pct(operand)``."""
    if not kinds or kinds[-1] not in ("number", "close"):
        raise ExpressionError("'%' must follow a number or a closing parenthesis")
    if kinds[-1] == "number":
        parts[-1] = f"{_PCT}({parts[-1]})"
        kinds[-1] = "percent"
        return
    depth = 0
    for index in range(len(kinds) - 1, -1, -1):
        if kinds[index] == "close":
            depth += 1
        elif kinds[index] == "open":
            depth -= 1
            if depth == 0:
                parts.insert(index, _PCT)
                kinds.insert(index, "name")
                kinds[-1] = "percent"
                return
    raise ExpressionError("unbalanced parentheses before '%'")


def _parse(code: str) -> ast.expr:
    try:
        module = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise ExpressionError("not a well-formed arithmetic expression") from None
    if len(module.body) != 1 or not isinstance(module.body[0], ast.Expr):
        raise ExpressionError("not a single arithmetic expression")
    tree = module.body[0].value
    nodes = 0
    stack: list[tuple[ast.AST, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, ast.expr):
            nodes += 1
        if nodes > MAX_NODES:
            raise ExpressionError(f"expression has more than {MAX_NODES} parts")
        if depth > MAX_DEPTH:
            raise ExpressionError(f"expression is nested more than {MAX_DEPTH} deep")
        _check_node(node)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return tree


_ALLOWED_BINARY = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)
_ALLOWED_UNARY = (ast.UAdd, ast.USub)


def _check_node(node: ast.AST) -> None:
    """Refuse every node outside the whitelist (operator nodes are checked with their op)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, _ALLOWED_BINARY):
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, _ALLOWED_UNARY):
        return
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        if re.fullmatch(r"_n\d+", node.id) or node.id == _PCT:
            return
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == _PCT
        and len(node.args) == 1
        and not node.keywords
    ):
        return
    if isinstance(node, (ast.operator, ast.unaryop, ast.expr_context)):
        return  # reached only as children of nodes accepted above
    raise ExpressionError(f"{type(node).__name__} is not allowed in an expression")


class _Evaluator:
    def __init__(self, values: list[sympy.Rational]) -> None:
        self.values = values

    def visit(self, node: ast.expr) -> sympy.Rational:
        if isinstance(node, ast.Name):
            if node.id == _PCT:
                raise ExpressionError("misplaced '%'")
            return self.values[int(node.id[2:])]
        if isinstance(node, ast.Call):
            return self.visit(node.args[0]) / 100
        if isinstance(node, ast.UnaryOp):
            operand = self.visit(node.operand)
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp):
            return self._binary(node)
        raise ExpressionError(f"{type(node).__name__} is not allowed in an expression")

    def _binary(self, node: ast.BinOp) -> sympy.Rational:
        left = self.visit(node.left)
        right = self.visit(node.right)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Div):
            if right == 0:
                raise ExpressionError("division by zero")
            return left / right
        return _power(left, right)


def _power(base: sympy.Rational, exponent: sympy.Rational) -> sympy.Rational:
    if exponent.q != 1:
        raise ExpressionError("exponents must be whole numbers")
    if abs(exponent) > MAX_EXPONENT:
        raise ExpressionError(f"exponent {exponent} is larger than {MAX_EXPONENT}")
    if abs(base.p) > MAX_BASE or base.q > MAX_BASE:
        raise ExpressionError("base of a power is too large")
    if base == 0 and exponent < 0:
        raise ExpressionError("division by zero")
    return base ** int(exponent)


# --- the split and the rounding rule ---------------------------------------------------


def _split_line(line: str) -> tuple[str, str] | None:
    pieces = re.split(r"[=≈]", line)
    if len(pieces) < 2:
        return None
    result = re.sub(r"[.,;]+$", "", pieces[-1].strip()).strip()
    if not re.search(r"\d", result):
        return None
    for piece in pieces[:-1]:
        expression = _trailing_expression(piece)
        if expression is not None:
            return expression, result
    return None


def _trailing_expression(piece: str) -> str | None:
    scale_starts = {m.end(): m.start() for m in _SCALE_AFTER_NUMBER.finditer(piece)}
    begin = len(piece)
    while begin > 0:
        if begin in scale_starts and scale_starts[begin] < begin:
            begin = scale_starts[begin]
        elif piece[begin - 1] in _EXPR_CHARS:
            begin -= 1
        else:
            break
    text = piece[begin:]
    start = _EXPR_START.search(text)
    if start is None:
        return None
    text = text[start.start() :].strip()
    return text if _BINARY.search(_SCALE_AFTER_NUMBER.sub("", text)) else None


def _matches_one(value: sympy.Rational, candidate: Decimal) -> bool:
    if not candidate.is_finite():
        return False
    numerator, denominator = candidate.as_integer_ratio()
    if value.p == numerator and value.q == denominator:
        return True
    sign, digits, exponent = candidate.as_tuple()
    decimals = max(0, -int(exponent))
    significant = len("".join(map(str, digits)).lstrip("0"))
    if decimals < 2 and significant < 3:
        return False
    return _round_half_up(value, decimals) == candidate


def _round_half_up(value: sympy.Rational, decimals: int) -> Decimal:
    numerator, denominator = abs(int(value.p)) * 10**decimals, int(value.q)
    rounded = (2 * numerator + denominator) // (2 * denominator)
    result = Decimal(rounded).scaleb(-decimals)
    return -result if value < 0 else result


def _plain(number: Decimal) -> str:
    text = format(number, "f")
    return "0" if text.lstrip("-") == "0" or re.fullmatch(r"-?0\.0*", text) else text
