"""Pilot: a larger model's greedy answer under the extract prompt (the few-shot completion
verify-ask sends) against a zero-shot prompt through the model's own chat template, on the
first N design SQuAD records: the prompt's tokens, seconds a question, right answers (dates
at the gold's precision). Measures whether a shorter prompt is the lever for the 1.5B's cost
(docs/speed.md, "Where the 1.5B's time goes"); not part of the product.

    python scripts/prompt_pilot.py 30 [--model qwen2.5-coder-1.5b]
"""

import statistics
import sys
import time

from llama_cpp import Llama

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.runner import right
from verify_ask.evaluation.split import in_part
from verify_ask.language.question import analyze_question
from verify_ask.model.backends.model_file import resolve_model
from verify_ask.model.prompts import builtin
from verify_ask.text.normalize import parse_value

SYSTEM = (
    "Answer the question with a figure or a date copied exactly from the text, and nothing else. "
    "If the text does not say, answer: unknown"
)


def main() -> None:
    n = int(sys.argv[1])
    model = (
        sys.argv[sys.argv.index("--model") + 1] if "--model" in sys.argv else "qwen2.5-coder-1.5b"
    )
    recs = [
        r for r in read_records("/work/shared/data/squad_v1.1_dev.jsonl") if in_part(r, "design")
    ][:n]
    llm = Llama(model_path=str(resolve_model(model)), n_ctx=2048, n_threads=2, verbose=False)
    tpl = builtin("extract")
    rows = {"few-shot": [], "zero-shot": []}
    for r in recs:
        q = analyze_question(r.question)
        for name in rows:
            llm.reset()
            t = time.perf_counter()
            if name == "few-shot":
                prompt = tpl.render(r.source, r.question)
                toks = len(llm.tokenize(prompt.encode()))
                out = llm.create_completion(prompt, max_tokens=24, temperature=0.0, stop=["\n"])[
                    "choices"
                ][0]["text"]
            else:
                chat = [
                    {"role": "system", "content": SYSTEM},
                    {"role": "user", "content": f"Text: {r.source}\n\nQuestion: {r.question}"},
                ]
                out = llm.create_chat_completion(messages=chat, max_tokens=24, temperature=0.0)
                toks = out["usage"]["prompt_tokens"]
                out = out["choices"][0]["message"]["content"] or ""
            s = time.perf_counter() - t
            v = parse_value(out.strip().splitlines()[0] if out.strip() else "", expect=q.expects)
            ok = v is not None and right(v, r)
            rows[name].append((toks, s, ok))
    for name, xs in rows.items():
        print(
            name,
            "right",
            sum(x[2] for x in xs),
            "of",
            len(xs),
            "median tokens",
            statistics.median(x[0] for x in xs),
            f"median s {statistics.median(x[1] for x in xs):.2f}",
        )


if __name__ == "__main__":
    main()
