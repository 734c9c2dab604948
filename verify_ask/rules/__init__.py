"""The span checker's rules, each one named object (``verify-ask rules`` lists them).

The built-in rules register on import of this package, as checkers do.
"""

# The rule modules first register, then the registry answers.
from verify_ask.rules import (  # noqa: F401
    mention_rules,
    place_rules,
    question_rules,
    rival_rules,
)
from verify_ask.rules.facts import Facts, Refusal
from verify_ask.rules.registry import (
    ACCEPTED,
    STAGES,
    Example,
    Rule,
    all_rules,
    find,
    ignorable,
    keeps,
    rule,
    rules_of,
)

__all__ = [
    "ACCEPTED",
    "STAGES",
    "Example",
    "Facts",
    "Refusal",
    "Rule",
    "all_rules",
    "find",
    "ignorable",
    "keeps",
    "rule",
    "rules_of",
]
