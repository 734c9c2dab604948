"""The rule registry: every rule of the span checker as one named object.

A rule has a stable id and name ("S211 other-time"), a one-line description (its docstring's
first line), the facts it reads, the stage of the check it belongs to, and examples that a
generic test runs. Rules of one stage are read in the order of their ids, so the order is
data, not the position of an ``if``; the first rule of a stage that refuses a candidate
decides. A rule is ``hard`` when it is a guarantee (a figure the source does not hold, a
year the source never mentions), not a judgement: hard rules cannot be switched off.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from verify_ask.errors import UsageError

if TYPE_CHECKING:
    from verify_ask.language.places import Place
    from verify_ask.language.question import Question
    from verify_ask.text.source import Source
    from verify_ask.values import Value

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


@dataclass(frozen=True)
class Facts:
    """What a rule may read: the candidate's value, the question, the source, and, from the
    place stage on, the value's best place in the source."""

    value: Value
    question: Question
    source: Source
    place: Place | None = None


Test = Callable[[Facts], "str | None"]


@dataclass(frozen=True)
class Rule:
    id: str
    name: str
    stage: Stage
    description: str
    reads: tuple[str, ...]
    test: Test | None
    """Why the rule refuses a candidate, or None. Rules without a test are steps of the span
    checker that sort its places (``verify_ask.checkers.span``): they refuse when no place is
    left."""
    hard: bool = False
    examples: tuple[Example, ...] = ()

    @property
    def code(self) -> str:
        return f"{self.id} {self.name}"

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "stage": self.stage,
            "description": self.description,
            "reads": list(self.reads),
            "hard": self.hard,
        }


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
    """Register the decorated function as a rule; its docstring's first line describes it."""

    def register(test: Test) -> Test:
        add(Rule(id, name, stage, _first_line(test.__doc__), tuple(reads), test, hard,
                 tuple(examples)))  # fmt: skip
        return test

    return register


def step(
    id: str,  # noqa: A002
    name: str,
    stage: Stage,
    description: str,
    reads: Iterable[str],
    *,
    hard: bool = False,
    examples: Iterable[Example] = (),
) -> Rule:
    """Register a step of the span checker's flow as a rule (it has no test of its own)."""
    return add(Rule(id, name, stage, description, tuple(reads), None, hard, tuple(examples)))


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


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().splitlines()[0].strip() if doc and doc.strip() else ""
