"""Default settings of the decision, chosen from measurements on shared/data.

An answer needs the source to ground it (span at place score ``MIN_RELEVANCE``, or
arithmetic) and the model to back it: 3 of 10 samples (``MIN_AGREE``), or 40% of the
model's scores among the figures of the asked kind near the question's words
(``MIN_SHARE``, the ``rank`` checker). A figure with a rival within ``MARGIN`` of its place
needs the model to prefer it: as many votes as the rival and ``CONTESTED_RATIO`` times its
ranking share, or, without a ranking (HTTP backends), a vote share of
``CONTESTED_SUPPORT``. A word problem that poses its own question needs ``MIN_AGREE_POSED``
of the samples to agree on a calculation.

How each value was chosen, with the measurements: docs/eval.md, "How the defaults were
chosen".
"""

SAMPLES = 10
TEMPERATURE = 0.5
MIN_AGREE = 0.3
MIN_SHARE = 0.4
MIN_RELEVANCE = 0.4
MIN_AGREE_POSED = 0.7
MARGIN = 0.1
CONTESTED_RATIO = 3.0
CONTESTED_SUPPORT = 0.7

MAX_SOURCE_CHARS = 6000
"""About 1,500 tokens (six seconds of prefill here): longer sources are read by passage."""
PASSAGES = 3

DRAFT = True
"""Whether the local backend drafts answer tokens from the source (prompt lookup) and
verifies them in the batch: a lone greedy answer decodes in 0.70-0.79x the time on copied
answers, the default question (greedy + 10 samples) in the same time. A drafted answer can
differ from an undrafted one where two tokens are nearly tied (docs/speed.md)."""

DECISION = "fitted"
"""How candidates are decided by default: "fitted" (the shipped weights over named evidence,
``verify_ask.decision.confidence``) or "rules" (every hand rule must pass)."""
