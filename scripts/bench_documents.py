"""A 100-page filing-like PDF: its first parse, a read with the cache warm, finding its figures
and sentences, and (``--with-model``) a question on it against one on the same text as .txt.

The PDF is made here with fpdf2 (a test dependency: ``pip install fpdf2``), the same bytes on
every run: on each page a note with figures in its prose and a statement of 24 rows under
"(in millions)", some of them negatives in parentheses. The fact asked about stands on page 60.

    python scripts/bench_documents.py                 # the parse and the cache (seconds)
    python scripts/bench_documents.py --with-model    # also a real question each way (minutes)

The parse and cache timings use a cache dir of their own, removed afterwards. The questions
run ``verify-ask`` as a user would, with the real default model from the usual cache dir; the
PDF's entry they leave there is removed too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from random import Random
from typing import Any, TypeVar

_Made = TypeVar("_Made")

QUESTION = "How many employees did the research centre in Lyon have?"
FACT_PAGE = 60
FACT = "At the end of 2018 the research centre in Lyon had 312 employees."
SEGMENTS = ["Industrial", "Safety", "Health", "Consumer", "Transport", "Energy", "Electronics"]
ROWS = [
    "Net sales", "Cost of sales", "Selling, general and administrative expenses",
    "Research, development and related expenses", "Gain on sale of businesses",
    "Operating income", "Other expense (income), net", "Income before income taxes",
    "Provision for income taxes", "Net income including noncontrolling interest",
    "Depreciation and amortization", "Purchases of property, plant and equipment",
    "Acquisitions, net of cash acquired", "Proceeds from sale of businesses",
    "Purchases of marketable securities", "Change in short-term debt",
    "Repayment of debt", "Proceeds from debt", "Purchases of treasury stock",
    "Dividends paid to shareholders", "Effect of exchange rate changes on cash",
    "Net increase (decrease) in cash", "Cash and cash equivalents at beginning of year",
    "Cash and cash equivalents at end of year",
]  # fmt: skip
VERIFY_ASK = [sys.executable, "-m", "verify_ask"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument(
        "--warm-reads", type=int, default=5, help="warm reads to take the median of"
    )
    parser.add_argument(
        "--with-model", action="store_true", help="also time a question with the default model"
    )
    args = parser.parse_args()
    # Stopped (by timeout, say), the temporary files and the cache entry are removed all the
    # same: SystemExit runs the cleanups, and subprocess.run kills a verify-ask in flight.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))

    with tempfile.TemporaryDirectory() as folder:
        pdf = write_filing(Path(folder) / "filing.pdf", args.pages)
        text = parse_and_cache(pdf, Path(folder) / "cache", args.warm_reads)
        if args.with_model:
            plain = Path(folder) / "filing.txt"
            plain.write_text(text, encoding="utf-8")
            ask_both(pdf, plain)


def parse_and_cache(pdf: Path, cache: Path, warm_reads: int) -> str:
    # The environment variable is read on each read, so only this process's reads move there.
    moved = os.environ.get("VERIFY_ASK_CACHE_DIR")
    os.environ["VERIFY_ASK_CACHE_DIR"] = str(cache)
    try:
        from verify_ask.text.source import Source, read_source

        cold_s, source = _timed(lambda: read_source(str(pdf)))
        warm = [_timed(lambda: read_source(str(pdf))) for _ in range(warm_reads)]
        (entry,) = (cache / "documents").iterdir()
        fresh = Source(warm[-1][1].text, pages=warm[-1][1].pages)  # nothing computed yet
        mentions_s, mentions = _timed(lambda: fresh.mentions)
        sentences_s, sentences = _timed(lambda: fresh.sentences)
    finally:
        if moved is None:
            del os.environ["VERIFY_ASK_CACHE_DIR"]
        else:
            os.environ["VERIFY_ASK_CACHE_DIR"] = moved
    warm_s = statistics.median(seconds for seconds, _ in warm)
    assert all(s.text == source.text and s.pages == source.pages for _, s in warm)
    print(
        f"PDF: {len(source.pages)} pages, {pdf.stat().st_size:,} bytes, "
        f"{len(source.text):,} characters of text"
    )
    print(f"first parse (cold cache, pypdf imported and run): {cold_s:.2f} s")
    print(
        f"read with the cache warm: {warm_s * 1000:.1f} ms (median of {warm_reads}; "
        f"entry {entry.stat().st_size:,} bytes) = {warm_s / cold_s:.3f} of the parse"
    )
    print(
        f"after it: figures (Source.mentions) {mentions_s:.2f} s for {len(mentions):,}; "
        f"sentences {sentences_s:.2f} s for {len(sentences):,}"
    )
    return source.text


def ask_both(pdf: Path, plain: Path) -> None:
    """One question through ``verify-ask`` on the .txt, on the PDF with no entry in the cache
    (it parses), then with one (it does not): wall seconds, start-up and model load included."""
    from verify_ask.cache import cache_dir

    entry = cache_dir() / "documents" / f"{hashlib.sha256(pdf.read_bytes()).hexdigest()}.json"
    entry.unlink(missing_ok=True)
    _ask(plain, "--samples", "1")  # untimed: the model assembled and in the OS page cache
    try:
        for label, path in (("txt", plain), ("pdf, cache cold", pdf), ("pdf, cache warm", pdf)):
            seconds, record = _ask(path)
            answer = record.get("answer") or {}
            evidence = (answer.get("evidence") or [{}])[0]
            print(
                f"verify-ask on the {label}: {seconds:.1f} s "
                f"(generate {record.get('timings', {}).get('generate_s')} s; {record['status']}"
                f" {answer.get('display')!r}, page {evidence.get('page')})"
            )
    finally:
        entry.unlink(missing_ok=True)


def _ask(path: Path, *options: str) -> tuple[float, dict[str, Any]]:
    command = [*VERIFY_ASK, QUESTION, "--source", str(path), "--json", *options]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"verify-ask failed ({done.returncode}): {done.stderr.strip()}")
    return seconds, json.loads(done.stdout)


def _timed(make: Callable[[], _Made]) -> tuple[float, _Made]:
    started = time.perf_counter()
    made = make()
    return time.perf_counter() - started, made


def write_filing(path: Path, pages: int) -> Path:
    from fpdf import FPDF

    random = Random(30)
    pdf = FPDF()
    pdf.set_creation_date(datetime(2019, 2, 7, tzinfo=timezone.utc))  # the same bytes each run
    pdf.set_font("Helvetica", size=9)
    for number in range(1, pages + 1):
        segment = SEGMENTS[number % len(SEGMENTS)]
        pdf.add_page()
        pdf.set_font("Helvetica", style="B", size=11)
        pdf.cell(0, 7, f"Note {number}. {segment} segment", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", size=9)
        prose = (
            f"In 2018 the {segment} segment's net sales were ${random.randint(1, 9)},"
            f"{random.randint(100, 999)} million, up {random.randint(1, 9)}.{random.randint(0, 9)}"
            f" percent from 2017. The segment employed {random.randint(1, 30)},"
            f"{random.randint(100, 999)} people at {random.randint(2, 40)} plants, and opened"
            f" its plant in {random.choice(['Porto', 'Dayton', 'Lodz', 'Osaka'])} on "
            f"{random.randint(1, 28)} May {random.randint(1990, 2017)}."
        )
        if number == FACT_PAGE:
            prose += " " + FACT
        pdf.multi_cell(0, 4.5, prose, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        for label, *figures in [("(in millions)", "2018", "2017")] + [
            (row, _figure(random), _figure(random)) for row in ROWS
        ]:
            pdf.cell(110, 5, label)
            for figure in figures:
                pdf.cell(35, 5, figure, align="R")
            pdf.ln(5)
    pdf.output(str(path))
    return path


def _figure(random: Random) -> str:
    value = f"{random.randint(1, 40)},{random.randint(0, 999):03d}"
    return f"({value})" if random.random() < 0.25 else value


if __name__ == "__main__":
    main()
