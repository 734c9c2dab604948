"""Samples from the model, and candidates: the distinct typed values they voted for."""

from __future__ import annotations

from dataclasses import dataclass

from verify_ask.values import Value, same_value


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
    has no samples and keeps the source's wording in ``proposed``.
    """

    value: Value
    samples: tuple[Sample, ...]
    proposed: str | None = None

    @property
    def votes(self) -> int:
        return len(self.samples)

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


def group_samples(samples: list[Sample]) -> tuple[Candidate, ...]:
    """Group samples whose values are the same answer, most votes first.

    A sample without a unit joins the first group it agrees with, so "312" votes
    with "312 people"; ties keep first-seen order, which makes the result stable.
    """
    groups: list[tuple[Value, list[Sample]]] = []
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
    candidates = [Candidate(value, tuple(members)) for value, members in groups]
    return tuple(sorted(candidates, key=lambda c: -c.votes))
