"""The verifier's two other forms, measured beside its own answer (issue 29).

``--verifier`` asks the larger model to answer from the evidence and compares its answer,
typed, with the verified one (form c, ``verify_ask.verifier``). Two forms read a probability
instead of an answer, from the same few sentences:

- margin (form a): the log-probability of the verified figure, as the evidence writes it, as
  the whole reply, less that of "unknown" as the whole reply, under the verifier's own
  prompt. Above 0, the figure is the likelier reply.
- yes (form b): asked whether the text gives this figure as the answer, the probability of
  "yes" against "no" in the reply's first token. Above 0.5, yes.

Every stored record is judged afresh (no sampling); each answered record's evidence is read
once, and the two numbers are kept in ``--readings`` (one JSON line per record, resumable).
The report gives, per dataset and pooled, how well each form tells right answers from wrong
ones (AUC: the chance that a right answer scores above a wrong one) and what its a-priori
cut (0 for the margin, 0.5 for yes) would withdraw; with ``--answers`` (form c's stored
readings of the same answers), form c's withdrawals beside them. Nothing is fitted.

    python scripts/verifier_forms.py DATA.jsonl... --per-record docs/records/X.jsonl \\
        --part lockbox --readings docs/records/forms-lockbox.jsonl \\
        --answers docs/records/verifier-lockbox.jsonl
"""

from __future__ import annotations

import math
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verifier_experiment import Readings, reading_arguments

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.runner import right
from verify_ask.evaluation.split import in_part
from verify_ask.evaluation.store import stored_records
from verify_ask.settings import Settings
from verify_ask.text.source import Source
from verify_ask.verifier import evidence_text, messages

CHECK_SYSTEM = (
    "You check an answer against a short text. Reply yes if the text gives this answer to the "
    "question, and no if it does not."
)
UNANSWERABLE = ("unanswerable", "removed")


def check_messages(question: str, evidence: str, figure: str) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": CHECK_SYSTEM},
        {
            "role": "user",
            "content": f"Text: {evidence}\n\nQuestion: {question}\n\nAnswer: {figure}\n\n"
            "Does the text give this answer to the question? Reply yes or no.",
        },
    ]


@dataclass(frozen=True)
class Weighing:
    """The two forms' numbers for one answer's evidence."""

    figure: str
    figure_logprob: float
    unknown_logprob: float
    yes: float
    yes_or_no_mass: float
    seconds: float

    def to_json(self) -> dict[str, object]:
        return {
            "figure": self.figure,
            "figure_logprob": round(self.figure_logprob, 4),
            "unknown_logprob": round(self.unknown_logprob, 4),
            "margin": round(self.figure_logprob - self.unknown_logprob, 4),
            "yes": round(self.yes, 6),
            "yes_or_no_mass": round(self.yes_or_no_mass, 6),
            "seconds": round(self.seconds, 3),
        }


class Forms:
    """Replies scored by the verifier's own loaded model (``EvidenceVerifier.loaded``): the
    chat prompt evaluated once, each reply's tokens after it."""

    def __init__(self, verifier: Any) -> None:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        self.llm = verifier.loaded()
        self.formatter = Jinja2ChatFormatter(
            template=self.llm.metadata["tokenizer.chat_template"],
            eos_token=self._text(self.llm.token_eos()),
            bos_token=self._text(self.llm.token_bos()),
        )
        # The end of a turn: the template's, where the GGUF names it (Qwen's <|im_end|>).
        turn_end = self._tokens("<|im_end|>", special=True)
        self.turn_end = turn_end[0] if len(turn_end) == 1 else self.llm.token_eos()
        self.yes = {self._tokens(w)[0] for w in ("yes", "Yes", " yes", " Yes", "YES")}
        self.no = {self._tokens(w)[0] for w in ("no", "No", " no", " No", "NO")}

    def _text(self, token: int) -> str:
        return self.llm.detokenize([token]).decode("utf-8", "replace")

    def _tokens(self, text: str, special: bool = False) -> list[int]:
        return self.llm.tokenize(text.encode("utf-8"), add_bos=False, special=special)

    def _prompt(self, chat: list[dict[str, str]]) -> list[int]:
        return self._tokens(self.formatter(messages=chat).prompt, special=True)

    def _log_probs(self) -> Any:
        """log-softmax of the last evaluated token's logits (llama-cpp-python keeps no copy
        of them without logits_all)."""
        import numpy as np

        row = np.ctypeslib.as_array(self.llm._ctx.get_logits(), shape=(self.llm.n_vocab(),))
        logits = np.array(row, dtype=np.float64)
        shifted = logits - logits.max()
        return shifted - math.log(float(np.exp(shifted).sum()))

    def _evaluate(self, tokens: list[int]) -> Any:
        self.llm.reset()
        self.llm.eval(tokens)
        return self._log_probs()

    def _reply_logprob(self, start: int, first: Any, reply: list[int]) -> float:
        """log P(reply) after the prompt of ``start`` tokens, whose next-token log-probs are
        ``first``. The context is cut back to the prompt after: ``eval`` drops from the cache
        what lies past ``n_tokens``."""
        total, log_probs = 0.0, first
        for token in reply:
            total += float(log_probs[token])
            self.llm.eval([token])
            log_probs = self._log_probs()
        self.llm.n_tokens = start
        return total

    def weigh(self, question: Any, evidence: str, figure: str) -> Weighing:
        import numpy as np

        started = time.perf_counter()
        prompt = self._prompt(messages(question, evidence))
        first = self._evaluate(prompt)
        reply = [*self._tokens(figure), self.turn_end]
        unknown = [*self._tokens("unknown"), self.turn_end]
        figure_lp = self._reply_logprob(len(prompt), first, reply)
        unknown_lp = self._reply_logprob(len(prompt), first, unknown)
        asked = self._prompt(check_messages(question.asked, evidence, figure))
        probs = np.exp(self._evaluate(asked))
        yes = float(sum(probs[t] for t in self.yes))
        no = float(sum(probs[t] for t in self.no))
        return Weighing(
            figure=figure,
            figure_logprob=figure_lp,
            unknown_logprob=unknown_lp,
            yes=yes / (yes + no) if yes + no > 0 else 0.5,
            yes_or_no_mass=yes + no,
            seconds=time.perf_counter() - started,
        )


def auc(right_scores: list[float], wrong_scores: list[float]) -> float | None:
    """The chance a right answer scores above a wrong one (ties count half)."""
    if not right_scores or not wrong_scores:
        return None
    above = sum(
        1.0 if r > w else 0.5 if r == w else 0.0 for r in right_scores for w in wrong_scores
    )
    return above / (len(right_scores) * len(wrong_scores))


def main(argv: list[str] | None = None) -> int:
    parser = reading_arguments(__doc__.split("\n\n")[0], "lockbox", "qwen2.5-coder-1.5b")
    parser.add_argument("--answers", help="form c's stored readings of the same answers")
    parser.add_argument(
        "--most-right",
        type=int,
        default=None,
        help="read at most this many right answers a dataset (every wrong one is read)",
    )
    args = parser.parse_args(argv)

    settings = Settings(weights=args.weights)
    settings.validate()
    records = [r for path in args.data for r in read_records(path) if in_part(r, args.part)]
    scored = stored_records(args.per_record, records, settings)
    readings = Readings(Path(args.readings), args.verifier, args.threads, args.stored_only, Forms)
    answers = {}
    if args.answers:
        answers = Readings(Path(args.answers), args.verifier, None, stored_only=True).kept
    rows: dict[str, list[tuple[bool, dict, dict | None]]] = defaultdict(list)
    right_read: dict[str, int] = defaultdict(int)
    for one in scored:
        chosen = one.outcome.chosen
        evidence = chosen and next((e for c in chosen.checks if c.passed for e in c.evidence), None)
        if chosen is None or evidence is None:
            continue
        dataset = one.record.dataset
        is_right = not dataset.endswith(UNANSWERABLE) and right(chosen.candidate.value, one.record)
        answer = chosen.candidate.value.display()
        kept = readings.kept.get(one.record.id)
        unread = kept is None or kept["answer"] != answer
        if unread and is_right and args.most_right is not None:
            if right_read[dataset] >= args.most_right:
                continue
        source = Source(one.record.source)
        reading = readings.of(
            one.record.id,
            answer,
            lambda forms: forms.weigh(  # noqa: B023
                one.outcome.question,  # noqa: B023
                evidence_text(source, evidence),  # noqa: B023
                source.text[evidence.start : evidence.end],  # noqa: B023
            ),
        )
        if reading is None:
            continue
        right_read[dataset] += is_right
        answered = answers.get(one.record.id)
        if answered is not None and answered.get("answer") != answer:
            answered = None
        rows[dataset].append((is_right, reading, answered))
    _report(rows)
    return 0


def _report(rows: dict[str, list[tuple[bool, dict, dict | None]]]) -> None:
    print(
        "dataset | answers read: right, wrong | AUC margin, yes | margin <= 0 withdraws: "
        "right, wrong | yes <= 0.5 withdraws: right, wrong | form c withdraws: right, wrong "
        "(of those it read) | s a reading"
    )
    pooled = [row for dataset in sorted(rows) for row in rows[dataset]]
    for name, found in [*sorted(rows.items()), ("all", pooled)]:
        rights = [r for ok, r, _ in found if ok]
        wrongs = [r for ok, r, _ in found if not ok]

        def withdrawn(test: Any, group: list[dict]) -> int:
            return sum(1 for r in group if test(r))

        def show(value: float | None) -> str:
            return "-" if value is None else f"{value:.3f}"

        margin_auc = auc([r["margin"] for r in rights], [r["margin"] for r in wrongs])
        yes_auc = auc([r["yes"] for r in rights], [r["yes"] for r in wrongs])
        low_margin = lambda r: r["margin"] <= 0  # noqa: E731
        low_yes = lambda r: r["yes"] <= 0.5  # noqa: E731
        with_c = [(ok, c) for ok, _, c in found if c is not None]
        c_right = sum(1 for ok, c in with_c if ok and not c.get("agrees", True))
        c_wrong = sum(1 for ok, c in with_c if not ok and not c.get("agrees", True))
        seconds = sorted(r["seconds"] for _, r, _ in found)
        median = seconds[len(seconds) // 2] if seconds else 0.0
        print(
            f"{name} | {len(rights)}, {len(wrongs)} | {show(margin_auc)}, {show(yes_auc)} | "
            f"{withdrawn(low_margin, rights)}, {withdrawn(low_margin, wrongs)} | "
            f"{withdrawn(low_yes, rights)}, {withdrawn(low_yes, wrongs)} | "
            f"{c_right}, {c_wrong} (of {len(with_c)}) | {median:.1f}"
        )


if __name__ == "__main__":
    sys.exit(main())
