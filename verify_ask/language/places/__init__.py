"""Where a figure sits relative to what the question asks.

A passage holds many figures, and a small model's wrong answer is usually one of the
others, so finding the value in the source proves little. What distinguishes the right
figure is its neighbourhood: the question's rarer words stand close to it, and the noun
the question counts ("how many *tons*") follows it. ``PlaceIndex`` (``index``) scores any
span of the source that way, so a candidate can be compared with every other figure of its
kind, and reads with each place what would make the figure answer another question: the
rules of ``times``, ``relations`` and ``measures``, over the words as ``words`` reads them.
"""

from verify_ask.language.places.index import Place, PlaceIndex
from verify_ask.language.places.words import same_stem
from verify_ask.text.source import Source

__all__ = ["Place", "PlaceIndex", "places_of", "same_stem"]


def places_of(source: Source) -> PlaceIndex:
    """The source's words indexed for judging where a figure sits (built once per source)."""
    return source.cached(PlaceIndex)
