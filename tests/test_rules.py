"""The span checker's rules: every rule's own examples, and the rules on the command line."""

from __future__ import annotations

import json

import pytest
from checker_cases import candidates

from verify_ask.checkers import CheckContext, CheckResult, get
from verify_ask.cli.main import main
from verify_ask.language.question import analyze_question
from verify_ask.rules import STAGES, Example, Rule, all_rules, find
from verify_ask.text.source import Source

RULES = all_rules()
EXAMPLES = [
    pytest.param(rule, example, id=f"{rule.id}-{index}")
    for rule in RULES
    for index, example in enumerate(rule.examples)
]
# The first example each rule that may be switched off refuses (a guarantee cannot be).
IGNORABLE = [
    pytest.param(rule, next(e for e in rule.examples if e.refused), id=rule.id)
    for rule in RULES
    if not rule.hard and any(e.refused for e in rule.examples)
]


def span_check(example: Example, **settings: object) -> CheckResult:
    """The span checker's result for the example's answer, voted for by its samples too."""
    answers = [example.answer, *example.samples]
    found = candidates(example.question, answers)
    assert found, f"{example.answer!r} reads as no figure or date"
    checked = found[0]
    assert any(s.seed == 0 for s in checked.samples), (
        f"{example.answer!r} is not the most voted candidate of its samples"
    )
    question = analyze_question(example.question)
    context = CheckContext(question, Source(example.source), found, len(answers), settings)
    return get("span").check(checked, context)


@pytest.mark.parametrize(("rule", "example"), EXAMPLES)
def test_a_rule_refuses_its_examples_and_no_other(rule: Rule, example: Example) -> None:
    result = span_check(example)
    if example.refused:
        assert (result.verdict, result.rule) == ("fail", rule.id), result.detail
    else:
        # The answer gets through the whole of the rule's stage: a refusal by a rule read
        # before this one would leave it untried.
        assert result.passed or stage_of(result.rule) > STAGES.index(rule.stage), result.detail


def stage_of(rule_id: str | None) -> int:
    return STAGES.index(find(rule_id or "").stage)


def test_every_rule_has_an_example_it_refuses() -> None:
    assert [r.code for r in RULES if not any(e.refused for e in r.examples)] == []


def test_ids_and_names_are_unique() -> None:
    ids, names = [r.id for r in RULES], [r.name for r in RULES]
    assert len(set(ids)) == len(ids)
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(("rule", "example"), IGNORABLE)
def test_an_ignored_rule_is_never_reported(rule: Rule, example: Example) -> None:
    result = span_check(example, ignore_rules=frozenset({rule.id}))
    assert result.rule != rule.id, result.detail


def test_rules_lists_every_rule_in_order(capsys) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [[r.id, r.name] for r in RULES]
    for line, found in zip(lines, RULES, strict=True):
        assert line.split()[2] == found.stage
        assert line.endswith(found.description)
        assert ("guarantee" in line.split()) == found.hard
    stages = [line.split()[2] for line in lines]
    assert stages == sorted(stages, key=STAGES.index), "stage by stage, in the order read"


def test_rules_json(capsys) -> None:
    assert main(["rules", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [r.to_json() for r in RULES]


@pytest.mark.parametrize(
    ("code", "message"),
    [("S101", "guarantee"), ("missing-year", "guarantee"), ("S999", "no rule 'S999'")],
    ids=["hard-by-id", "hard-by-name", "unknown"],
)
def test_ignoring_a_hard_or_unknown_rule_is_a_usage_error(
    capsys, example_path, replay, code: str, message: str
) -> None:
    replay(["14 March 2009"] * 4)  # the model is never asked
    args = ["When was OrigoTech founded?", "-s", str(example_path), "--ignore-rule", code]
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_a_rule_may_be_ignored_by_name(capsys, example_path, replay) -> None:
    replay(["14 March 2009"] * 4)
    args = ["When was OrigoTech founded?", "-s", str(example_path), "-n", "3", "--json",
            "--no-timings", "--ignore-rule", "other-time"]  # fmt: skip
    assert main(args) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "verified"
