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

import json
import math
import os
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from verifier_experiment import reading_arguments

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


class Forms:
    """One loaded model that scores replies: the chat prompt evaluated once, each reply's
    tokens after it."""

    def __init__(self, model: str, threads: int | None) -> None:
        from llama_cpp import Llama
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        from verify_ask.model.backends.model_file import resolve_model

        self.llm = Llama(
            model_path=str(resolve_model(model)),
            n_ctx=2048,
            n_threads=threads or os.cpu_count() or 2,
            verbose=False,
        )
        meta = self.llm.metadata
        self.end = self.llm.token_eos()
        self.formatter = Jinja2ChatFormatter(
            template=meta["tokenizer.chat_template"],
            eos_token=self.llm.detokenize([self.end]).decode("utf-8", "replace"),
            bos_token=self.llm.detokenize([self.llm.token_bos()]).decode("utf-8", "replace"),
        )
        # The end of a turn: the template's, where the GGUF names it (Qwen's <|im_end|>).
        turn_end = self.llm.tokenize(b"<|im_end|>", add_bos=False, special=True)
        self.turn_end = turn_end[0] if len(turn_end) == 1 else self.end
        self.yes = self._first_tokens(["yes", "Yes", " yes", " Yes", "YES"])
        self.no = self._first_tokens(["no", "No", " no", " No", "NO"])

    def _first_tokens(self, words: list[str]) -> set[int]:
        return {self.llm.tokenize(w.encode(), add_bos=False, special=False)[0] for w in words}

    def _prompt(self, chat: list[dict[str, str]]) -> list[int]:
        text = self.formatter(messages=chat).prompt
        return self.llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)

    def _logits(self) -> Any:
        import numpy as np

        # The last evaluated token's logits (llama-cpp-python keeps no copy without logits_all).
        row = np.ctypeslib.as_array(self.llm._ctx.get_logits(), shape=(self.llm.n_vocab(),))
        return np.array(row, dtype=np.float64)

    @staticmethod
    def _log_softmax(logits: Any) -> Any:
        import numpy as np

        shifted = logits - logits.max()
        return shifted - math.log(float(np.exp(shifted).sum()))

    def _evaluate(self, tokens: list[int]) -> None:
        self.llm.reset()
        self.llm.eval(tokens)

    def _reply_logprob(self, start: int, first: Any, reply: list[int]) -> float:
        """log P(reply) after the prompt of ``start`` tokens, whose next-token logits are
        ``first``; the context is cut back to the prompt before and after."""
        total, logits = 0.0, first
        for token in reply:
            total += float(self._log_softmax(logits)[token])
            self.llm.eval([token])
            logits = self._logits()
        self._rewind(start)
        return total

    def _rewind(self, start: int) -> None:
        ctx = self.llm._ctx
        remove = getattr(ctx, "memory_seq_rm", None) or ctx.kv_cache_seq_rm
        remove(-1, start, -1)
        self.llm.n_tokens = start

    def weigh(self, question: Any, evidence: str, figure: str) -> dict[str, float]:
        started = time.perf_counter()
        prompt = self._prompt(messages(question, evidence))
        self._evaluate(prompt)
        first = self._logits()
        reply = self.llm.tokenize(figure.encode("utf-8"), add_bos=False, special=False)
        unknown = self.llm.tokenize(b"unknown", add_bos=False, special=False)
        figure_lp = self._reply_logprob(len(prompt), first, [*reply, self.turn_end])
        unknown_lp = self._reply_logprob(len(prompt), first, [*unknown, self.turn_end])
        self._evaluate(self._prompt(check_messages(question.asked, evidence, figure)))
        probs = _softmax(self._logits())
        yes = sum(probs[t] for t in self.yes)
        no = sum(probs[t] for t in self.no)
        return {
            "figure_logprob": round(figure_lp, 4),
            "unknown_logprob": round(unknown_lp, 4),
            "margin": round(figure_lp - unknown_lp, 4),
            "yes": round(yes / (yes + no), 6) if yes + no > 0 else 0.5,
            "yes_or_no_mass": round(yes + no, 6),
            "seconds": round(time.perf_counter() - started, 3),
        }


def _softmax(logits: Any) -> Any:
    import numpy as np

    shifted = np.exp(logits - logits.max())
    return shifted / shifted.sum()


def auc(right_scores: list[float], wrong_scores: list[float]) -> float | None:
    """The chance a right answer scores above a wrong one (ties count half)."""
    if not right_scores or not wrong_scores:
        return None
    above = sum(
        1.0 if r > w else 0.5 if r == w else 0.0 for r in right_scores for w in wrong_scores
    )
    return above / (len(right_scores) * len(wrong_scores))


def _kept(path: Path) -> dict[str, dict]:
    kept: dict[str, dict] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                reading = json.loads(line)
                kept[reading["id"]] = reading
    return kept


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
    path = Path(args.readings)
    kept = _kept(path)
    answers = _kept(Path(args.answers)) if args.answers else {}
    forms: Forms | None = None
    rows: dict[str, list[tuple[bool, dict, dict | None]]] = defaultdict(list)
    right_read: dict[str, int] = defaultdict(int)
    for one in scored:
        chosen = one.outcome.chosen
        if chosen is None:
            continue
        dataset = one.record.dataset
        answerable = not dataset.endswith(UNANSWERABLE)
        is_right = answerable and right(chosen.candidate.value, one.record)
        answer = chosen.candidate.value.display()
        reading = kept.get(one.record.id)
        if reading is None or reading["answer"] != answer:
            if args.stored_only:
                continue
            if is_right and args.most_right is not None:
                if right_read[dataset] >= args.most_right:
                    continue
            evidence = next((e for c in chosen.checks if c.passed for e in c.evidence), None)
            if evidence is None:
                continue
            source = Source(one.record.source)
            text = evidence_text(source, evidence)
            figure = source.text[evidence.start : evidence.end]
            if forms is None:
                forms = Forms(args.verifier, args.threads)
            weighed = forms.weigh(one.outcome.question, text, figure)
            reading = {"id": one.record.id, "answer": answer, "figure": figure, **weighed}
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(reading, ensure_ascii=False) + "\n")
            kept[one.record.id] = reading
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
