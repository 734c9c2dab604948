"""Prompt-lookup drafts (token ids stand for tokens; no model needed)."""

from __future__ import annotations

from verify_ask.model.backends.base import SampleRequest
from verify_ask.model.backends.decoding import Track, _Branch, _plan_drafts
from verify_ask.model.backends.drafting import DraftLength, PromptLookup, answer_ends

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


# "... on 14 March 2009 by ... 1,294 species. 9.81 m" with Gemma's one token per digit.
PIECES = {
    50: b" on",
    60: b" ",
    1: b"1",
    4: b"4",
    70: b" March",
    2: b"2",
    0: b"0",
    9: b"9",
    71: b" by",
    72: b" the",
    5: b",",
    8: b"8",
    73: b" species",
    6: b".",
    74: b" m",
}
SENTENCE = [50, 60, 1, 4, 70, 60, 2, 0, 0, 9, 71, 72, 60, 1, 5, 2, 9, 4, 73, 6, 60, 9, 6, 8, 1, 74]


def test_answers_end_after_a_figure_or_the_word_that_follows_it() -> None:
    ends = answer_ends(SENTENCE, PIECES.__getitem__)
    words = [PIECES[SENTENCE[i]] for i in sorted(ends)]
    # The one word after a figure ends it, unit or not (" by" after 2009 costs one row where
    # a unit saves a step); "1," of 1,294 and "9." of 9.81 go on.
    assert words == [b" March", b" by", b" species", b" m"]


def test_drafts_stop_at_the_answers_end_and_not_past_it() -> None:
    lookup = PromptLookup(SENTENCE, PIECES.__getitem__)
    # "1 4" once: the draft runs to " March", not on into " 2009 by the".
    assert lookup.propose([60, 1, 4], 8) == [70]
    # Right after an end the answer most often stops: no draft there.
    assert lookup.propose([60, 1, 4, 70], 8) == []
    # "2 0" once: " 2009 by", its end.
    assert lookup.propose([60, 2, 0], 8) == [0, 9, 71]
    # Without pieces, drafts run to the limit as before.
    assert PromptLookup(SENTENCE).propose([60, 1, 4], 3) == [70, 60, 2]


def test_only_a_lone_history_drafts() -> None:
    class Everything:
        def propose(self, answer: list[int], limit: int) -> list[int]:
            return [7] * limit

    def branch(seq: int) -> _Branch:
        track = Track.start(SampleRequest(0.5, seq, 32), 32)
        return _Branch(seq, [track], 60, 10, DraftLength(4))

    class Pieces:
        def piece(self, token: int) -> bytes:
            return b"x"

        def is_end(self, token: int) -> bool:
            return False

    engine = Pieces()
    assert _plan_drafts(engine, [], [branch(1)], Everything(), 12) == [[7] * 4]  # type: ignore[arg-type]
    assert _plan_drafts(engine, [], [branch(1), branch(2)], Everything(), 12) == [[], []]  # type: ignore[arg-type]
