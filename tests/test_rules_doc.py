"""docs/rules.md is written by scripts/rule_ablation.py from the registry: it cannot drift."""

from __future__ import annotations

from pathlib import Path

from verify_ask.rules import all_rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def test_the_rules_page_lists_every_rule_as_the_registry_describes_it() -> None:
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if line.startswith("| S")
    ]
    assert [row[:4] for row in rows] == [
        [r.id, r.name, r.stage, r.description] for r in all_rules()
    ], "regenerate docs/rules.md with scripts/rule_ablation.py"


def test_every_rule_that_can_be_switched_off_has_its_measured_worth() -> None:
    rows = {
        cells[0].strip(): cells[4:]
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if line.startswith("| S")
        for cells in [line.strip().strip("|").split("|")]
    }
    for rule in all_rules():
        cells = [cell.strip() for cell in rows[rule.id]]
        if rule.hard:
            assert set(cells) == {"guarantee"}
        else:
            assert all(cell.lstrip("-").isdigit() for cell in cells), rule.code


def test_every_row_has_a_cell_under_each_column() -> None:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    header = next(line for line in lines if line.startswith("| id |"))
    width = header.count("|")
    assert [
        line.split()[1] for line in lines if line.startswith("| S") and line.count("|") != width
    ] == []
