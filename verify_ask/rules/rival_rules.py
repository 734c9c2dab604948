"""Steps of the rival stage: another figure of the same kind stands about as well as the
value, or better. The span checker takes them in the order of their ids."""

from __future__ import annotations

from verify_ask.rules.registry import step

BETTER_RIVAL = step(
    "S301", "better-rival", "rival",
    "Another figure of the same kind stands clearly better (by more than the margin).",
    ["place.score", "rival.score"],
)  # fmt: skip
NAMED_ITEM = step(
    "S302", "named-item", "rival",
    "In a list of what the question counts, the question names another figure's item.",
    ["question.head", "list.items"],
)  # fmt: skip
RIVALS_WORDS = step(
    "S303", "rivals-words", "rival",
    "Read strictly, the question's words belong to an equally placed rival.",
    ["place.strict_score", "rival.strict_score"],
)  # fmt: skip
MODEL_PREFERS_RIVAL = step(
    "S304", "model-prefers-rival", "rival",
    "An equally placed rival holds as many votes or more of the model's ranking share.",
    ["votes", "ranking.share"],
)  # fmt: skip
