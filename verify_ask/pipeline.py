"""One question against one source: sample, normalize, check, decide."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from verify_ask import defaults, prompts
from verify_ask.backends.base import Backend, SampleRequest
from verify_ask.candidates import Candidate, Sample, group_samples
from verify_ask.checkers import CheckContext, registry
from verify_ask.decision import Judgement, decide, judge, weigh
from verify_ask.errors import UsageError
from verify_ask.passages import Passage, passage_text
from verify_ask.question import Question, analyze_question
from verify_ask.ranking import Ranking, rank
from verify_ask.source import Source
from verify_ask.values import same_value

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
    (``verify_ask.confidence``); "rules": every hand rule must pass."""
    min_confidence: float | None = None
    """The probability a fitted decision needs; None means the weights' own default."""
    weights: str | None = None
    """A weights file written by ``verify-ask eval --fit``; None means the shipped one."""
    prompt: str | None = None
    max_source_chars: int = defaults.MAX_SOURCE_CHARS
    """Longer sources are read as their best passages (``passages`` of them)."""
    passages: int = defaults.PASSAGES
    choices: tuple[str, ...] = ()
    """Allowed answers; giving any enables the ``choices`` checker."""
    pattern: str | None = None
    """A regular expression the answer must match; enables the ``pattern`` checker."""
    command: str | None = None
    """A command that judges each candidate by its exit status; enables ``command``."""
    check_timeout: float = 10.0
    quote_threshold: float = 90.0
    """How closely (0-100) a sample's quote must match the source for ``quote``."""

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
            from verify_ask.confidence import load

            load(self.weights)
        if self.prompt is not None and self.prompt not in prompts.BUILTINS:
            prompts.from_file(self.prompt)  # a bad prompt file fails before the model loads
        from verify_ask.checkers.options import validate_options

        validate_options(self)

    def checker_names(self) -> tuple[str, ...]:
        names = self.checks or registry.default_names()
        # Giving a checker's option (--choices, --pattern, --check-command, --prompt quote)
        # asks for that checker on top of the others.
        asked = {
            "choices": self.choices,
            "pattern": self.pattern,
            "command": self.command,
            "quote": self.prompt == "quote",
        }
        return names + tuple(n for n, given in asked.items() if given and n not in names)


@dataclass(frozen=True)
class Outcome:
    question: Question
    prompt_name: str
    greedy: Sample
    samples: tuple[Sample, ...]
    judgements: tuple[Judgement, ...]
    chosen: Judgement | None
    timings: dict[str, float] = field(default_factory=dict)
    passages: tuple[Passage, ...] = ()
    """The passages the model read, when the source was too long to read whole."""
    ranking: Ranking | None = None
    """The model's scores for the figures the source offers (``verify_ask.ranking``)."""
    unread: str | None = None
    """Why the model was not asked at all (no passage is about the question)."""

    @property
    def status(self) -> str:
        return "verified" if self.chosen is not None else "abstained"

    @property
    def answer(self) -> Candidate | None:
        return self.chosen.candidate if self.chosen else None


def ask(question_text: str, source: Source, backend: Backend, settings: Settings) -> Outcome:
    question = analyze_question(question_text)
    template = prompts.choose(question, settings.prompt)
    passages: tuple[Passage, ...] = ()
    text = source.text
    if len(text) > settings.max_source_chars:
        passages = tuple(source.passage_index.best(question.asked, settings.passages))
        unread = _unreadable(question, source, passages)
        if unread:
            nothing = Sample("", None, None)
            return Outcome(question, template.name, nothing, (), (), None, unread=unread)
        text = passage_text(source, list(passages))
    prompt = template.render(text, question.asked)

    started = time.perf_counter()
    requests = [SampleRequest(0.0, settings.seed, settings.max_tokens)] + [
        SampleRequest(settings.temperature, settings.seed + i, settings.max_tokens)
        for i in range(settings.samples)
    ]
    completions = backend.complete(prompt, requests)
    generated = time.perf_counter()

    greedy = read_answer(completions[0].text, question, None, completions[0].tokens)
    samples = tuple(
        read_answer(c.text, question, r.seed, c.tokens)
        for c, r in zip(completions[1:], requests[1:], strict=True)
    )
    ranking = _ranking(backend, prompt, question, source, passages, settings)
    ranked = time.perf_counter()
    judgements = judge_samples(question, source, samples, settings, ranking, greedy)
    checked = time.perf_counter()
    return Outcome(
        question=question,
        prompt_name=template.name,
        greedy=greedy,
        samples=samples,
        judgements=judgements,
        chosen=decide(list(judgements)),
        timings={
            "generate_s": round(generated - started, 3),
            "rank_s": round(ranked - generated, 3),
            "check_s": round(checked - ranked, 3),
        },
        passages=passages,
        ranking=ranking,
    )


def _ranking(
    backend: Backend,
    prompt: str,
    question: Question,
    source: Source,
    passages: tuple[Passage, ...],
    settings: Settings,
) -> Ranking | None:
    """The model's scores for the source's figures, when ``rank`` runs and the backend scores."""
    score = getattr(backend, "score", None)
    if score is None or question.wants_arithmetic or "rank" not in settings.checker_names():
        return None
    return rank(score, prompt, question, source, [(p.start, p.end) for p in passages])


def _unreadable(question: Question, source: Source, passages: tuple[Passage, ...]) -> str | None:
    """Why a long source need not be read for this question, if it need not.

    The span checker rejects every figure when a name the question mentions is nowhere near
    it; when the name is nowhere in the source at all, sampling cannot help.
    """
    absent = [n for n in question.names if not source.places.name_sentences(question, n)]
    if absent:
        return f"the question names {', '.join(absent)}, which the source never mentions"
    if not passages:
        return "no passage of the source shares a word with the question"
    return None


def judge_samples(
    question: Question,
    source: Source,
    samples: tuple[Sample, ...],
    settings: Settings,
    ranking: Ranking | None = None,
    greedy: Sample | None = None,
) -> tuple[Judgement, ...]:
    """Group samples into candidates, add the figures the model ranks high that no sample
    wrote, run every selected checker on each, and judge them (no model needed)."""
    candidates = group_samples(list(samples))
    if ranking is not None:
        candidates += proposed_candidates(ranking, candidates, settings.min_share)
    context = CheckContext(
        question=question,
        source=source,
        candidates=candidates,
        total_samples=len(samples),
        settings={
            "min_agree": settings.min_agree,
            "min_share": settings.min_share,
            "min_relevance": settings.min_relevance,
            "ignore_rules": frozenset(settings.ignore_rules),
            "choices": settings.choices,
            "pattern": settings.pattern,
            "command": settings.command,
            "check_timeout": settings.check_timeout,
            "quote_threshold": settings.quote_threshold,
        },
        ranking=ranking,
    )
    checkers = [registry.get(name) for name in settings.checker_names()]
    judgements = tuple(
        judge(c, tuple(checker.check(c, context) for checker in checkers), question)
        for c in candidates
    )
    if settings.decision != "fitted":
        return judgements
    from verify_ask.confidence import Pool, load

    model = load(settings.weights)
    pool = Pool(question, candidates, len(samples), greedy, ranking)
    threshold = model.threshold if settings.min_confidence is None else settings.min_confidence
    return weigh(judgements, pool, model, threshold)


def proposed_candidates(
    ranking: Ranking, sampled: tuple[Candidate, ...], min_share: float
) -> tuple[Candidate, ...]:
    """Figures holding at least ``min_share`` of the model's belief that no sample wrote,
    most believed first: a right answer the samples scattered away from still gets judged."""
    proposed: list[tuple[float, Candidate]] = []
    for option in ranking.options:
        value = option.value
        if value is None or any(same_value(c.value, value) for c in sampled):
            continue
        if any(same_value(c.value, value) for _, c in proposed):
            continue
        share = ranking.share(value)
        if share >= min_share:
            proposed.append((share, Candidate(value, (), proposed=option.text)))
    return tuple(c for _, c in sorted(proposed, key=lambda pair: -pair[0]))


def read_answer(text: str, question: Question, seed: int | None, tokens: int = 0) -> Sample:
    """Normalize one completion: split off a quote and a derivation, then parse the value."""
    from verify_ask.checkers.quote import split_quote
    from verify_ask.expression import split_derivation
    from verify_ask.normalize import parse_value

    answer, quote = split_quote(text.strip())
    derivation = None
    result_text = answer
    split = split_derivation(answer)
    if split is not None:
        derivation, result_text = split
    value = parse_value(result_text, expect=question.expects)
    return Sample(answer, seed, value, derivation, tokens, quote)
