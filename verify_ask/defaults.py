"""Default settings of the decision, chosen from measurements on shared/data (see README).

Chosen by re-judging stored samples (the sweep of ``verify-ask eval``) on 162 SQuAD v1.1
dev questions, 100 SQuAD v2.0 unanswerable ones and 100 TAT-QA dev ones, 10 samples at
temperature 0.7. A vote share of 0.2 (two of ten samples) with a place score of 0.4 gave
precision 0.95 at coverage 0.35 on SQuAD, 0.94 at 0.16 on TAT-QA, and answered 6 of the
100 unanswerable questions; 0.3 and 0.4 answered 4 of them but covered only 0.30 and 0.11.
"""

SAMPLES = 10
TEMPERATURE = 0.7
MIN_AGREE = 0.2
MIN_RELEVANCE = 0.4
MARGIN = 0.1

MAX_SOURCE_CHARS = 6000
"""About 1,500 tokens (six seconds of prefill here): longer sources are read by passage."""
PASSAGES = 3
