"""The reader in three runtimes: the shipped numpy encoder, ONNX Runtime in float32, and ONNX
Runtime with dynamic int8 weights (docs/reader.md, "Runtime").

The shipped weights are loaded into the training module's torch model, exported to ONNX
and quantized; then every figure of the first lockbox SQuAD records is read by each
runtime, in the batches ``verify-ask`` reads a question's places in. Prints each runtime's
seconds, its file size, its largest difference from numpy's probabilities, and its AUROC
of right against wrong figures (the strict gold rules, as ``scripts/reader_eval.py``).

    pip install -e ".[train]" onnx onnxruntime
    python scripts/bench_reader_runtimes.py ../shared/data --records 60
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from verify_ask.evaluation.auroc import auroc
from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.gold import verdict
from verify_ask.evaluation.split import in_part
from verify_ask.reader.inputs import Encoded, batch
from verify_ask.reader.reading import BATCH, _inputs, probabilities
from verify_ask.text.source import Source


def figures(data: Path, count: int) -> tuple[list[list[Encoded]], list[bool]]:
    """Each record's figures encoded with its question (one list a question), and labels."""
    inputs = _inputs()
    questions, labels = [], []
    records = [r for r in read_records(str(data / "squad_v1.1_dev.jsonl"))
               if in_part(r, "lockbox")][:count]
    for record in records:
        source = Source(record.source)
        mentions = source.mentions
        if not mentions:
            continue
        questions.append([inputs.encode(record.question, inputs.around(record.source, m.start,
                                                                        m.end), m.start, m.end)
                          for m in mentions])
        labels += [verdict(m.value, record) == "right" for m in mentions]
    return questions, labels


def exported(folder: Path) -> tuple[Path, Path]:
    """The shipped reader as ONNX, float32 and dynamically quantized to int8."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    from verify_ask.reader.model import HEAD_BIAS, HEAD_WEIGHT, reader_weights
    from verify_ask.reader.training import CrossEncoder

    model = CrossEncoder()
    weights = {k: torch.from_numpy(np.asarray(v, np.float32)) for k, v in reader_weights().items()}
    model.head.weight.data = weights.pop(HEAD_WEIGHT)
    model.head.bias.data = weights.pop(HEAD_BIAS)
    model.encoder.load_state_dict(weights, strict=False)
    model.train(False)
    fp32, int8 = folder / "reader.onnx", folder / "reader.int8.onnx"
    example = (torch.ones(2, 16, dtype=torch.long), torch.zeros(2, 16, dtype=torch.long),
               torch.ones(2, 16, dtype=torch.long), torch.tensor([[3, 4], [3, 5]]))
    names = ["ids", "types", "mask", "span"]
    torch.onnx.export(model, example, str(fp32), input_names=names, output_names=["logit"],
                      dynamic_axes={"ids": {0: "b", 1: "n"}, "types": {0: "b", 1: "n"},
                                    "mask": {0: "b", 1: "n"}, "span": {0: "b"},
                                    "logit": {0: "b"}}, opset_version=17, dynamo=False)
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8)
    return fp32, int8


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="the shared/data folder")
    parser.add_argument("--records", type=int, default=60)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    import onnxruntime

    from verify_ask.reader.model import reader_weights

    questions, labels = figures(args.data, args.records)
    pieces = [q[i:i + BATCH] for q in questions for i in range(0, len(q), BATCH)]
    runtimes = {"numpy": lambda rows: probabilities(reader_weights(), rows)}
    sizes = {"numpy": None}
    with tempfile.TemporaryDirectory() as folder:
        for label, path in zip(("onnx fp32", "onnx int8"), exported(Path(folder)), strict=True):
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = args.threads
            session = onnxruntime.InferenceSession(str(path), options,
                                                   providers=["CPUExecutionProvider"])

            def run(rows: list[Encoded], session=session) -> np.ndarray:
                ids, types, masks = (np.array(a, np.int64) for a in batch(rows))
                span = np.array([r.span for r in rows], np.int64)
                logit = session.run(None, {"ids": ids, "types": types, "mask": masks,
                                           "span": span})[0]
                return 1.0 / (1.0 + np.exp(-logit))

            runtimes[label], sizes[label] = run, path.stat().st_size
        reference = None
        print(f"{len(labels)} figures of {len(questions)} lockbox questions, "
              f"{len(pieces)} batches of at most {BATCH}")
        for label, run in runtimes.items():
            run(pieces[0])  # loaded and warm
            started = time.perf_counter()
            scores = np.concatenate([run(rows) for rows in pieces])
            seconds = time.perf_counter() - started
            reference = scores if reference is None else reference
            size = f"{sizes[label] / 2**20:.0f} MB" if sizes[label] else "shipped safetensors"
            print(f"{label:<10} {seconds / len(labels) * 1000:5.1f} ms a figure  "
                  f"{size:<20} max |p - numpy| {np.abs(scores - reference).max():.4f}  "
                  f"AUROC {auroc(scores.tolist(), labels):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
