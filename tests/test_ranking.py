"""The model's ranking of the source's figures, and how it backs an answer (no model here:
scores come from a fake scorer; tests/test_scoring.py scores with the real model)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal

import pytest

from verify_ask.candidates import Sample
from verify_ask.checkers import CheckContext, registry
from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.evaluation.runner import Scored, restore
from verify_ask.language.question import analyze_question
from verify_ask.model.backends.base import Score
from verify_ask.model.ranking import MAX_OPTIONS, UNKNOWN, Option, Ranking, option_mentions, rank
from verify_ask.pipeline import Outcome, Settings, judge_samples, read_answer
from verify_ask.text.source import Source
from verify_ask.values import Quantity

TEXT = (
    "OrigoTech was founded on 14 March 2009 by two engineers. "
    "The company now employs 312 people in three countries. "
    "Its revenue reached €48.2 million in 2023, up from €39.5 million in 2022."
)
EMPLOY = "How many people does OrigoTech employ?"


def num(text: str) -> Quantity:
    return Quantity(Decimal(text), None)


def fake_scorer(logprobs: dict[str, float], calls: list[list[str]] | None = None):
    """Log-probabilities by answer text; anything else is unlikely."""

    def score(prompt: str, answers: Sequence[str]) -> list[Score]:
        if calls is not None:
            calls.append(list(answers))
        return [Score(logprobs.get(a.strip(), -20.0), 3) for a in answers]

    return score


def ranking_of(pairs: dict[str, float], question: str = EMPLOY) -> Ranking:
    ranked = rank(fake_scorer(pairs), "prompt", analyze_question(question), Source(TEXT))
    assert ranked is not None
    return ranked


def test_options_are_the_figures_of_the_asked_kind_scored_as_whole_answer_lines() -> None:
    calls: list[list[str]] = []
    question = analyze_question(EMPLOY)
    ranking = rank(fake_scorer({}, calls), "prompt", question, Source(TEXT))
    assert ranking is not None
    # Numbers only (the question asks "how many"), near the question's words; "unknown" last.
    texts = [o.text for o in ranking.options]
    assert "14 March 2009" not in texts
    assert {"312", "three"} <= set(texts)
    assert "€39.5 million" not in texts  # a clause away from "employ" and "people"
    assert texts[-1] == UNKNOWN and ranking.options[-1].value is None
    assert calls == [[f" {t}\n" for t in texts]]


def test_shares_are_a_softmax_and_a_value_sums_its_wordings() -> None:
    ranking = Ranking(
        (
            Option("5.5 million", num("5500000"), math.log(0.2), 4),
            Option("5,500,000", num("5500000"), math.log(0.2), 9),
            Option("7,000,000", num("7000000"), math.log(0.4), 9),
            Option(UNKNOWN, None, math.log(0.2), 2),
        )
    )
    assert sum(ranking.shares()) == pytest.approx(1.0)
    assert ranking.share(num("5500000")) == pytest.approx(0.4)
    assert ranking.share(num("7000000")) == pytest.approx(0.4)
    assert ranking.share(num("12")) == 0.0
    assert ranking.unknown_share() == pytest.approx(0.2)


def test_ranking_survives_its_json() -> None:
    question = analyze_question(EMPLOY)
    ranking = ranking_of({"312": -1.0, "three": -2.5, UNKNOWN: -3.0})
    restored = Ranking.from_json(ranking.to_json(), question)
    assert [o.text for o in restored.options] == [o.text for o in ranking.options]
    assert restored.share(num("312")) == pytest.approx(ranking.share(num("312")))
    assert [item["share"] for item in ranking.to_json()][:2] == [
        round(s, 4) for s in ranking.shares()[:2]
    ]


def test_stored_options_that_no_longer_read_as_a_value_are_dropped() -> None:
    stored = [
        {"text": "312", "logprob": -1.0, "tokens": 4},
        {"text": "n/a", "logprob": -2.0, "tokens": 3},  # written by an older reader, say
        {"text": UNKNOWN, "logprob": -3.0, "tokens": 2},
    ]
    ranking = Ranking.from_json(stored, analyze_question(EMPLOY))
    # "n/a" is no option, and not a second "unknown" either.
    assert [o.text for o in ranking.options] == ["312", UNKNOWN]
    assert ranking.unknown_share() == pytest.approx(1 / (1 + math.e**2))


def test_no_ranking_when_the_source_offers_no_figure_of_the_kind() -> None:
    source = Source("OrigoTech makes sensors in Lisbon. It was founded by two engineers.")
    question = analyze_question("When was OrigoTech founded?")
    assert rank(fake_scorer({}), "prompt", question, source) is None


def test_options_stay_within_the_passages_read_and_under_the_cap() -> None:
    question = analyze_question(EMPLOY)
    source = Source(TEXT)
    second = TEXT.index("The company")
    third = TEXT.index("Its revenue")
    inside = option_mentions(question, source, [(second, third)])
    assert [m.surface for m in inside] == ["312", "three"]
    many = Source(" ".join(f"Plant {i} employs {100 + i} people." for i in range(40)))
    capped = option_mentions(analyze_question("How many people does plant 7 employ?"), many)
    assert len(capped) == MAX_OPTIONS
    assert "107" in [m.surface for m in capped]  # the best placed are kept


def judged(pairs: dict[str, float], sample_texts: list[str], **settings: float):
    question = analyze_question(EMPLOY)
    source = Source(TEXT)
    samples = tuple(read_answer(t, question, i) for i, t in enumerate(sample_texts))
    ranking = rank(fake_scorer(pairs), "prompt", question, source)
    return judge_samples(question, source, samples, Settings(**settings), ranking)


def by_value(judgements, number: str):
    return next(j for j in judgements if j.candidate.value == num(number))


def test_a_figure_the_model_ranks_high_is_accepted_on_one_vote() -> None:
    judgements = judged(
        {"312": -0.5, "three": -4.0, UNKNOWN: -3.0}, ["312", "40", "41", "42", "43"]
    )
    chosen = by_value(judgements, "312")
    checks = {c.checker: c for c in chosen.checks}
    assert checks["vote"].verdict == "fail" and checks["rank"].verdict == "pass"
    assert chosen.accepted, chosen.reason


def test_a_figure_neither_voted_nor_ranked_is_refused_naming_both() -> None:
    without_reader = ("span", "arithmetic", "comparison", "vote", "rank")
    judgements = judged(
        {"312": -5.0, "three": -0.5, UNKNOWN: -1.0}, ["312", "40", "41", "42", "43"],
        checks=without_reader,
    )  # fmt: skip
    chosen = by_value(judgements, "312")
    assert not chosen.accepted and chosen.refused_at == "confidence"
    # The reader reads "312 people" as the answer: its rescue outweighs the model's doubt.
    read = by_value(judged({"312": -5.0, "three": -0.5, UNKNOWN: -1.0},
                           ["312", "40", "41", "42", "43"]), "312")  # fmt: skip
    features = dict(read.features)
    assert read.accepted and features["reader.refused"] > 0.5 and features["vote.share"] < 0.3
    # The hand rules name both support checkers; the fitted decision weighs them.
    ruled = by_value(
        judged({"312": -5.0, "three": -0.5, UNKNOWN: -1.0}, ["312", "40", "41", "42", "43"],
               decision="rules"),  # fmt: skip
        "312",
    )
    assert ruled.reason == "failed vote, rank"


def test_a_ranked_figure_no_sample_wrote_is_proposed_and_judged() -> None:
    judgements = judged({"312": -0.2, UNKNOWN: -4.0}, ["40", "41", "42"])
    proposed = by_value(judgements, "312")
    assert proposed.candidate.votes == 0 and proposed.candidate.surface == "312"
    assert proposed.accepted, proposed.reason
    # Under the share threshold it is not proposed at all.
    fewer = judged({"312": -0.2, UNKNOWN: -4.0}, ["40", "41", "42"], min_share=0.999)
    assert all(j.candidate.value != num("312") for j in fewer)


def test_rank_skips_without_a_ranking_and_vote_decides_alone() -> None:
    question = analyze_question(EMPLOY)
    source = Source(TEXT)
    samples = tuple(read_answer("312", question, i) for i in range(5))
    judgements = judge_samples(question, source, samples, Settings())
    checks = {c.checker: c.verdict for c in judgements[0].checks}
    assert checks["rank"] == "skip" and checks["vote"] == "pass"
    assert judgements[0].accepted


def test_the_rank_checker_states_the_share_it_needed() -> None:
    question = analyze_question(EMPLOY)
    ranking = ranking_of({"312": -1.0, "three": -1.0, UNKNOWN: -30.0})
    candidates = judge_samples(question, Source(TEXT), (), Settings(min_share=0.4), ranking)
    assert candidates, "figures the model ranks high are proposed"
    context = CheckContext(question, Source(TEXT), (), 10, {"min_share": 0.6}, ranking)
    result = registry.get("rank").check(candidates[0].candidate, context)
    assert result.verdict == "fail" and result.support
    assert "needs 60%" in result.detail and "50%" in result.detail


def test_eval_resume_rejudges_with_the_stored_ranking() -> None:
    record = EvalRecord(
        id="r1", dataset="d", question=EMPLOY, source=TEXT, answers=("312",), kind="number"
    )
    question = analyze_question(EMPLOY)
    source = Source(TEXT)
    samples = tuple(read_answer(t, question, i) for i, t in enumerate(["40", "41", "42"]))
    ranking = rank(fake_scorer({"312": -0.2, UNKNOWN: -4.0}), "p", question, source)
    judgements = judge_samples(question, source, samples, Settings(), ranking)
    chosen = next(j for j in judgements if j.accepted)
    greedy = Sample("40", None, num("40"))
    outcome = Outcome(question, "extract", greedy, samples, judgements, chosen, ranking=ranking)
    line = Scored(record, outcome, 1.0, None, None).to_json()
    assert line["verified"] == "312" and line["ranking"]
    again = restore(line, record, Settings())
    assert again.outcome.chosen is not None
    assert again.outcome.chosen.candidate.value == num("312")
    without = restore(line | {"ranking": None}, record, Settings())
    assert without.outcome.chosen is None
