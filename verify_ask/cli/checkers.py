"""``verify-ask checkers``: every checker this installation knows, plugins included."""

from __future__ import annotations

import json

import typer

from verify_ask.cli.environment import environment_of


def list_checkers(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list on stdout."),
) -> int:
    """List the available checkers: name, whether it runs by default, what it checks."""
    from verify_ask.checkers import registry

    stdout = environment_of(ctx).stdout
    checkers = registry.available()
    defaults = registry.default_names()
    # Those that run by default in the order their verdicts are shown, then the rest by name.
    names = [*defaults, *sorted(set(checkers) - set(defaults))]
    rows = [
        {
            "name": name,
            "default": name in defaults,
            "description": str(getattr(checkers[name], "description", "")),
        }
        for name in names
    ]
    if as_json:
        stdout.write(json.dumps(rows, ensure_ascii=False) + "\n")
        return 0
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        when = "default" if row["default"] else "on request"
        stdout.write(f"{row['name']:<{width}}  {when:<10}  {row['description']}\n")
    return 0
