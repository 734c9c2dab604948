"""What one run of the pipeline is asked to do, and the check that it makes sense.

Kept apart from the pipeline and the checkers, which both read it: the checkers, the
rules, the decision weights and the prompts are imported only when the settings are
validated, so reading ``Settings`` pulls in none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from verify_ask import defaults
from verify_ask.errors import UsageError

DECISIONS = ("fitted", "rules")


@dataclass(frozen=True)
class Settings:
    samples: int = defaults.SAMPLES
    temperature: float = defaults.TEMPERATURE
    seed: int = 0
    max_tokens: int = 32
    checks: tuple[str, ...] = ()
    """Checker names; empty means every built-in that runs by default."""
    min_agree: float = defaults.MIN_AGREE
    min_share: float = defaults.MIN_SHARE
    min_relevance: float = defaults.MIN_RELEVANCE
    ignore_rules: tuple[str, ...] = ()
    """Ids of the span checker's rules switched off (``--ignore-rule``)."""
    decision: str = defaults.DECISION
    """"fitted": the probability the shipped weights give a candidate decides
    (``verify_ask.decision.confidence``); "rules": every hand rule must pass."""
    min_confidence: float | None = None
    """The probability a fitted decision needs; None means the weights' own default."""
    weights: str | None = None
    """A weights file written by ``verify-ask eval --fit``; None means the shipped one."""
    prompt: str | None = None
    verifier: str | None = None
    """A larger model (by name or path) that reads the verified answer's evidence and
    answers the question itself; where it answers otherwise, verify-ask abstains."""
    max_source_chars: int = defaults.MAX_SOURCE_CHARS
    """Longer sources are read as their best passages (``passages`` of them)."""
    passages: int = defaults.PASSAGES
    check_options: tuple[tuple[str, object], ...] = ()
    """The values of options that checkers declare (``--choices``, ``--pattern``, a
    plugin's ``--check-option NAME=VALUE``) by field name, in the order given. Settings
    names none of them: ``Settings(pattern=...)`` files a keyword it has no field for here,
    and ``option_values`` hands them on; ``validate`` refuses a name no checker declares."""

    def validate(self) -> None:
        if not 1 <= self.samples <= 256:
            raise UsageError(f"--samples must be between 1 and 256, not {self.samples}")
        if not 0.0 <= self.temperature <= 2.0:
            raise UsageError(f"--temperature must be between 0 and 2, not {self.temperature}")
        if not 0.0 <= self.min_agree <= 1.0:
            raise UsageError(f"--min-agree must be between 0 and 1, not {self.min_agree}")
        if not 0.0 <= self.min_share <= 1.0:
            raise UsageError(f"--min-share must be between 0 and 1, not {self.min_share}")
        if not 0.0 <= self.min_relevance <= 1.0:  # nan passed every place check
            raise UsageError(f"--min-relevance must be between 0 and 1, not {self.min_relevance}")
        if self.max_tokens < 1:
            raise UsageError(f"--max-tokens must be at least 1, not {self.max_tokens}")
        if self.passages < 1:
            raise UsageError(f"--passages must be at least 1, not {self.passages}")
        from verify_ask.checkers import registry

        for name in self.checks:
            registry.get(name)
        from verify_ask.rules import ignorable

        ignorable(self.ignore_rules)
        if self.decision not in DECISIONS:
            choices = ", ".join(DECISIONS)
            raise UsageError(f"--decision must be one of {choices}, not {self.decision!r}")
        if self.min_confidence is not None and not 0.0 <= self.min_confidence <= 1.0:
            raise UsageError(f"--min-confidence must be between 0 and 1, not {self.min_confidence}")
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
