"""What one run of the pipeline is asked to do, and the check that it makes sense.

Its fields are the run-wide options, each declared once (``verify_ask.declaration.option``):
its flag, default, help, range and README row. The CLI builds its parameters from these
declarations. Those a checker reads as well (``--min-relevance``, ``--ignore-rule``, ...) are
declared below both, in ``verify_ask.run_options``.

Kept apart from the pipeline and the checkers: the checkers, the
rules, the decision weights and the prompts are imported only when the settings are
validated, so reading ``Settings`` pulls in none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from verify_ask import defaults, run_options
from verify_ask.declaration import declared, option

DECISIONS = ("fitted", "rules")


@dataclass(frozen=True)
class Settings:
    samples: int = option(
        defaults.SAMPLES,
        "--samples",
        "Samples drawn besides the greedy answer; sample i uses seed + i.",
        short="-n",
        within=(1, 256),
        metavar="N",
    )
    temperature: float = option(
        defaults.TEMPERATURE, "--temperature", "Sampling temperature.", short="-t", within=(0, 2)
    )
    seed: int = option(0, "--seed", "Same seed, same output.")
    max_tokens: int = option(32, "--max-tokens", "The longest answer, in tokens.", at_least=1)
    checks: tuple[str, ...] = option(
        (),
        "--check",
        "Checkers to run (repeatable); `verify-ask checkers` lists them.",
        short="-c",
        multiple=True,
        metavar="NAME",
        default_in_words="every built-in that needs no options",
    )
    """Checker names; empty means every built-in that runs by default."""
    min_agree: float = run_options.min_agree()
    min_share: float = run_options.min_share()
    min_relevance: float = run_options.min_relevance()
    ignore_rules: tuple[str, ...] = run_options.ignore_rules()
    """Ids of the span checker's rules switched off (``--ignore-rule``)."""
    decision: str = option(
        defaults.DECISION,
        "--decision",
        "'fitted': weigh each candidate's named evidence into a probability (shipped "
        "weights); 'rules': every hand rule must pass.",
        one_of=DECISIONS,
    )
    """"fitted": the probability the shipped weights give a candidate decides
    (``verify_ask.decision.confidence``); "rules": every hand rule must pass."""
    min_confidence: float | None = option(
        None,
        "--min-confidence",
        "The probability a 'fitted' decision needs to answer; the weights' own is chosen for "
        "precision 0.95 out of fold.",
        within=(0, 1),
        default_in_words="the weights' own",
    )
    """The probability a fitted decision needs; None means the weights' own default."""
    weights: str | None = option(
        None,
        "--weights",
        "Decision weights written by `verify-ask eval --fit FILE`.",
        metavar="FILE",
        default_in_words="the shipped ones",
    )
    """A weights file written by ``verify-ask eval --fit``; None means the shipped one."""
    prompt: str | None = option(
        None,
        "--prompt",
        "A completion prompt file with '{source}' and '{question}' placeholders, or a built-in "
        "by name: 'extract', 'derive', 'quote' (cites its source; runs the 'quote' checker).",
        table="checkers",
        metavar="FILE",
        default_in_words="built-in",
    )
    verifier: str | None = option(
        None,
        "--verifier",
        "A larger model (name or GGUF) that reads the answer's evidence, the figure's sentence "
        "and the one before, and answers itself; where it answers otherwise, verify-ask "
        "abstains.",
        metavar="MODEL",
        doc=("how", "docs/eval.md#a-larger-reader"),
    )
    """A larger model (by name or path) that reads the verified answer's evidence and
    answers the question itself; where it answers otherwise, verify-ask abstains."""
    max_source_chars: int = option(
        defaults.MAX_SOURCE_CHARS,
        "--max-source-chars",
        "Sources longer than this are read by their best passages (BM25 and dense, fused).",
    )
    """Longer sources are read as their best passages (``passages`` of them)."""
    passages: int = option(
        defaults.PASSAGES,
        "--passages",
        "How many passages the model reads from a long source.",
        at_least=1,
    )
    check_options: tuple[tuple[str, object], ...] = ()
    """The values of options that checkers declare (``--choices``, ``--pattern``, a
    plugin's ``--check-option NAME=VALUE``) by field name, in the order given. Settings
    names none of them: ``Settings(pattern=...)`` files a keyword it has no field for here,
    and ``option_values`` hands them on; ``validate`` refuses a name no checker declares."""

    def validate(self) -> None:
        for field_, how in declared(Settings):
            how.check(getattr(self, field_.name))
        from verify_ask.checkers import registry

        for name in self.checks:
            registry.get(name)
        run_options.ignorable(self.ignore_rules)
        if self.decision == "fitted":
            from verify_ask.decision.confidence import load

            load(self.weights)
        if self.verifier is not None:
            from verify_ask.model.backends.model_file import resolve_model

            resolve_model(self.verifier)  # a missing verifier fails before the sampler loads
        from verify_ask.model import prompts

        if self.prompt is not None and self.prompt not in prompts.BUILTINS:
            prompts.from_file(self.prompt)  # a bad prompt file fails before the model loads
        from verify_ask.checkers.options import check_option_names, validate_options

        check_option_names(tuple(name for name, _ in self.check_options))
        validate_options(self.option_values(), self.checks)

    def option_values(self) -> dict[str, object]:
        """Every value a checker may declare an option for, by name: the run-wide settings
        (thresholds that records and evaluations read too) and the checkers' own options.
        A checker takes the ones its declaration names (``CheckContext.options_for``)."""
        values: dict[str, object] = {
            f.name: getattr(self, f.name) for f in fields(self) if f.name != "check_options"
        }
        return {**values, **dict(self.check_options)}

    def checker_names(self) -> tuple[str, ...]:
        from verify_ask.checkers import registry
        from verify_ask.checkers.options import enabled_by

        names = self.checks or registry.default_names()
        # Giving a checker's option (--choices, --pattern, --check-command) asks for that
        # checker on top of the others, as does --prompt quote.
        asked = enabled_by(dict(self.check_options)) + (
            ("quote",) if self.prompt == "quote" else ()
        )
        return names + tuple(dict.fromkeys(n for n in asked if n not in names))


_FIELDS = frozenset(f.name for f in fields(Settings))
_init = Settings.__init__


def _init_with_options(self: Settings, *args: object, **given: object) -> None:
    """``Settings(choices=("a",))``: a keyword that is no field here is a checker's option."""
    named = {k: given.pop(k) for k in list(given) if k not in _FIELDS}
    if named:
        earlier = dict(given.get("check_options", ()))  # type: ignore[call-overload]
        given["check_options"] = tuple({**earlier, **named}.items())
    _init(self, *args, **given)  # type: ignore[arg-type]


Settings.__init__ = _init_with_options  # type: ignore[method-assign]
