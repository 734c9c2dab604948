"""One md5 over every judgement re-judged from stored per-record files: a refactor that keeps
behaviour keeps this number (value, verdict, reason, step, and every check's verdict, score
and detail of every candidate).

    python scripts/judgement_md5.py DATA.jsonl... --records RECORDS.jsonl...
"""

from __future__ import annotations

import argparse
import hashlib
import json

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.store import stored_records
from verify_ask.settings import Settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="eval data files (shared/data schema)")
    parser.add_argument("--records", nargs="+", required=True, help="eval --per-record files")
    parser.add_argument("--decision", default="rules", choices=("rules", "fitted"))
    args = parser.parse_args()
    records = [r for path in args.data for r in read_records(path)]
    settings = Settings(decision=args.decision)
    digest, count = hashlib.md5(), 0
    for store in args.records:
        for scored in stored_records([store], records, settings):
            for j in scored.outcome.judgements:
                checks = [(c.checker, c.verdict, round(c.score, 6), c.detail) for c in j.checks]
                row = [j.candidate.value.display(), j.accepted, j.reason, j.refused_at, checks]
                digest.update(json.dumps(row, ensure_ascii=False).encode())
            count += 1
    print(count, digest.hexdigest())


if __name__ == "__main__":
    main()
