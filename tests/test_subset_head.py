"""The vocabulary-subset output head: the graph stops at result_norm, logits are computed for
the prompt's answer vocabulary only, and greedy answers stay those of llama.cpp's full head."""

from __future__ import annotations

import numpy as np
import pytest

from verify_ask.model import prompts
from verify_ask.model.backends.base import SampleRequest
from verify_ask.model.backends.batched import BatchedBackend
from verify_ask.model.backends.sampling import Row, filter_candidates

GREEDY = SampleRequest(0.0, 0, 32)
LLAMA_CPP_PYTHON = "0.3.36"  # the version pyproject pins; result_norm checked on it


def render(source: str, question: str, kind: str = "extract") -> str:
    return prompts.builtin(kind).render(source, question)


@pytest.fixture(scope="module")
def questions(example_path) -> list[str]:
    path = example_path.parent / "questions.txt"
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def subset() -> BatchedBackend:
    return BatchedBackend()


@pytest.fixture(scope="module")
def full() -> BatchedBackend:
    return BatchedBackend(full_vocab=True)


def test_a_subset_row_maps_its_choices_to_token_ids() -> None:
    ids = np.array([3, 10, 42, 99])
    logits = np.array([1.0, 5.0, 5.0, 2.0], dtype=np.float32)
    row = Row(logits, ids)
    assert row.best() == 10, "first of equal maxima, by token id"
    assert list(row.candidates().ids) == list(ids[filter_candidates(logits).ids])
    assert row.logprob(42) == pytest.approx(Row(logits).logprob(2))
    assert row.logprob(7) == float("-inf")


def test_activations_are_quantized_as_ggml_does() -> None:
    from gguf import GGMLQuantizationType, dequantize, quantize

    from verify_ask.model.backends.output_head import q8_0_round_trip

    rows = np.random.default_rng(0).normal(size=(3, 640)).astype(np.float32)
    rows[1, :32] = 0.0  # an all-zero block has scale 0
    reference = dequantize(quantize(rows, GGMLQuantizationType.Q8_0), GGMLQuantizationType.Q8_0)
    # gguf rounds halves away from zero, ggml's AVX2 code to even: a rare step of one scale.
    assert np.mean(q8_0_round_trip(rows) == reference) > 0.999


@pytest.mark.model
def test_the_callback_still_finds_result_norm(subset: BatchedBackend, example_text: str) -> None:
    import llama_cpp

    subset.complete(render(example_text, "When was OrigoTech founded?"), [GREEDY])
    engine = subset.engine
    assert engine.head_refusal is None and subset.last_stats.head == "subset", (
        f"the subset head fell back to the full head ({engine.head_refusal}) on "
        f"llama-cpp-python {llama_cpp.__version__}; it was checked on {LLAMA_CPP_PYTHON}: "
        "look for the final norm's tensor name in llama.cpp's graph before moving the pin"
    )
    assert engine._tap is not None and engine._tap.seen and not engine._tap.output_ran


@pytest.mark.model
def test_subset_logits_are_llama_cpps_own(
    subset: BatchedBackend, full: BatchedBackend, example_text: str
) -> None:
    prompt = render(example_text, "How many people does OrigoTech employ?")
    _, mine = subset.trace(prompt, [GREEDY])
    _, theirs = full.trace(prompt, [GREEDY])
    ids = subset.engine._head.ids
    for history, row in mine.items():
        difference = np.abs(row.logits - theirs[history].logits[ids]).max()
        # Rounding only: without ggml's activation quantization this was 0.31.
        assert difference < 1e-3, (history, difference)


@pytest.mark.model
def test_greedy_answers_equal_the_full_heads(
    subset: BatchedBackend, full: BatchedBackend, example_text: str, questions: list[str]
) -> None:
    for kind in ("extract", "derive"):
        for question in questions:
            prompt = render(example_text, question, kind)
            assert subset.complete(prompt, [GREEDY]) == full.complete(prompt, [GREEDY]), question


@pytest.mark.model
def test_drafting_on_and_off_give_identical_greedy_text(
    example_text: str, questions: list[str]
) -> None:
    # Greedy only: llama.cpp's hidden state itself moves with the batch's shape (measured:
    # logits of one history 0.4 apart, median, between a drafted and a plain step), so a
    # sample at temperature 0.7 may draw otherwise; decoding's tests check that samples
    # keep their distribution.
    drafting, plain = BatchedBackend(draft=True), BatchedBackend(draft=False)
    drafted = 0
    for kind in ("extract", "derive"):
        for question in questions:
            prompt = render(example_text, question, kind)
            assert drafting.complete(prompt, [GREEDY]) == plain.complete(prompt, [GREEDY]), question
            drafted += drafting.last_stats.accepted
    assert drafted > 20, "copied answers are drafted"


@pytest.mark.model
def test_drafting_keeps_the_greedy_answer_beside_samples(
    example_text: str, questions: list[str]
) -> None:
    # The default question: greedy + 10 samples, where only a lone history drafts (the
    # first tokens, while every sample agrees, and the last one left).
    requests = [GREEDY] + [SampleRequest(0.5, seed, 32) for seed in range(1, 11)]
    drafting, plain = BatchedBackend(draft=True), BatchedBackend(draft=False)
    drafted = 0
    for question in questions:
        prompt = render(example_text, question)
        answers = drafting.complete(prompt, requests)
        assert answers[0] == plain.complete(prompt, requests)[0], question
        drafted += drafting.last_stats.drafted
    assert drafted > 0, "a lone history drafts"


@pytest.mark.model
def test_a_graph_without_result_norm_falls_back_to_the_full_head(
    example_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from verify_ask.model.backends import hidden_tap
    from verify_ask.model.backends.lowlevel import Engine
    from verify_ask.model.backends.model_file import resolve_model

    # An engine of 4 output rows has none to spare for drafts.
    engine = Engine(resolve_model(None), n_ctx=1024, n_seq=2, n_outputs=4)
    reference = BatchedBackend(full_vocab=True, draft=False)
    try:
        backend = BatchedBackend(draft=False)
        backend._loaded = type(backend._load())(engine)
        monkeypatch.setattr(hidden_tap, "HIDDEN", b"no_such_tensor")
        prompt = render(example_text, "When was OrigoTech founded?")
        answer = backend.complete(prompt, [GREEDY])
        assert engine.head_refusal == "the graph has no result_norm tensor"
        assert backend.last_stats.head == "full"
        assert answer == reference.complete(prompt, [GREEDY])
    finally:
        engine.close()


@pytest.mark.model
def test_answers_rank_alike_through_either_head(
    subset: BatchedBackend, full: BatchedBackend, example_text: str
) -> None:
    prompt = render(example_text, "When was OrigoTech founded?")
    options = [" 14 March 2009\n", " 2015\n", " 2009\n", " unknown\n"]

    def shares(backend: BatchedBackend) -> np.ndarray:
        # From an empty cache on both: llama.cpp's logits move with the batch shape (a
        # prompt partly cached by an earlier test is evaluated in other batches).
        backend.forget()
        logprobs = np.array([score.logprob for score in backend.score(prompt, options)])
        weights = np.exp(logprobs - logprobs.max())
        return weights / weights.sum()

    assert subset.engine.subset
    assert np.abs(shares(subset) - shares(full)).max() < 0.01
