"""Prompt-lookup drafts (token ids stand for tokens; no model needed)."""

from __future__ import annotations

from verify_ask.backends.drafting import DraftLength, PromptLookup

# "... founded on 14 March 2009 ... revenue of 148.2 million ... 14 staff ..." with one id
# per digit, as Gemma splits figures.
PROMPT = [50, 51, 1, 4, 60, 2, 0, 0, 9, 70, 71, 1, 4, 8, 99, 2, 80, 1, 4, 90, 91]


def test_the_whole_answer_so_far_is_found_and_continued() -> None:
    lookup = PromptLookup(PROMPT)
    # "1 4 8" occurs once: its continuation is proposed.
    assert lookup.propose([1, 4, 8], 3) == [99, 2, 80]
    assert lookup.propose([1, 4, 8], 1) == [99]


def test_occurrences_that_disagree_propose_only_what_they_share() -> None:
    lookup = PromptLookup(PROMPT)
    # "1 4" continues with 60, 8 and 90: no token is common, so no draft.
    assert lookup.propose([1, 4], 4) == []
    # "0 0" once, "2 0 0" once: the longest tail decides.
    assert lookup.propose([2, 0, 0], 2) == [9, 70]


def test_a_single_token_tail_counts_only_as_the_whole_answer() -> None:
    lookup = PromptLookup(PROMPT)
    assert lookup.propose([60], 2) == [2, 0]
    # 7 is nowhere; its one-token tail 9 is not looked up on its own.
    assert lookup.propose([7, 9], 2) == []
    assert lookup.propose([], 2) == [] and lookup.propose([60], 0) == []


def test_draft_length_grows_on_full_accepts_and_probes_after_a_miss() -> None:
    length = DraftLength(4)
    length.update(4, 4)
    assert length.next() == 8
    length.update(8, 2)
    assert length.next() == 2
    length.update(2, 0)
    assert length.next() == 1
