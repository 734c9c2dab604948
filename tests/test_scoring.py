"""Scoring answers with the real default model: the log-probabilities llama.cpp itself gives,
whether answers are scored together, apart or in several decodes."""

from __future__ import annotations

import json

import numpy as np
import pytest

from verify_ask import defaults
from verify_ask.language.question import analyze_question
from verify_ask.model import prompts
from verify_ask.model.backends.batched import BatchedBackend
from verify_ask.model.backends.scoring import continuation_tokens
from verify_ask.model.ranking import rank
from verify_ask.text.source import Source

pytestmark = pytest.mark.model

# llama.cpp's CPU kernels round a logit row differently with the shape of the batch
# (tests/test_batched_backend.py measures 0.1-0.27 on top logits), so scores computed in
# different batches agree to about this much over a whole answer, per token (measured: up
# to 0.32 over a 6-token answer against llama-cpp-python).
TOLERANCE = 0.3
PER_TOKEN = 0.1
ANSWERS = [" 14 March 2009\n", " 2015\n", " 312\n", " unknown\n"]


@pytest.fixture(scope="module")
def backend() -> BatchedBackend:
    return BatchedBackend()


@pytest.fixture(scope="module")
def prompt(example_text: str) -> str:
    return prompts.builtin("extract").render(example_text, "When was OrigoTech founded?")


def test_scores_are_llama_cpp_pythons_own_log_probabilities(
    backend: BatchedBackend, prompt: str
) -> None:
    from llama_cpp import Llama

    reference = Llama(str(backend.model_path), n_ctx=2048, logits_all=True, verbose=False)
    prompt_tokens = backend.engine.tokenize(prompt)
    for answer, score in zip(ANSWERS, backend.score(prompt, ANSWERS), strict=True):
        tokens = continuation_tokens(backend.engine, prompt_tokens, prompt, answer)
        reference.reset()
        reference.eval(prompt_tokens + tokens)
        # ``scores`` holds a row for every position of the context (n_ctx), not only the
        # evaluated ones: take the rows that predict the answer's tokens, or the float64
        # copies of 1,600 unused 1 MB rows peaked at 18 GB.
        first = len(prompt_tokens) - 1
        rows = np.asarray(reference.scores[first : first + len(tokens)], dtype=np.float64)
        assert rows.shape[0] == len(tokens)
        top = rows.max(axis=1, keepdims=True)
        log_softmax = rows - top - np.log(np.exp(rows - top).sum(axis=1, keepdims=True))
        expected = float(sum(log_softmax[i, t] for i, t in enumerate(tokens)))
        assert score.tokens == len(tokens)
        assert score.logprob == pytest.approx(expected, abs=PER_TOKEN * len(tokens)), answer
    reference.close()


def test_answers_score_the_same_together_apart_and_across_decodes(
    backend: BatchedBackend, prompt: str
) -> None:
    together = backend.score(prompt, ANSWERS)
    apart = [backend.score(prompt, [answer])[0] for answer in ANSWERS]
    # 40 answers of ~6 tokens need several decodes of at most 64 logit rows each.
    many = backend.score(prompt, ANSWERS * 10)
    for i, score in enumerate(together):
        assert score.logprob == pytest.approx(apart[i].logprob, abs=TOLERANCE)
        for again in many[i :: len(ANSWERS)]:
            assert again.logprob == pytest.approx(score.logprob, abs=TOLERANCE)
    assert together[0].logprob > max(s.logprob for s in together[1:])


def test_scoring_leaves_the_cached_prompt_usable(backend: BatchedBackend, prompt: str) -> None:
    from verify_ask.model.backends.base import SampleRequest

    before = backend.complete(prompt, [SampleRequest(0.0, 0, 16)])
    backend.score(prompt, ANSWERS)
    after = backend.complete(prompt, [SampleRequest(0.0, 0, 16)])
    assert before == after and before[0].text.strip() == "14 March 2009"


def test_the_model_ranks_the_founding_date_first(
    backend: BatchedBackend, example_text: str
) -> None:
    question = analyze_question("When was OrigoTech founded?")
    prompt = prompts.builtin("extract").render(example_text, question.text)

    ranking = rank(backend.score, prompt, question, Source(example_text))
    assert ranking is not None
    best = max(zip(ranking.options, ranking.shares(), strict=True), key=lambda pair: pair[1])
    assert best[0].text == "14 March 2009" and best[1] > 0.5


def test_the_json_record_carries_the_ranking_and_the_rank_check(example_path) -> None:
    from typer.testing import CliRunner

    from verify_ask.cli.app import app

    result = CliRunner().invoke(
        app, ["When was OrigoTech founded?", "--source", str(example_path), "--json"]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    shares = [item["share"] for item in record["ranking"]]
    assert sum(shares) == pytest.approx(1.0, abs=1e-3)
    assert record["ranking"][-1]["text"] == "unknown"
    checks = {c["checker"]: c for c in record["candidates"][0]["checks"]}
    assert checks["rank"]["verdict"] == "pass" and checks["rank"]["support"] is True
    assert record["settings"]["min_share"] == defaults.MIN_SHARE
