"""One question against one source: sample, normalize, check, decide."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from verify_ask.candidates import Candidate, Sample, group_samples
from verify_ask.checkers import CheckContext, registry
from verify_ask.decision import Judgement, answer_of, judge, weigh
from verify_ask.language.places import places_of
from verify_ask.language.question import Question, analyze_question
from verify_ask.model import prompts
from verify_ask.model.backends.base import Backend, SampleRequest
from verify_ask.model.prompts.answers import split_quote
from verify_ask.model.ranking import Ranking, rank
from verify_ask.settings import Settings
from verify_ask.text.passages import Passage, passage_index_of, passage_text
from verify_ask.text.source import Source
from verify_ask.values import same_value

if TYPE_CHECKING:
    from verify_ask.verifier import Reading


@dataclass(frozen=True)
class Outcome:
    question: Question
    prompt_name: str
    greedy: Sample
    samples: tuple[Sample, ...]
    judgements: tuple[Judgement, ...]
    chosen: Judgement | None
    timings: dict[str, object] = field(default_factory=dict)
    """Seconds per phase; with the local backend also ``prefill_s``, ``decode_s`` and a
    ``decode`` block (the head used, steps, logit rows, drafted tokens proposed and kept)."""
    passages: tuple[Passage, ...] = ()
    """The passages the model read, when the source was too long to read whole."""
    ranking: Ranking | None = None
    """The model's scores for the figures the source offers (``verify_ask.model.ranking``)."""
    unread: str | None = None
    """Why the model was not asked at all (no passage is about the question)."""
    verification: Reading | None = None
    """The verifier's reading of the answer's evidence (``--verifier``), when one ran."""
    withdrawn: Judgement | None = None
    """The answer the verifier read otherwise, withdrawn (verify-ask abstained)."""

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
        passages = tuple(passage_index_of(source).best(question.asked, settings.passages))
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
    decoded = _decode_timings(backend)

    greedy = read_answer(completions[0].text, question, None, completions[0].tokens)
    samples = tuple(
        read_answer(c.text, question, r.seed, c.tokens)
        for c, r in zip(completions[1:], requests[1:], strict=True)
    )
    ranking = _ranking(backend, prompt, question, source, passages, settings)
    ranked = time.perf_counter()
    judgements = judge_samples(question, source, samples, settings, ranking, greedy)
    checked = time.perf_counter()
    outcome = Outcome(
        question=question,
        prompt_name=template.name,
        greedy=greedy,
        samples=samples,
        judgements=judgements,
        chosen=answer_of(judgements, question, source),
        timings={
            "generate_s": round(generated - started, 3),
            **decoded,
            "rank_s": round(ranked - generated, 3),
            "check_s": round(checked - ranked, 3),
        },
        passages=passages,
        ranking=ranking,
    )
    if settings.verifier is None or outcome.chosen is None:
        return outcome
    return verified_by(outcome, source, settings.verifier)


def verified_by(outcome: Outcome, source: Source, model: str) -> Outcome:
    """The outcome after the verifier read the chosen answer's evidence: kept where it gives
    the same value, withdrawn (an abstention) where it answers otherwise."""
    from verify_ask.verifier import verifier_for

    assert outcome.chosen is not None
    reading = verifier_for(model).read(outcome.question, source, outcome.chosen)
    if reading is None:
        return outcome
    read = replace(
        outcome,
        verification=reading,
        timings={**outcome.timings, "verify_s": round(reading.seconds, 3)},
    )
    return read if reading.agrees else replace(read, chosen=None, withdrawn=outcome.chosen)


def _decode_timings(backend: Backend) -> dict[str, object]:
    """What the local backend measured of its last generation; nothing for other backends."""
    stats = getattr(backend, "last_stats", None)
    if stats is None:
        return {}
    summary = stats.summary()
    return {
        "prefill_s": summary["prefill_s"],
        "decode_s": summary["decode_s"],
        "decode": {
            key: summary[key]
            for key in ("head", "prefill_tokens", "steps", "rows", "drafted", "accepted")
        },
    }


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
    absent = [n for n in question.names if not places_of(source).name_sentences(question, n)]
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
        settings=settings.option_values(),  # each checker takes its own: options_for
        ranking=ranking,
    )
    checkers = [registry.get(name) for name in settings.checker_names()]
    judgements = tuple(
        judge(c, tuple(checker.check(c, context) for checker in checkers), question)
        for c in candidates
    )
    if settings.decision != "fitted":
        return judgements
    from verify_ask.decision.confidence import Pool, load

    model = load(settings.weights)
    pool = Pool(question, candidates, len(samples), greedy, ranking, source)
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
    from verify_ask.text.expression import split_derivation
    from verify_ask.text.normalize import parse_value

    answer, quote = split_quote(text.strip())
    derivation = None
    result_text = answer
    split = split_derivation(answer)
    if split is not None:
        derivation, result_text = split
    value = parse_value(result_text, expect=question.expects)
    return Sample(answer, seed, value, derivation, tokens, quote)
