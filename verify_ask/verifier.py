"""The evidence verifier (``--verifier MODEL``): a larger model reads only the question and
the verified answer's evidence, and answers it itself.

Cheap samples from the small model find a value and the place in the source that holds it;
one expensive reading of a few sentences by a larger model then confirms it. The verifier
sees the figure's sentence and the one before it (a table row with its column headers), not
the whole text, so its cost does not grow with the source. Its own answer is read as a
typed value and compared with the verified one: where it gives another value, or says the
text does not say, the answer is withdrawn and verify-ask abstains.

The instruct models are asked through their own chat template (the GGUF's), greedy, with a
system message that asks for the answer alone; the few-shot completion prompt of the
sampler made them write new questions instead of answers (``shared/probes``).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from verify_ask.checkers.base import Evidence
from verify_ask.decision import Judgement
from verify_ask.errors import ModelError
from verify_ask.language.question import Question
from verify_ask.text.source import Source
from verify_ask.values import Value, backs, same_value

SYSTEM = (
    "You answer a question from a short text. Reply with the answer only: the number, amount, "
    "percentage or date exactly as the text gives it, with no other words. If the text does "
    "not answer the question, reply: unknown"
)
CONTEXT = 2048
MAX_TOKENS = 24


@dataclass(frozen=True)
class Reading:
    """What the verifier read, what it answered, and whether that is the verified value."""

    model: str
    evidence: str
    text: str
    value: Value | None
    agrees: bool
    seconds: float

    def to_json(self) -> dict[str, object]:
        return {
            "model": self.model,
            "evidence": self.evidence,
            "text": self.text,
            "value": self.value.to_json() if self.value is not None else None,
            "agrees": self.agrees,
            "seconds": round(self.seconds, 3),
        }


def evidence_text(source: Source, evidence: Evidence) -> str:
    """The figure's sentence and the one before it; for a table cell, its row under the
    column headers it stands in."""
    from verify_ask.text.tables import tables_of

    labels = tables_of(source).labels_at(evidence.start)
    if labels is not None:
        headers = " | ".join(label for label in labels[1:] if label)
        return f"{headers}\n{evidence.quote}" if headers else evidence.quote
    starts = [start for start, _ in source.sentences]
    index = max((i for i, start in enumerate(starts) if start <= evidence.quote_start), default=0)
    before = source.sentences[index - 1] if index > 0 else None
    head = source.text[before[0] : before[1]] + " " if before else ""
    return head + evidence.quote


def messages(question: Question, evidence: str) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"Text: {evidence}\n\nQuestion: {question.asked}"},
    ]


def agrees(answer: Value | None, verified: Value, pointed: bool = False) -> bool:
    """The verifier's value is the verified one, or a coarser reading that backs it (a year
    for the full date the text gives), or it quotes the very figure the evidence is for
    (``pointed``: "182" of "182 million tons")."""
    if answer is None:
        return False
    return pointed or same_value(answer, verified) or backs(answer, verified)


def points_at(source: Source, evidence: Evidence, answer: str) -> bool:
    """Whether the verifier's answer, as written, is part of the evidence's figure."""
    figure = source.text[evidence.start : evidence.end]
    written = answer.strip(" .")
    if not written:
        return False
    return re.search(rf"(?<![\d.,]){re.escape(written)}(?![\d]|[.,]\d)", figure) is not None


@lru_cache(maxsize=2)
def verifier_for(model: str) -> EvidenceVerifier:
    """One verifier per model for the process: a batch loads it once."""
    return EvidenceVerifier(model)


class EvidenceVerifier:
    """One loaded verifier model; ``read`` is greedy and deterministic."""

    def __init__(self, model: str, threads: int | None = None) -> None:
        """``threads``: llama.cpp's threads; None means one a CPU."""
        from verify_ask.model.backends.model_file import resolve_model

        self.name = model
        self.path = resolve_model(model)
        self.threads = threads

    def loaded(self) -> Any:
        """The verifier's llama.cpp model, loaded once for the process (scripts that read
        other forms from the same evidence use it too)."""
        return _load(str(self.path), self.threads)

    def read(self, question: Question, source: Source, chosen: Judgement) -> Reading | None:
        """The verifier's reading of the chosen answer's evidence; None when it has none."""
        evidence = next((e for c in chosen.checks if c.passed for e in c.evidence), None)
        if evidence is None:
            return None
        return self.read_at(question, source, evidence, chosen.candidate.value)

    def read_at(
        self, question: Question, source: Source, evidence: Evidence, value: Value
    ) -> Reading:
        """The verifier's reading of one place in the source, for ``value`` found there."""
        from verify_ask.text.normalize import parse_value

        text = evidence_text(source, evidence)
        started = time.perf_counter()
        answer = _complete(str(self.path), messages(question, text), self.threads)
        answer_value = parse_value(answer, expect=question.expects) if answer else None
        return Reading(
            model=self.name,
            evidence=text,
            text=answer,
            value=answer_value,
            agrees=agrees(answer_value, value, points_at(source, evidence, answer)),
            seconds=time.perf_counter() - started,
        )


def _complete(path: str, chat: list[dict[str, str]], threads: int | None) -> str:
    try:
        reply: Any = _load(path, threads).create_chat_completion(
            messages=chat, temperature=0.0, max_tokens=MAX_TOKENS, seed=0
        )
    except (RuntimeError, ValueError) as error:
        raise ModelError(f"the verifier model {path} failed: {error}") from None
    content = str(reply["choices"][0]["message"]["content"] or "").strip()
    return content.splitlines()[0].strip() if content else ""


@lru_cache(maxsize=2)
def _load(path: str, threads: int | None = None) -> Any:
    import atexit
    import os

    from llama_cpp import Llama

    from verify_ask import interrupts
    from verify_ask.model.backends.llama import _quiet_stderr

    try:
        # The same guards as the sampler's backends: a quiet load log, Ctrl-C raised after.
        with _quiet_stderr(), interrupts.deferred():
            model = Llama(
                model_path=path,
                n_ctx=CONTEXT,
                n_threads=threads or os.cpu_count() or 2,
                verbose=False,
            )
    except (RuntimeError, ValueError) as error:
        raise ModelError(f"the verifier model {path} could not be loaded: {error}") from None
    # Freed before the interpreter tears llama_cpp down: freed after, it prints a traceback.
    atexit.register(model.close)
    return model
