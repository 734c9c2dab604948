"""The README's option tables, written from the options' declarations.

Each table sits between ``<!-- options: NAME -->`` and ``<!-- /options -->`` and holds the
options of ``verify-ask ask`` in that table (their owner's, unless ``Option.table`` names
another), in the order ``--help`` lists them. A row's text is the declaration's help, its
default the declared value or ``default_in_words``; flags and 'quoted' names become code, and
``doc`` a link.

    python scripts/option_tables.py          # exit 1 if the README's tables are stale
    python scripts/option_tables.py --write  # rewrite them

tests/test_readme.py runs ``stale_tables``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parent.parent / "README.md"
TABLE = re.compile(r"(<!-- options: (\w+) -->\n)(.*?)(<!-- /options -->)", re.DOTALL)
HEADER = "| option | default | meaning |\n|---|---|---|\n"


def declarations() -> list[tuple[Any, Any, str]]:
    """(field, declaration, table) of every option of ``ask``, in the order ``--help`` lists
    them: an option sits in its owner's table unless its declaration names another."""
    from typer.main import get_command

    from verify_ask.cli.app import app
    from verify_ask.cli.ask_options import AskBatchOptions, AskOptions
    from verify_ask.cli.options import CHECKER_OPTIONS, AnyCheckerOption, BackendOptions
    from verify_ask.declaration import declared
    from verify_ask.settings import Settings

    owners = [(AskOptions, "run"), (AskBatchOptions, "batch"), (BackendOptions, "http")]
    owners += [(Settings, "run")]
    owners += [(owner, "checkers") for owner in (*CHECKER_OPTIONS, AnyCheckerOption)]
    by_param = {}
    for owner, table in owners:
        for field_, how in declared(owner):
            if how.param:
                by_param.setdefault(how.param, (field_, how, how.table or table))
    ask = get_command(app).commands["ask"]  # type: ignore[attr-defined]
    return [by_param[param.name] for param in ask.params if param.name in by_param]


def code(text: str) -> str:
    """Markdown for plain help: 'quoted' names and flags as code, outside code already."""
    text = re.sub(r"(?<![\w`])'([^'\n]+?)'(?![\w])", r"`\1`", text)
    parts = text.split("`")
    parts[::2] = [
        re.sub(r"(?<![\w-])(--?[a-z][a-z-]*(?:/--[a-z-]+)?)(?![\w-])", r"`\1`", part)
        for part in parts[::2]
    ]
    return "`".join(parts)


def meaning(how: Any) -> str:
    text = how.help.removesuffix(".")
    if text[:2].istitle():  # "The source", not "GGUF"
        text = text[0].lower() + text[1:]
    text = code(text)
    envvars = (how.envvar,) if isinstance(how.envvar, str) else how.envvar or ()
    if envvars:
        text += "; also " + ", then ".join(f"`{name}`" for name in envvars)
    if how.doc:
        label, link = how.doc
        text += f" ([{label}]({link}))"
    return text


def shown_default(field_: Any, how: Any) -> str:
    from verify_ask.declaration import default_of

    if how.default_in_words:
        return code(how.default_in_words)
    value = default_of(field_)
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() else str(value)
    if isinstance(value, str):
        return f"`{value}`"
    return "—"


def row(field_: Any, how: Any) -> str:
    names = f"`{how.flag} {how.metavar}`" if how.metavar else f"`{how.flag}`"
    if how.short:
        names += f", `{how.short}`"
    return f"| {names} | {shown_default(field_, how)} | {meaning(how)} |\n"


def table(name: str) -> str:
    return HEADER + "".join(row(f, how) for f, how, in_table in declarations() if in_table == name)


def rewritten(readme: str) -> str:
    """The README with each option table written afresh from the declarations."""
    return TABLE.sub(lambda m: m.group(1) + table(m.group(2)) + m.group(4), readme)


def stale_tables(readme: str) -> list[str]:
    """The names of the README's option tables that the declarations would write otherwise."""
    return [m.group(2) for m in TABLE.finditer(readme) if m.group(3) != table(m.group(2))]


def main(argv: list[str]) -> int:
    readme = README.read_text(encoding="utf-8")
    if "--write" in argv:
        README.write_text(rewritten(readme), encoding="utf-8")
        return 0
    stale = stale_tables(readme)
    if stale:
        print(
            f"stale option tables: {', '.join(stale)}; run python scripts/option_tables.py --write",
            file=sys.stderr,
        )
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
