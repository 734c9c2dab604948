"""Distractor records in the spirit of adversarial SQuAD (Jia & Liang, 2017, AddSent).

For each answerable SQuAD record, a sentence that mirrors the question is added to the
passage. It repeats the question's words, but about another name, number or time, and
states a fake answer of the same kind; the true answer stays where it was. A reader that
matches words answers with the fake figure; one that reads what the question asks does
not. Two variants per record:

- ``squad_v1.1_dev_distractor``: the passage with the distractor, answerable as before;
- ``squad_v1.1_dev_distractor_removed``: the answer's sentences deleted, the distractor kept,
  so the question is unanswerable (``answers: []``).

A SQuAD v2 unanswerable question (no answers, ``meta.unanswerable``) gets a distractor too,
stating an invented figure of the question's kind: ``squad_v2.0_dev_unanswerable_distractor``,
still unanswerable. Its questions are other people's, written to look answerable, so they
mirror into sentences the answerable questions' distractors do not.

The question's perturbation is deterministic (a hash of the record's id chooses among the
swaps), so the same input always gives the same file. Records whose question offers nothing
to swap are left out, and counted on stderr. Records keep their article's title, so the
lockbox and design parts of ``verify-ask eval --part`` follow the original articles.

    python scripts/distractors.py ../shared/data/squad_v1.1_dev.jsonl > distractors.jsonl

Only ``shared/data`` is read: published adversarial sets stay apart for an independent check.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from typing import TypeVar

# Names for a swapped subject, by the kind of name they stand in for; chosen not to occur in
# the SQuAD articles used here (checked when a distractor is made: a name in the passage is
# skipped).
PEOPLE = ("Tadakatsu Mori", "Elena Varga", "Jonas Whitfield", "Amara Okafor", "Pieter Lindqvist")
PLACES = ("Westbrook", "Kaliningrad Oblast", "Port Avalon", "Norrland", "Santa Irena")
THINGS = ("Orvex", "the Halden Accord", "Meridian Works", "the Caldera League", "Tessaro")
# Swaps for common words of a question, when it names nothing (AddSent's antonyms).
ANTONYMS = {
    "first": "last", "last": "first", "largest": "smallest", "smallest": "largest",
    "most": "fewest", "highest": "lowest", "lowest": "highest", "before": "after",
    "after": "before", "north": "south", "south": "north", "east": "west", "west": "east",
    "oldest": "newest", "newest": "oldest", "longest": "shortest", "shortest": "longest",
    "maximum": "minimum", "minimum": "maximum", "early": "late", "late": "early",
    "annual": "monthly", "daily": "weekly", "men": "women", "women": "men",
    "won": "lost", "lost": "won", "increase": "decrease", "decrease": "increase",
}  # fmt: skip
WH = re.compile(
    r"^(?:in\s+)?(?:how\s+(?:many|much|long|old|far|large|big|tall|often)|when|what\s+year|"
    r"which\s+year|what\s+(?:date|day|month|decade|century|percentage|percent|number|amount|"
    r"fraction|proportion)|what|which|who)\b\s*",
    re.IGNORECASE,
)
AUXILIARY = re.compile(
    r"^(?:did|does|do|was|were|is|are|has|have|had|will|would|can|could)\s+", re.IGNORECASE
)
YEAR = re.compile(r"\b(1[5-9]\d\d|20[0-2]\d)\b")
ANY_YEAR = re.compile(r"\b\d{3,4}\b")
NUMBER = re.compile(r"\b\d{1,3}(?:,\d{3})+\b|\b\d+(?:\.\d+)?\b")
MONTHS = (
    "January February March April May June July August September October November December"
).split()
DATE_FORMS = (
    (re.compile(rf"\b({'|'.join(MONTHS)})\s+(\d{{1,2}}),\s+(\d{{4}})\b"), "mdy"),
    (re.compile(rf"\b(\d{{1,2}})\s+({'|'.join(MONTHS)})\s+(\d{{4}})\b"), "dmy"),
    (re.compile(rf"\b({'|'.join(MONTHS)})\s+(\d{{4}})\b"), "my"),
)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


Option = TypeVar("Option")


def pick(options: Sequence[Option], key: str, salt: str) -> Option:
    digest = hashlib.sha256(f"{salt}:{key}".encode()).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def swap_names(body: str, passage: str, key: str) -> tuple[str, bool]:
    """One capitalised name of the question swapped for an invented one (the question's
    first word is its wh-word, cut off before: a capital here is a name)."""
    words = body.split(" ")
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(words):
        if words[index][:1].isupper() and words[index].strip("?,.'").isalpha():
            end = index
            while end + 1 < len(words) and words[end + 1][:1].isupper():
                end += 1
            spans.append((index, end))
            index = end + 1
        else:
            index += 1
    if not spans:
        return body, False
    start, end = pick([f"{a},{b}" for a, b in spans], key, "name").split(",")
    start, end = int(start), int(end)
    name = " ".join(words[start : end + 1]).strip("?,.")
    pools = (PEOPLE, PLACES, THINGS)
    pool = PEOPLE if len(name.split()) == 2 else pools[int(pick(("1", "2"), key, "pool"))]
    fake = next(
        (p for p in (pick(pool, key, f"{name}{n}") for n in range(8)) if p not in passage), None
    )
    if fake is None:
        return body, False
    if fake.startswith("the ") and start > 0 and words[start - 1].lower() == "the":
        fake = fake[4:]
    trail = words[end][len(words[end].rstrip("?,.")) :]
    possessive = "'s" if name.endswith("'s") else ""
    words[start : end + 1] = [fake + possessive + trail]
    return " ".join(words), True


def swap_numbers(body: str, key: str) -> tuple[str, bool]:
    """Years and numbers in the question moved, so the sentence is about another time."""

    def moved(match: re.Match[str]) -> str:
        text = match.group()
        if YEAR.fullmatch(text):
            return str(int(text) + int(pick(("-7", "-3", "4", "9"), key, text)))
        return str(Decimal(text.replace(",", "")) + 2)

    changed_text = YEAR.sub(moved, body)
    if changed_text == body:
        changed_text = NUMBER.sub(moved, body, count=1)
    return changed_text, changed_text != body


def swap_antonym(body: str) -> tuple[str, bool]:
    words = body.split(" ")
    for index, word in enumerate(words):
        bare = word.strip("?,.").lower()
        if bare in ANTONYMS:
            words[index] = word.lower().replace(bare, ANTONYMS[bare])
            return " ".join(words), True
    return body, False


def fake_answer(gold: str, passage: str, key: str, date: bool) -> str | None:
    """An answer of the gold's kind and precision, not in the passage."""
    for pattern, form in DATE_FORMS:
        found = pattern.search(gold)
        if found:
            shift = int(pick(("3", "-5", "11", "-2"), key, "date"))
            parts = list(found.groups())
            year_index = 2 if form in ("mdy", "dmy") else 1
            parts[year_index] = str(int(parts[year_index]) + shift)
            if form == "mdy":
                text = f"{MONTHS[(MONTHS.index(parts[0]) + 4) % 12]} {parts[1]}, {parts[2]}"
            elif form == "dmy":
                text = f"{parts[0]} {MONTHS[(MONTHS.index(parts[1]) + 4) % 12]} {parts[2]}"
            else:
                text = f"{MONTHS[(MONTHS.index(parts[0]) + 4) % 12]} {parts[1]}"
            return text if text not in passage else None
    year = (ANY_YEAR if date else YEAR).search(gold)
    if year:
        moved = str(int(year.group()) + int(pick(("-13", "-6", "7", "12"), key, "year")))
        text = gold[: year.start()] + moved + gold[year.end() :]
        return text if moved not in passage else None
    number = NUMBER.search(gold)
    if number is None:
        return None
    value = Decimal(number.group().replace(",", ""))
    factor = Decimal(pick(("1.5", "0.6", "2", "1.3"), key, "number"))
    new = value * factor
    new = new.quantize(Decimal(1)) if "." not in number.group() else new.quantize(Decimal("0.1"))
    if new == value:
        new = value + 3
    text_number = f"{new:,}" if "," in number.group() else str(new)
    text = gold[: number.start()] + text_number + gold[number.end() :]
    return text if text_number not in passage else None


def invented_figure(passage: str, key: str, date: bool) -> str | None:
    """A year or a count for a question with no answer to mirror, not in the passage."""
    chosen = pick(range(1850, 2020) if date else range(13, 9013), key, "invented")
    text = str(chosen) if date else f"{chosen:,}"
    return text if text not in passage else None


def statement(
    question: str, fake: str, key: str, passage: str, variant: int = 1
) -> str | None:
    """The question turned into a sentence about something else, stating ``fake``. A later
    variant tries the swaps in another order, so the same question mirrors differently."""
    asked = question.strip().rstrip("?").strip()
    wh = WH.match(asked)
    if wh is None:
        return None
    body = AUXILIARY.sub("", asked[wh.end() :]).strip()
    if len(body.split()) < 2:
        return None
    swaps = [lambda b: swap_names(b, passage, key), lambda b: swap_numbers(b, key), swap_antonym]
    turn = (variant - 1) % len(swaps)
    for swap in swaps[turn:] + swaps[:turn]:
        body, changed = swap(body)
        if changed:
            break
    else:
        return None
    opening = wh.group().strip().lower()
    body = body[0].upper() + body[1:]
    if opening in ("when", "what year", "which year", "in what year", "what date", "what day"):
        return f"{body} in {fake}."
    if opening.startswith("how"):
        return f"{body}: {fake}."
    return f"{body} is {fake}."


def sentences_with(passage: str, golds: list[str]) -> list[tuple[int, int]]:
    spans = []
    start = 0
    for match in [*SENTENCE_END.finditer(passage), None]:
        end = match.start() if match else len(passage)
        if any(g and g in passage[start:end] for g in golds):
            spans.append((start, end))
        start = match.end() if match else len(passage)
    return spans


def distractors(record: dict, variant: int = 1) -> list[dict]:
    golds = [a for a in record["answers"] if a]
    unanswerable = not golds and bool(record.get("meta", {}).get("unanswerable"))
    if not golds and not unanswerable:
        return []
    passage = record["source"]
    # Variant 1's key is the record's id alone, so its file is unchanged by later variants.
    key = record["id"] if variant == 1 else f"{record['id']}#{variant}"
    suffix = "-adv" if variant == 1 else f"-adv{variant}"
    date = record.get("kind") == "date"
    if unanswerable:
        fake = invented_figure(passage, key, date)
    else:
        fake = fake_answer(min(golds, key=len), passage, key, date)
    if fake is None:
        return []
    added = statement(record["question"], fake, key, passage, variant)
    if added is None:
        return []
    at_start = pick(("start", "end", "end"), key, "where") == "start"
    with_distractor = f"{added} {passage}" if at_start else f"{passage} {added}"
    meta = {**record.get("meta", {}), "distractor": added, "fake_answer": fake, "of": record["id"]}
    kept = {
        **record,
        "id": f"{record['id']}{suffix}",
        "dataset": f"{record['dataset']}_distractor",
        "source": with_distractor,
        "meta": meta,
    }
    out = [kept]
    if unanswerable:
        return out
    answer_sentences = sentences_with(passage, golds)
    remaining = passage
    for start, end in reversed(answer_sentences):
        remaining = (remaining[:start] + remaining[end:]).strip()
    if answer_sentences and remaining and not any(g in remaining for g in golds):
        removed_source = f"{added} {remaining}" if at_start else f"{remaining} {added}"
        out.append(
            {
                **record,
                "id": f"{record['id']}{suffix}-removed",
                "dataset": f"{record['dataset']}_distractor_removed",
                "source": removed_source,
                "answers": [],
                "meta": {**meta, "unanswerable": True},
            }
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", help="SQuAD records in the shared/data schema")
    parser.add_argument(
        "--variant",
        type=int,
        default=1,
        help="another deterministic set of distractors for the same questions: other fake "
        "names and figures, another place in the passage, the swaps tried in another order "
        "(ids end in -advN; default 1, the original set)",
    )
    args = parser.parse_args(argv)
    if args.variant < 1:
        parser.error("--variant must be 1 or more")
    counts: Counter[str] = Counter()
    for path in args.data:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                record = json.loads(line)
                made = distractors(record, args.variant)
                counts["read"] += 1
                counts["skipped" if not made else "made"] += 1
                counts["removed"] += len(made) - 1 if made else 0
                for out in made:
                    sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    print(
        f"distractors: {counts['read']} read, {counts['made']} with a distractor, "
        f"{counts['removed']} answer-removed, {counts['skipped']} skipped (nothing to swap)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
