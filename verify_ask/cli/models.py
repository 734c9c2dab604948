"""``verify-ask models``: the models known by name, their size and licence, and whether each
is installed."""

from __future__ import annotations

import json

import typer

from verify_ask.cli.environment import environment_of


def list_models(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list on stdout."),
) -> int:
    """List the models --model takes by name: size, licence, installed, where they come from."""
    from verify_ask.model import catalog

    env = environment_of(ctx)
    stdout = env.stdout
    cache = env.cache_dir
    rows = [
        {
            "name": model.name,
            "default": model.name == catalog.DEFAULT,
            "title": model.title,
            "bytes": model.size,
            "licence": model.licence,
            "installed": catalog.installed(model, cache),
            "source": model.source,
            "install": model.install,
        }
        for model in catalog.MODELS.values()
    ]
    if as_json:
        stdout.write(json.dumps(rows, ensure_ascii=False) + "\n")
        return 0
    width = max(len(row["name"]) for row in rows)
    for row in rows:
        state = "installed" if row["installed"] else f"not installed: {row['install']}"
        default = " (default)" if row["default"] else ""
        stdout.write(
            f"{row['name']:<{width}}  {row['bytes'] / 1e6:>6,.0f} MB  {row['licence']:<18}  "
            f"{state}{default}\n"
        )
    return 0
