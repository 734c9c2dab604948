"""Human-readable output: rich on a terminal, the same lines as plain text elsewhere."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

_VERDICT_STYLE = {"pass": "green", "fail": "red", "skip": "dim"}


def render_record(record: dict[str, Any], console: Console) -> None:
    """Print the answer, its evidence, the vote table and each checker's verdict."""
    status = record["status"]
    if status == "verified":
        answer = record["answer"]
        console.print(Text.assemble(("verified: ", "bold green"), (answer["display"], "bold")))
        if answer.get("derivation"):
            console.print(f"  derivation: {answer['derivation']} = {answer['display']}")
        for evidence in answer["evidence"]:
            console.print(_evidence_line(evidence, record.get("source")))
        reading = record.get("verifier")
        if reading:
            console.print(f"  verifier {reading['model']}, reading the evidence: {reading['text']}")
    elif status == "abstained":
        console.print(Text.assemble(("abstained: ", "bold yellow"), record["reason"]))
    else:
        console.print(Text.assemble(("error: ", "bold red"), record["error"]))
        return
    if record["candidates"]:
        console.print(_candidate_table(record))


def _evidence_line(evidence: dict[str, Any], label: str | None) -> Text:
    quote = evidence["quote"]
    offset = evidence["quote_start"]
    start, end = evidence["start"] - offset, evidence["end"] - offset
    chars = f"chars {evidence['start']}-{evidence['end']}"
    if evidence.get("page") is not None:
        # A PDF's lines are those of its extracted text, which no viewer shows: the page is.
        where = f"{label}, " if label else ""
        line = Text(f"  evidence ({where}page {evidence['page']}, {chars}): ")
    else:
        where = f"{label}:" if label else ""
        line = Text(f"  evidence ({where}line {evidence['line']}, {chars}): ")
    line.append("“")
    line.append(quote[:start])
    line.append(quote[start:end], style="bold reverse")
    line.append(quote[end:])
    line.append("”")
    return line


def _candidate_table(record: dict[str, Any]) -> Table:
    checkers = record["settings"]["checks"]
    table = Table(title=None, box=None, pad_edge=False, show_edge=False)
    table.add_column("candidate")
    table.add_column("votes", justify="right")
    for name in checkers:
        table.add_column(name)
    table.add_column("decision")
    for candidate, vote in zip(record["candidates"], record["votes"], strict=True):
        by_name = {c["checker"]: c for c in candidate["checks"]}
        cells = []
        for name in checkers:
            check = by_name.get(name)
            if check is None:
                cells.append(Text("-"))
                continue
            cells.append(
                Text(
                    f"{check['verdict']} {check['score']:.2f}",
                    style=_VERDICT_STYLE[check["verdict"]],
                )
            )
        decision = Text(
            "accepted" if candidate["accepted"] else candidate["reason"],
            style="green" if candidate["accepted"] else "dim",
        )
        table.add_row(vote["value"], f"{vote['count']} ({vote['share']:.0%})", *cells, decision)
    return table
