"""When to try an HTTP request again, and how long to wait first (no I/O, no httpx here)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

# A server that asks for a longer pause than this is treated as down: a question-answering
# CLI in a script should fail with a clear line, not sleep for an hour.
MAX_RETRY_AFTER_S = 60.0


def should_retry_status(status: int) -> bool:
    """429 and 5xx may pass; any other 4xx is the request's fault and would fail again."""
    return status == 429 or 500 <= status <= 599


@dataclass
class Backoff:
    """Exponential backoff with jitter: attempt k waits between half and all of base * 2**k.

    Jitter keeps many clients (a ``make -j`` of questions) from retrying in lockstep; the
    half that is not random keeps a retry from firing at once against a server that just failed.
    """

    retries: int = 3
    base_s: float = 0.5
    cap_s: float = 8.0
    rng: random.Random = field(default_factory=random.Random)

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry number ``attempt + 1``; the server's Retry-After wins."""
        if retry_after is not None:
            return retry_after
        ceiling = min(self.cap_s, self.base_s * (2**attempt))
        return ceiling / 2 + self.rng.uniform(0.0, ceiling / 2)


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Retry-After as seconds: either delta-seconds or an HTTP date (RFC 9110 10.2.3)."""
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    now = now or datetime.now(timezone.utc)
    return max(0.0, (when - now).total_seconds())
