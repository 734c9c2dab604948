"""The batched sampler on the real default model: same tokens as plain decoding, fewer rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from verify_ask.errors import InputError
from verify_ask.model import prompts
from verify_ask.model.backends import decoding
from verify_ask.model.backends.base import SampleRequest
from verify_ask.model.backends.batched import SEQUENCES, BatchedBackend
from verify_ask.model.backends.decoding import Track, decode_alone

pytestmark = pytest.mark.model

QUESTIONS = [
    "When was OrigoTech founded?",
    "How many people does OrigoTech employ?",
    "What was OrigoTech's revenue in 2023?",
    "How many patents does OrigoTech hold?",
]
GREEDY = SampleRequest(0.0, 0, 32)
SAMPLES = [GREEDY] + [SampleRequest(0.9, seed, 32) for seed in range(10)]


def render(source: str, question: str) -> str:
    return prompts.builtin("extract").render(source, question)


@pytest.fixture(scope="module")
def drafting() -> BatchedBackend:
    return BatchedBackend(draft=True)


@pytest.fixture(scope="module")
def plain() -> BatchedBackend:
    return BatchedBackend(draft=False)


@pytest.mark.parametrize("question", QUESTIONS, ids=["founded", "employ", "revenue", "patents"])
def test_greedy_equals_plain_greedy_decoding(
    drafting: BatchedBackend, plain: BatchedBackend, example_text: str, question: str
) -> None:
    prompt = render(example_text, question)
    reference = drafting.reference(prompt, [GREEDY])
    assert reference[0].text.strip(), "the reference produced an answer"
    assert drafting.complete(prompt, [GREEDY]) == reference
    assert plain.complete(prompt, [GREEDY]) == reference


def test_greedy_equals_llama_cpp_python(drafting: BatchedBackend, example_text: str) -> None:
    from verify_ask.model.backends.llama import LlamaBackend

    prompt = render(example_text, QUESTIONS[0])
    expected = LlamaBackend().complete(prompt, [GREEDY])[0].text
    assert drafting.complete(prompt, [GREEDY])[0].text == expected == " 14 March 2009"


@pytest.mark.parametrize("draft", [True, False], ids=["draft", "no-draft"])
@pytest.mark.parametrize("question", QUESTIONS[:3], ids=["founded", "employ", "revenue"])
def test_samples_equal_per_sample_decode_of_the_same_streams(
    example_text: str, question: str, draft: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # By default only a lone history drafts (where drafts pay); here every history does,
    # so that drafts verified by several diverging samples are checked too.
    monkeypatch.setattr(decoding, "DRAFTING_HISTORIES", SEQUENCES)
    backend = BatchedBackend(draft=draft)
    completions, rows = backend.trace(render(example_text, question), SAMPLES)
    assert (backend.last_stats.drafted > 0) == draft
    engine = backend.engine
    for request, completion in zip(SAMPLES, completions, strict=True):
        track = Track.start(request, request.max_tokens)
        # Each sample alone, token by token, from its own stream: every history it reaches
        # must be one the shared decode computed a row for (KeyError otherwise).
        decode_alone(engine, track, lambda history: rows[tuple(history)])
        assert track.completion() == completion
    # Shared histories: fewer rows than one per sample per step.
    assert len(rows) < sum(c.tokens + 1 for c in completions)
    assert len({c.text for c in completions}) > 1, "temperature 0.9 should scatter samples"


def test_samples_are_reproducible(drafting: BatchedBackend, example_text: str) -> None:
    prompt = render(example_text, QUESTIONS[0])
    first = drafting.complete(prompt, SAMPLES)
    assert drafting.complete(prompt, SAMPLES) == first
    assert first[0] == drafting.reference(prompt, [GREEDY])[0]


def test_stop_strings_and_max_tokens(drafting: BatchedBackend, example_text: str) -> None:
    prompt = render(example_text, QUESTIONS[0])
    full = drafting.complete(prompt, [SampleRequest(0.0, 0, 32, stop=())])[0]
    assert "\n" in full.text and full.tokens == 32
    cut = drafting.complete(prompt, [SampleRequest(0.0, 0, 32, stop=(" 2009",))])[0]
    assert cut.text == " 14 March"
    short = drafting.complete(prompt, [SampleRequest(0.0, 0, 3), SampleRequest(0.9, 1, 2)])
    assert [c.tokens for c in short] == [3, 2]
    assert short[0].text == " 14"


def test_prefix_reuse_gives_the_completions_of_a_fresh_backend(example_text: str) -> None:
    first, second = (render(example_text, q) for q in QUESTIONS[:2])
    reused = BatchedBackend(n_ctx=4096, draft=True)
    reused.complete(first, SAMPLES)
    again = reused.complete(second, SAMPLES)
    assert reused.last_stats.prefill_tokens < 20, "only the question was evaluated"
    fresh = BatchedBackend(n_ctx=4095, draft=True)  # another context: nothing cached
    assert fresh.complete(second, SAMPLES) == again
    assert fresh.last_stats.prefill_tokens > 300


def test_too_long_prompt_is_an_input_error(tmp_path: Path) -> None:
    backend = BatchedBackend(n_ctx=256)
    with pytest.raises(InputError, match="more than the model's context of 256"):
        backend.complete("word " * 400, [GREEDY])
    # The backend stays usable after refusing.
    assert backend.complete("The capital of France is", [SampleRequest(0.0, 0, 4)])[0].tokens


def test_a_draft_model_drafts_and_the_samples_keep_their_tokens(example_text: str) -> None:
    from verify_ask.model.backends.model_file import resolve_model

    # The default model drafting for itself: every greedy draft token is accepted, so the
    # answer takes a couple of steps; samples must still equal their own plain decode.
    backend = BatchedBackend(draft_model=str(resolve_model(None)))
    prompt = render(example_text, QUESTIONS[0])
    completions, rows = backend.trace(prompt, SAMPLES)
    for request, completion in zip(SAMPLES, completions, strict=True):
        track = Track.start(request, request.max_tokens)
        decode_alone(backend.engine, track, lambda history: rows[tuple(history)])
        assert track.completion() == completion
    greedy = backend.complete(prompt, [GREEDY])
    stats = backend.last_stats.summary()
    assert greedy[0].text == " 14 March 2009"
    assert stats["accepted"] >= 8 and stats["steps"] <= 3, stats
    assert backend.describe()["draft_model"] == str(resolve_model(None))


def test_a_draft_model_that_splits_text_otherwise_is_refused(
    example_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from verify_ask.errors import UsageError
    from verify_ask.model.backends.batched import _LOADED
    from verify_ask.model.backends.model_file import resolve_model

    backend = BatchedBackend(n_ctx=4000, draft_model=str(resolve_model(None)))
    drafting = backend._shared(backend.draft_path, role="draft")
    assert drafting is _LOADED[(str(backend.draft_path), 4000, "draft")]
    # No second vocabulary ships here: make the draft engine tokenize one token differently.
    real = drafting.engine.tokenize
    monkeypatch.setattr(drafting.engine, "tokenize", lambda text, bos=True: real(text, bos)[1:])
    with pytest.raises(UsageError, match="does not share the vocabulary"):
        backend.complete(render(example_text, QUESTIONS[0]), [GREEDY])
