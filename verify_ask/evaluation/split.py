"""Which records a number may be fitted on: design folds grouped by article, and a lockbox.

A third of the articles, chosen by a hash of the article's name, form the lockbox: no rule,
threshold or weight is fitted, tuned or read on them, so the numbers measured there say how
the decision does on text it has never seen. The other articles are split into folds, also by
article, so that an out-of-fold number never scores a passage its fit has read.
"""

from __future__ import annotations

import hashlib
from typing import Literal

from verify_ask.evaluation.dataset import EvalRecord

Part = Literal["all", "design", "lockbox"]
PARTS: tuple[Part, ...] = ("all", "design", "lockbox")
FOLDS = 5


def article_of(record: EvalRecord) -> str:
    """The article a record's source comes from: SQuAD's title (shared by v1.1 and v2.0),
    TAT-QA's table, or the record itself where a dataset has no articles (SVAMP)."""
    for key in ("title", "table_uid"):
        name = record.meta.get(key)
        if name:
            return f"{key}:{name}"
    return f"id:{record.id}"


def article_hash(article: str) -> int:
    """The hash that places an article: in the lockbox when it is 0 modulo 3, else in
    design fold ``hash // 3 % FOLDS``."""
    return int.from_bytes(hashlib.sha256(article.encode("utf-8")).digest()[:8], "big")


def design_fold(article: str, folds: int = FOLDS) -> int | None:
    """The design fold of an article by its name (``article_of``); None for the lockbox's."""
    placed = article_hash(article)
    return None if placed % 3 == 0 else (placed // 3) % folds


def in_lockbox(record: EvalRecord) -> bool:
    return design_fold(article_of(record)) is None


def fold_of(record: EvalRecord, folds: int = FOLDS) -> int:
    """The design fold of a record's article (the lockbox's records have folds too, unused)."""
    return (article_hash(article_of(record)) // 3) % folds


def in_part(record: EvalRecord, part: Part) -> bool:
    if part == "all":
        return True
    return in_lockbox(record) == (part == "lockbox")
