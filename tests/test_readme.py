"""What the README promises, checked against the code: its option tables are the ones the
options' declarations write (scripts/option_tables.py) and name every option of ``ask`` once;
every link to a page of docs/ finds it; and every part its package layout names exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from script_modules import script
from typer.main import get_command

from verify_ask.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

option_tables = script("option_tables")


def test_the_option_tables_are_the_ones_the_declarations_write() -> None:
    stale = option_tables.stale_tables(README.read_text(encoding="utf-8"))
    assert not stale, f"stale option tables {stale}: run python scripts/option_tables.py --write"


def test_the_readme_has_every_option_table_the_declarations_name() -> None:
    named = {table for _, _, table in option_tables.declarations()}
    written = set(re.findall(r"<!-- options: (\w+) -->", README.read_text(encoding="utf-8")))
    assert named == written


def test_every_option_of_ask_has_a_row_once() -> None:
    flags = [how.flag for _, how, _ in option_tables.declarations()]
    params = [p for p in get_command(app).commands["ask"].params if p.opts[0].startswith("-")]
    assert len(flags) == len(params) == len(set(flags))


def links(page: Path) -> list[tuple[str, str]]:
    """(target file, anchor) of every relative Markdown link on the page."""
    found = re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8"))
    return [tuple(target.partition("#")[::2]) for target in found if "://" not in target]


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the page's headings."""
    headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def test_the_readme_links_every_page_of_docs() -> None:
    linked = {(README.parent / target).resolve() for target, _ in links(README)}
    for page in PAGES[1:]:
        assert page.resolve() in linked, f"{page.name} is not linked from the README"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_link_finds_its_page_and_heading(page: Path) -> None:
    for target, anchor in links(page):
        linked = (page.parent / target).resolve() if target else page
        assert linked.exists(), f"{page.name} links to {target}, which does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in anchors(linked), f"{page.name} links to {target}#{anchor}"


def test_the_package_layout_names_parts_that_exist() -> None:
    page = (ROOT / "docs" / "code.md").read_text(encoding="utf-8")
    layout = page.split("```", 2)[1]
    named = re.findall(r"^  (\S+)", layout, re.MULTILINE)
    assert len(named) >= 10
    missing = [name for name in named if not (ROOT / "verify_ask" / name).exists()]
    assert not missing, f"docs/code.md's package layout names what verify_ask/ lacks: {missing}"


def test_the_quality_table_is_the_one_the_stored_records_give() -> None:
    quality_table = script("quality_table")
    assert quality_table.main(["--check"]) == 0, "run python scripts/quality_table.py --write"


def test_the_pages_speak_of_versions_commits_and_dates_not_of_work_sessions() -> None:
    pattern = re.compile(r"\b(stop|session)s? [0-9]+", re.IGNORECASE)
    pages = [*PAGES, ROOT / "docs" / "records" / "README.md"]
    found = [
        f"{page.name}: {match.group()}"
        for page in pages
        for match in pattern.finditer(page.read_text("utf-8"))
    ]
    assert not found, found


def test_every_script_is_listed_and_cited() -> None:
    listing = (ROOT / "scripts" / "README.md").read_text("utf-8")
    cited = "\n".join(p.read_text("utf-8") for p in [*PAGES, ROOT / "docs/records/README.md"])
    tests = "\n".join(p.read_text("utf-8") for p in (ROOT / "tests").glob("*.py"))
    scripts = sorted((ROOT / "scripts").glob("*.py"))
    assert scripts
    unlisted = [s.name for s in scripts if f"`{s.name}`" not in listing]
    uncited = [s.name for s in scripts if f"scripts/{s.name}" not in cited + tests]
    assert not unlisted, f"scripts/README.md does not list {unlisted}"
    assert not uncited, f"no page or test names {uncited}"


def test_the_reference_pages_stay_short() -> None:
    assert len(README.read_text("utf-8").splitlines()) <= 250
    assert len((ROOT / "docs" / "eval.md").read_text("utf-8").splitlines()) <= 400


def test_every_target_of_the_reader_is_read_from_a_stored_record() -> None:
    targets = script("targets")
    rows = targets.rows()
    assert len(rows) == 13
    unread = [measure for measure, _, _, met in rows if met is None and "Reddit" not in measure]
    assert not unread, f"docs/records/ lacks what these need: {unread}"
    quality = json.loads((ROOT / "docs/records/quality.json").read_text("utf-8"))["rows"]
    squad = quality["squad_v1.1_dev"]["lockbox"]
    assert rows[0][1] == f"{squad['precision']:.3f} at {squad['coverage']:.3f}"
