"""``verify-ask rules``: every rule of the span checker, by id, in the order they are read."""

from __future__ import annotations

import json

import typer

from verify_ask.cli.environment import environment_of


def list_rules(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list on stdout."),
) -> int:
    """List the span checker's rules in the order it reads them: id, name, stage, and what
    makes it refuse an answer.

    Stage by stage (question, mention, place, rival), by id in a stage: the first refusal decides.

    Any rule but a guarantee can be switched off with --ignore-rule ID.
    """
    from verify_ask.rules import STAGES, all_rules

    stdout = environment_of(ctx).stdout
    rules = all_rules()
    if as_json:
        stdout.write(json.dumps([r.to_json() for r in rules], ensure_ascii=False) + "\n")
        return 0
    width = max(len(r.name) for r in rules)
    stage_width = max(len(stage) for stage in STAGES)
    for found in rules:
        hard = "guarantee" if found.hard else ""
        stdout.write(f"{found.id}  {found.name:<{width}}  {found.stage:<{stage_width}}  "
                     f"{hard:<9}  {found.description}\n")  # fmt: skip
    return 0
