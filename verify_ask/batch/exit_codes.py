"""The exit status a script sees: the worst outcome of any line, or a verified-share threshold.

Precedence: a bug (70) over a model failure (3) over an input error (4) over an abstention (1)
over 0. A model failure outranks a bad line because it says the setup is broken, not one line;
a bug outranks both because no input can be blamed for it.
"""

from __future__ import annotations

from verify_ask.batch.tally import Tally
from verify_ask.errors import ExitStatus


def batch_exit_status(tally: Tally, *, fail_under: float | None, allow_abstain: bool) -> int:
    """With ``fail_under``, 0 when the verified share (errors count as not verified) reaches it
    and 1 otherwise; without, the precedence above. ``allow_abstain`` is the caller's to read
    (``VERIFY_ASK_ABSTAIN_OK``, see ``cli.environment``)."""
    if fail_under is not None:
        return ExitStatus.VERIFIED if tally.verified_share >= fail_under else ExitStatus.ABSTAINED
    if tally.internal_errors:
        return ExitStatus.INTERNAL
    if tally.model_errors:
        return ExitStatus.MODEL
    if tally.input_errors:
        return ExitStatus.INPUT
    if tally.abstained and not allow_abstain:
        return ExitStatus.ABSTAINED
    return ExitStatus.VERIFIED
