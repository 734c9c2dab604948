"""The span checker's rules, each one named object (``verify-ask rules`` lists them)."""

from verify_ask.rules.registry import (
    STAGES,
    Example,
    Facts,
    Rule,
    all_rules,
    find,
    ignorable,
    rule,
    rules_of,
    step,
)

__all__ = [
    "STAGES",
    "Example",
    "Facts",
    "Rule",
    "all_rules",
    "find",
    "ignorable",
    "rule",
    "rules_of",
    "step",
]
