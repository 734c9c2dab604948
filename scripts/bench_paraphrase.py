"""Questions that paraphrase a filing's line items: does retrieval bring the statement's row
to the model, and does verify-ask answer? (docs/reader.md)

Analysts ask for "capital expenditure"; the cash-flow statement says "Purchases of property,
plant and equipment". A 100-page filing-like PDF is made here (fpdf2, the same bytes each
run): three statements (income, balance sheet, cash flows) on their own pages, and notes
between them whose prose uses the same words for other things: an accounting policy on how
property, plant and equipment is depreciated, a dividend declared per share, a buy-back
programme authorised. Each question names its line item as an analyst would, and has the
statement page as its gold (two pages where both statements write the figure).

    python scripts/bench_paraphrase.py                # recall of the gold figure (seconds)
    python scripts/bench_paraphrase.py --with-model   # also every question through verify-ask
    python scripts/bench_paraphrase.py --with-model --model qwen2.5-coder-1.5b

Recall is the share of questions whose top k passages hold the gold figure where its
statement writes it (and, in the second column, the statement's header row too), for BM25,
the dense embeddings and the fused ranking ``verify-ask`` reads by default. ``--with-model``
asks each question with the default settings and counts answers right, wrong and
abstained. The filing is written by the same hands as the code, not by a company, and the
analysts' terms of ``verify_ask/text/line_items.py`` were written knowing these questions:
it checks the mechanism, not what a real filing's questions will meet.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from random import Random

PAGES = 100
INCOME_PAGE, BALANCE_PAGE, CASH_PAGE = 41, 43, 45
KS = (1, 3, 5, 10)

STATEMENTS = """
Consolidated Statement of Income
Net sales | 32,765 | 31,657
Cost of sales | 16,682 | 16,055
Selling, general and administrative expenses | 7,602 | 6,626
Research, development and related expenses | 1,821 | 1,870
Operating income | 7,207 | 7,820
Provision for income taxes | 1,637 | 2,679
Net income attributable to the company | 5,349 | 4,858

Consolidated Balance Sheet
Cash and cash equivalents | 2,853 | 3,053
Accounts receivable, net | 5,020 | 4,911
Inventories | 4,366 | 4,034
Total current assets | 13,709 | 14,277
Property, plant and equipment, net | 8,738 | 8,866
Goodwill | 10,051 | 10,513
Total current liabilities | 7,244 | 7,687
Long-term debt | 13,411 | 12,096

Consolidated Statement of Cash Flows
Net income including noncontrolling interest | 5,363 | 4,869
Depreciation and amortization | 1,488 | 1,544
Net cash provided by operating activities | 6,439 | 6,240
Purchases of property, plant and equipment | (1,577) | (1,373)
Acquisitions, net of cash acquired | (13) | (2,023)
Purchases of treasury stock | (4,870) | (2,068)
Dividends paid to shareholders | (3,193) | (2,803)
Repayment of debt | (1,129) | (2,089)
Cash and cash equivalents at end of year | 2,853 | 3,053
"""
"""Each statement: its title, then a row a line (label, 2018, 2017), on its own page."""


def statements() -> dict[int, tuple[str, list[list[str]]]]:
    """The statements by page: title and rows."""
    blocks = [block.strip().splitlines() for block in STATEMENTS.strip().split("\n\n")]
    return {
        page: (title, [row.split(" | ") for row in rows])
        for page, (title, *rows) in zip((INCOME_PAGE, BALANCE_PAGE, CASH_PAGE), blocks,
                                        strict=True)
    }


QUESTIONS_ASKED = """
What was the company's capital expenditure in 2018? | 1,577 | cash
What was net PP&E at the end of 2018? | 8,738 | balance
How much revenue did the company report for 2018? | 32,765 | income
How much did the company spend on R&D in 2018? | 1,821 | income
How much did the company spend on share buybacks in 2018? | 4,870 | cash
How much did the company pay out in dividends in 2018? | 3,193 | cash
What was the operating cash flow in 2018? | 6,439 | cash
What were current liabilities at the end of 2018? | 7,244 | balance
How much cash did the company hold at the end of 2018? | 2,853 | balance cash
What was the income tax expense for 2018? | 1,637 | income
What were SG&A expenses in 2018? | 7,602 | income
How much debt did the company pay back in 2018? | 1,129 | cash
How much did the company spend on acquisitions in 2018? | 13 | cash
How much long-term debt did the company carry at the end of 2018? | 13,411 | balance
What were D&A charges in 2018? | 1,488 | cash
How much inventory did the company hold at the end of 2018? | 4,366 | balance
What was goodwill at the end of 2018? | 10,051 | balance
How much did customers owe the company at the end of 2018? | 5,020 | balance
What was the company's bottom line in 2018? | 5,349 | income
What was the cost of goods sold in 2018? | 16,682 | income
"""
"""A question a line: as an analyst asks it, the gold figure, the statements that write it."""
_PAGE_OF = {"income": INCOME_PAGE, "balance": BALANCE_PAGE, "cash": CASH_PAGE}
QUESTIONS = [
    (question, gold, tuple(_PAGE_OF[name] for name in pages.split()))
    for question, gold, pages in (
        line.split(" | ") for line in QUESTIONS_ASKED.strip().splitlines()
    )
]
NOTES = [
    "Property, plant and equipment is recorded at cost and depreciated on a straight-line "
    "basis over {a} to {b} years for buildings and {c} to {d} years for machinery. The "
    "company reviews these assets for impairment when events indicate that the carrying "
    "amount may not be recoverable.",
    "On {day} February 2019 the Board of Directors declared a quarterly dividend of ${a}.{b}0 "
    "per share, an increase of {c} percent, the {d}th consecutive year of increases.",
    "In November 2018 the Board authorized the repurchase of up to ${a} billion of the "
    "company's outstanding common stock, with no expiration date; {b} million shares remain "
    "under the earlier programme.",
    "Research and development costs are expensed as incurred. The company operates {a} "
    "laboratories in {b} countries and employs {c},{d}00 scientists and engineers.",
    "The company leases offices, warehouses and vehicles. Operating lease cost was ${a} "
    "million in 2018; the weighted-average remaining lease term is {b}.{c} years at a "
    "discount rate of {d}.1 percent.",
    "The company sponsors defined-benefit pension plans for {a},{b}00 retirees. The "
    "projected benefit obligation was discounted at {c}.{d} percent at year end.",
    "The company is a defendant in {a} lawsuits concerning products sold before {b}. It "
    "has accrued ${c} million for claims it considers probable and estimable.",
    "The {segment} segment serves customers in {a} countries through {b} plants. Its "
    "headcount rose by {c} percent to {d},{a}00 people during the year.",
    "Foreign currency movements reduced sales by {a}.{b} percent in 2018. The company hedges "
    "forecast transactions up to {c} months ahead with forward contracts.",
    "The company's revolving credit facility of ${a} billion expires in {year}; no amounts "
    "were drawn at the end of 2018 or 2017.",
]
SEGMENTS = ["Industrial", "Safety", "Health", "Consumer", "Transport", "Energy"]


def write_filing(path: Path) -> Path:
    from fpdf import FPDF

    random = Random(44)
    pdf = FPDF()
    pdf.set_creation_date(datetime(2019, 2, 7, tzinfo=timezone.utc))  # the same bytes each run
    by_page = statements()
    for number in range(1, PAGES + 1):
        pdf.add_page()
        pdf.set_font("Helvetica", style="B", size=11)
        if number in by_page:
            title, rows = by_page[number]
            pdf.cell(0, 7, title, new_x="LMARGIN", new_y="NEXT")
            pdf.set_font("Helvetica", size=9)
            for label, *figures in [["(Millions)", "2018", "2017"], *rows]:
                pdf.cell(110, 5, label)
                for figure in figures:
                    pdf.cell(35, 5, figure, align="R")
                pdf.ln(5)
            continue
        pdf.cell(0, 7, f"Note {number}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", size=9)
        for template in random.sample(NOTES, 3):
            prose = template.format(
                a=random.randint(2, 9), b=random.randint(10, 40), c=random.randint(2, 9),
                d=random.randint(10, 60), day=random.randint(1, 28),
                year=random.randint(2020, 2026), segment=random.choice(SEGMENTS),
            )
            pdf.multi_cell(0, 4.5, prose, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
    pdf.output(str(path))
    return path


def recall(pdf: Path) -> dict[str, dict[str, float]]:
    """Print and return each ranking's recall of the statement's figure at each k."""
    from bench_retrieval import shown

    from verify_ask.text.passages import PassageIndex
    from verify_ask.text.source import read_source
    from verify_ask.text.tables import tables_of

    source = read_source(str(pdf))
    index = PassageIndex(source)
    # The passages embedded cold: a cache dir of its own, removed afterwards.
    moved = os.environ.get("VERIFY_ASK_CACHE_DIR")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["VERIFY_ASK_CACHE_DIR"] = cache
        started = time.perf_counter()
        _ = index._vectors
        embedded = time.perf_counter() - started
    if moved is None:
        del os.environ["VERIFY_ASK_CACHE_DIR"]
    else:
        os.environ["VERIFY_ASK_CACHE_DIR"] = moved

    tables = tables_of(source).spans()

    def golds(figure: str, pages: tuple[int, ...]) -> list[tuple[tuple[int, int], list]]:
        """Where the statements write the figure, each with its table's head."""
        found = []
        at = source.text.find(figure)
        while at >= 0:
            span = (at, at + len(figure))
            if source.page_of(at) in pages:
                heads = [t.head for t in tables if t.head and t.head_end < at < t.end]
                found.append((span, heads))
            at = source.text.find(figure, at + 1)
        return found

    print(f"{len(source.pages)} pages, {len(index.passages)} passages, embedded in "
          f"{embedded:.1f} s; {len(QUESTIONS)} questions")
    print("ranking  " + "  ".join(f"top {k:<3}" for k in KS) + "  shown with the head")
    recalls = {}
    for ranking in ("bm25", "dense", "hybrid"):
        hits, with_head = [0] * len(KS), [0] * len(KS)
        for question, figure, pages in QUESTIONS:
            ranked = index.ranked(question, ranking)  # type: ignore[arg-type]
            places = golds(figure, pages)
            for i, k in enumerate(KS):
                hits[i] += any(shown(ranked[:k], span, []) for span, _ in places)
                with_head[i] += any(shown(ranked[:k], span, heads) for span, heads in places)
        print(f"{ranking:<8} " + "  ".join(f"{h / len(QUESTIONS):.2f}   " for h in hits)
              + "  " + " / ".join(f"{h / len(QUESTIONS):.2f}" for h in with_head))
        recalls[ranking] = {str(k): h / len(QUESTIONS) for k, h in zip(KS, hits, strict=True)}
    return recalls


def ask_all(pdf: Path, model: str | None) -> None:
    """Every question through ``verify-ask --batch``, the default settings."""
    lines = [json.dumps({"id": i, "question": q, "source": str(pdf)})
             for i, (q, _, _) in enumerate(QUESTIONS)]
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "verify_ask", "--batch", "-", "--source-root", "/", "-q",
         *(["--model", model] if model else [])],
        input="\n".join(lines), capture_output=True, text=True, check=False,
    )
    seconds = time.perf_counter() - started
    right = wrong = abstained = 0
    for line, (question, gold, _) in zip(done.stdout.splitlines(), QUESTIONS, strict=True):
        record = json.loads(line)
        answer = record.get("answer") or {}
        if record["status"] != "verified":
            abstained += 1
            verdict = f"{record['status']}: {record.get('reason') or record.get('error')}"
        else:
            value = (answer.get("value") or {}).get("number")
            ok = value is not None and abs(abs(float(value)) - float(gold.replace(",", ""))) < 1e-6
            right += ok
            wrong += not ok
            page = (answer.get("evidence") or [{}])[0].get("page")
            verdict = f"{'right' if ok else 'WRONG'}: {answer.get('display')} (page {page})"
        print(f"  {question} -> {verdict}")
    print(f"verify-ask: {right} right, {wrong} wrong, {abstained} abstained of "
          f"{len(QUESTIONS)} in {seconds:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--with-model", action="store_true",
                        help="also ask every question through verify-ask")
    parser.add_argument("--model", help="with --with-model: a model other than the default")
    parser.add_argument("--write", type=Path, metavar="JSON",
                        help="also write the recalls there (scripts/targets.py reads them)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        pdf = write_filing(Path(folder) / "filing.pdf")
        recalls = recall(pdf)
        if args.write:
            summary = {"questions": len(QUESTIONS), "recall": recalls}
            args.write.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        if args.with_model:
            ask_all(pdf, args.model)


if __name__ == "__main__":
    main()
