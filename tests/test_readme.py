"""What the README promises, checked against the code: every option of ``ask`` in its option
tables, with the short flag and the default that its declaration gives; every link to a page
of docs/; and every part its package layout names."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from typer.main import get_command

from verify_ask.checkers import registry
from verify_ask.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

RUNTIME_DEFAULTS = {"--check": lambda: ", ".join(registry.default_names())}
"""Defaults the code computes when the option is not given, and what the README shows."""


def option_cells() -> list[tuple[str, str]]:
    """(option cell, default cell) of every row of the README's option tables."""
    rows = []
    for line in README.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) == 3 and re.match(r"`--[a-z-]+", cells[0]):
            rows.append((cells[0], cells[1]))
    return rows


def option_rows() -> list[tuple[str, str]]:
    """(option, default cell) of every row of the README's option tables."""
    return [(re.match(r"`(--[a-z-]+)", names).group(1), shown) for names, shown in option_cells()]


def ask_options() -> dict[str, tuple[object, bool]]:
    """Each option of ``verify-ask ask`` -> (its default, whether the name negates a flag)."""
    options = {}
    for param in get_command(app).commands["ask"].params:
        options.update({name: (param.default, False) for name in param.opts})
        options.update({name: (param.default, True) for name in param.secondary_opts})
    return options


def ask_params() -> list[click.Parameter]:
    return [p for p in get_command(app).commands["ask"].params if p.opts[0].startswith("-")]


def test_the_option_tables_name_every_option_of_ask() -> None:
    shown = set(re.findall(r"--[a-z-]+", " ".join(names for names, _ in option_cells())))
    missing = [p for p in ask_params() if not shown & {*p.opts, *p.secondary_opts}]
    rows = [f"| `{p.opts[0]}` | {p.default} | {p.help} |" for p in missing]
    assert not missing, "rows the README's option tables lack:\n" + "\n".join(rows)


def test_the_option_tables_give_the_short_flags_the_code_has() -> None:
    shorts: dict[str, set[str]] = {}
    for param in ask_params():
        short = {name for name in param.opts if not name.startswith("--")}
        shorts.update({name: short for name in (*param.opts, *param.secondary_opts)})
    for names, _ in option_cells():
        long = re.match(r"`(--[a-z-]+)", names).group(1)
        assert set(re.findall(r"`(-[a-z])`", names)) == shorts[long], names


def test_the_option_tables_name_each_option_once() -> None:
    names = [name for name, _ in option_rows()]
    assert len(names) >= 20
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


@pytest.mark.parametrize(("name", "shown"), option_rows(), ids=[n for n, _ in option_rows()])
def test_the_readme_shows_the_default_the_code_has(name: str, shown: str) -> None:
    options = ask_options()
    assert name in options, f"{name} is not an option of verify-ask ask"
    default, negated = options[name]
    if name in RUNTIME_DEFAULTS:
        assert default is None and shown == RUNTIME_DEFAULTS[name](), (name, shown)
    elif isinstance(default, bool):
        assert shown == ("on" if default != negated else "off"), (name, default, shown)
    elif isinstance(default, (int, float)):
        assert float(shown.replace(",", "")) == default, (name, default, shown)
    elif isinstance(default, str):
        assert shown == f"`{default}`", (name, default, shown)
    elif shown != "—":  # in words: a default chosen when the run starts ("bundled Gemma 3 270M")
        assert default is None and not re.fullmatch(r"[\d.,]+", shown), (name, default, shown)


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
