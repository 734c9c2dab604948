"""Samples from the model, and candidates: the distinct typed values they voted for.

A sample that wrote a fact coarser ("1960") also backs each finer candidate consistent with
it ("9 May 1960"): its support is pooled into them, so the most specific value the samples
allow comes first, and the span checker decides whether the source states it.
"""

from __future__ import annotations

from dataclasses import dataclass

from verify_ask.values import Value, backs, same_value


@dataclass(frozen=True)
class Sample:
    """One sampled completion. ``seed`` is None for the greedy answer."""

    text: str
    seed: int | None
    value: Value | None
    derivation: str | None = None
    """The arithmetic the model wrote before its answer ("48.2 - 39.5"), if any."""
    tokens: int = 0
    quote: str | None = None
    """The source words the model cited for its answer (``--prompt quote``), if any."""

    def to_json(self) -> dict[str, object]:
        record: dict[str, object] = {
            "text": self.text,
            "seed": self.seed,
            "value": self.value.to_json() if self.value is not None else None,
            "derivation": self.derivation,
            "tokens": self.tokens,
        }
        if self.quote is not None:  # only quoting prompts give one; other records keep their shape
            record["quote"] = self.quote
        return record


@dataclass(frozen=True)
class Candidate:
    """A distinct value and the samples that produced it.

    A candidate the source proposed (a figure the model ranked high that no sample wrote)
    has no samples and keeps the source's wording in ``proposed``. ``pooled`` holds the
    samples that wrote a coarser value backing this one ("1960" for "9 May 1960").
    """

    value: Value
    samples: tuple[Sample, ...]
    proposed: str | None = None
    pooled: tuple[Sample, ...] = ()

    @property
    def votes(self) -> int:
        """The samples that wrote this very value."""
        return len(self.samples)

    @property
    def support(self) -> int:
        """The samples that wrote this value or a coarser one that backs it."""
        return len(self.samples) + len(self.pooled)

    @property
    def derivations(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for sample in self.samples:
            if sample.derivation:
                seen.setdefault(sample.derivation, None)
        return tuple(seen)

    @property
    def surface(self) -> str:
        """The most common raw text that produced this value, for display."""
        if not self.samples:
            return self.proposed or self.value.display()
        counts: dict[str, int] = {}
        for sample in self.samples:
            counts[sample.text] = counts.get(sample.text, 0) + 1
        return max(counts, key=lambda text: counts[text])


_Groups = list[tuple[Value, list[Sample]]]
"""Samples grouped by the value they wrote, first seen first."""


def group_samples(samples: list[Sample]) -> tuple[Candidate, ...]:
    """Group samples whose values are the same answer, pool into each group the samples of
    the coarser values that back it, and order them by that support, most first.

    A sample without a unit joins the first group it agrees with, so "312" votes
    with "312 people". On equal support the candidate more was pooled into comes first (the
    finer of two compatible values); other ties keep first-seen order, which makes the
    result stable.
    """
    groups = _same_value_groups(samples)
    candidates = [
        Candidate(value, tuple(members), pooled=_backing_samples(value, groups))
        for value, members in groups
    ]
    return tuple(sorted(candidates, key=lambda c: (-c.support, -len(c.pooled))))


def _same_value_groups(samples: list[Sample]) -> _Groups:
    groups: _Groups = []
    for sample in samples:
        if sample.value is None:
            continue
        for index, (value, members) in enumerate(groups):
            if same_value(value, sample.value):
                members.append(sample)
                if getattr(value, "unit", 1) is None and getattr(sample.value, "unit", None):
                    groups[index] = (sample.value, members)
                break
        else:
            groups.append((sample.value, [sample]))
    return groups


def _backing_samples(value: Value, groups: _Groups) -> tuple[Sample, ...]:
    return tuple(sample for other, members in groups if backs(other, value) for sample in members)
