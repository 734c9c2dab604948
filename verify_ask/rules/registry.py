"""The rule registry: every rule of the span checker as one named object.

A rule has a stable id and name ("S211 other-time"), a one-line description (its docstring's
first paragraph), the facts it reads, the stage of the check it belongs to, and examples that a
generic test runs. The span checker reads the stages in the order of ``STAGES`` and the
rules of one stage in the order of their ids, so the order is data, not the position of an
``if``; the first rule that refuses a candidate decides. A rule is ``hard`` when it is a
guarantee (a figure the source does not hold, a year the source never mentions), not a
judgement: hard rules cannot be switched off.

A rule is one of two kinds. A test (``rule``) reads the facts and says why it refuses the
value, or None; it may also settle the check for the value (``ACCEPTED``), and the rules
after it are not read. A place filter (``keeps``) keeps those of the value's places that
may answer the question; the rules after it read only those, and it refuses the value when
it keeps none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from verify_ask.errors import UsageError

if TYPE_CHECKING:
    from verify_ask.rules.facts import Facts, Refusal
    from verify_ask.text.normalize import Mention

Stage = Literal["question", "mention", "place", "rival"]
STAGES: tuple[Stage, ...] = ("question", "mention", "place", "rival")
"""In the order the span checker reads them: what the question asks, where the value stands
in the source, what its best place says, and how it stands against other figures."""


@dataclass(frozen=True)
class Example:
    """A sentence, a question and an answer, and whether this rule refuses that answer."""

    source: str
    question: str
    answer: str
    refused: bool = True
    samples: tuple[str, ...] = ()
    """More samples beside ``answer``, where the rule reads the model's preference."""


class Settled(Enum):
    ACCEPTED = "accepted"
    """The rule settles the check in the value's favour: the rules after it are not read."""


ACCEPTED = Settled.ACCEPTED

Outcome: TypeAlias = "str | Refusal | Settled | Facts | None"
"""What a test gives: a reason or a ``Refusal`` to refuse the value, ``ACCEPTED``, the facts
narrowed to fewer places (a place filter), or None to let the next rule judge."""
Test: TypeAlias = Callable[["Facts"], Outcome]
Keep: TypeAlias = Callable[["Facts", "Sequence[Mention]"], "Sequence[Mention] | str"]
"""A place filter: the places it keeps, or, when it keeps none, why it refuses the value."""


@dataclass(frozen=True)
class Rule:
    id: str
    name: str
    stage: Stage
    description: str
    reads: tuple[str, ...]
    test: Test
    hard: bool = False
    examples: tuple[Example, ...] = ()

    @property
    def code(self) -> str:
        return f"{self.id} {self.name}"

    def to_json(self) -> dict[str, object]:
        # What a user reads of a rule: all but its test and its examples, in field order.
        shown = ("id", "name", "stage", "description", "reads", "hard")
        return {key: _plain(getattr(self, key)) for key in shown}


def _plain(field: object) -> object:
    return list(field) if isinstance(field, tuple) else field


_RULES: dict[str, Rule] = {}


def rule(
    id: str,  # noqa: A002 - the rule's id is what users type
    name: str,
    stage: Stage,
    reads: Iterable[str],
    *,
    hard: bool = False,
    examples: Iterable[Example] = (),
) -> Callable[[Test], Test]:
    """Register the decorated function as a rule; its docstring's first paragraph describes it."""

    def register(test: Test) -> Test:
        add(Rule(id, name, stage, _summary(test.__doc__), tuple(reads), test, hard,
                 tuple(examples)))  # fmt: skip
        return test

    return register


def keeps(
    id: str,
    name: str,
    stage: Stage,
    reads: Iterable[str],
    **how: Any,  # noqa: A002
) -> Callable[[Keep], Keep]:
    """Register the decorated place filter as a rule (``how``: ``rule``'s ``hard`` and
    ``examples``); its docstring's first paragraph says what makes it refuse, which is
    keeping no place."""

    def register(keep: Keep) -> Keep:
        def test(facts: Facts) -> Outcome:
            kept = keep(facts, facts.places)
            return kept if isinstance(kept, str) else facts.keeping(kept)

        test.__doc__ = keep.__doc__
        rule(id, name, stage, reads, **how)(test)
        return keep

    return register


def add(new: Rule) -> Rule:
    if new.id in _RULES and _RULES[new.id] != new:
        raise ValueError(f"rule {new.id} is registered twice")
    if any(r.name == new.name and r.id != new.id for r in _RULES.values()):
        raise ValueError(f"rule name {new.name!r} is taken")
    _RULES[new.id] = new
    return new


def all_rules() -> tuple[Rule, ...]:
    """Every rule, stage by stage, each stage in the order of its ids."""
    return tuple(sorted(_RULES.values(), key=lambda r: (STAGES.index(r.stage), r.id)))


def rules_of(stage: Stage, ignored: frozenset[str] = frozenset()) -> tuple[Rule, ...]:
    return tuple(r for r in all_rules() if r.stage == stage and r.id not in ignored)


def find(code: str) -> Rule:
    """A rule by its id ("S211") or its name ("other-time"); a ``UsageError`` otherwise."""
    wanted = code.strip()
    for candidate in all_rules():
        if wanted.upper() == candidate.id or wanted.lower() == candidate.name:
            return candidate
    raise UsageError(f"no rule {code!r}; `verify-ask rules` lists them")


def ignorable(codes: Iterable[str]) -> frozenset[str]:
    """The ids of the rules to switch off; a hard rule cannot be."""
    ids = set()
    for code in codes:
        found = find(code)
        if found.hard:
            raise UsageError(f"rule {found.code} is a guarantee and cannot be switched off")
        ids.add(found.id)
    return frozenset(ids)


def _summary(doc: str | None) -> str:
    """A docstring's first paragraph, on one line."""
    paragraph = (doc or "").strip().split("\n\n")[0]
    return " ".join(line.strip() for line in paragraph.splitlines())
