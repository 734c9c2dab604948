"""Default thresholds of the decision, chosen from measurements on shared/data (see README).

Measured with the sweep of ``verify-ask eval`` (its ``sweep`` in ``--json``) on 100 SQuAD v1.1
dev questions and 100 SQuAD v2.0 unanswerable ones: a vote share of 0.3 with a place score
of 0.3 gave the best coverage at a precision above 0.93 while answering about one
unanswerable question in ten.
"""

SAMPLES = 10
TEMPERATURE = 0.7
MIN_AGREE = 0.3
MIN_RELEVANCE = 0.3
MARGIN = 0.1
