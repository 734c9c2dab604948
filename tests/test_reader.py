"""The reader on real text with its shipped weights: the inputs it reads, its scores, the
pins on its files, dense retrieval, and (where the train extra is installed) a short
training run whose result the numpy runtime reproduces."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from verify_ask.errors import ExitStatus, ModelError
from verify_ask.reader import model
from verify_ask.reader.inputs import MAX_TOKENS, Inputs, batch
from verify_ask.reader.reading import probabilities, read
from verify_ask.text.source import Source

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "origotech.txt"


@pytest.fixture(scope="module")
def inputs() -> Inputs:
    return Inputs(model.tokenizer())


def test_the_window_marks_the_span_and_keeps_both_sides(inputs: Inputs) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    start = text.index("14 March 2009")
    encoded = inputs.encode("When was OrigoTech founded?", inputs.tokens(text), start,
                            start + len("14 March 2009"))
    tok = model.tokenizer()
    first, last = encoded.span
    assert encoded.ids[first] == inputs.open and encoded.ids[last] == inputs.close
    assert tok.decode(list(encoded.ids[first + 1:last])) == "14 march 2009"
    assert len(encoded.ids) <= MAX_TOKENS
    assert encoded.types[0] == 0 and encoded.types[-1] == 1
    window = tok.decode(list(encoded.ids[encoded.types.index(1):]))
    assert "founded on" in window and "six employees" in window


def test_a_span_at_the_start_gives_its_room_to_the_other_side(inputs: Inputs) -> None:
    text = "1999 was the year. " + "Nothing else happened here at all. " * 40
    encoded = inputs.encode("Which year?", inputs.tokens(text), 0, 4)
    assert len(encoded.ids) == MAX_TOKENS
    assert encoded.span[0] == len(inputs.question("Which year?")) + 2


def test_the_reader_prefers_the_figure_that_answers() -> None:
    source = Source(EXAMPLE.read_text(encoding="utf-8"))
    text = source.text
    places = {figure: (text.index(figure), text.index(figure) + len(figure))
              for figure in ("14 March 2009", "2 September 2024", "2015", "2027")}
    founded = dict(zip(places, read("When was OrigoTech founded?", source,
                                    list(places.values())), strict=True))
    assert max(founded, key=founded.__getitem__) == "14 March 2009"
    assert founded["14 March 2009"] > 0.5 > founded["2027"]
    opened = dict(zip(places, read("When did OrigoTech open its factory in Monterrey?", source,
                                   list(places.values())), strict=True))
    assert max(opened, key=opened.__getitem__) == "2 September 2024"


@pytest.mark.parametrize(
    ("text", "question", "own", "mimic"),
    [
        ("OrigoTech opened its Lisbon plant in 2011 after two years of building. Veltrix "
         "opened its Porto plant in 1998, the first in the region.",
         "When did OrigoTech open its Lisbon plant?", "2011", "1998"),
        # A passage, as the reader was trained on: it reads a sentence or two alone less
        # surely (0.51 against 0.29 for these two sentences without the stadiums).
        ("Super Bowl 50 was played on February 7, 2016, at Levi's Stadium. The Champ Bowl 40 "
         "was played on January 3, 1991, in Tampa.", "When was Super Bowl 50 played?",
         "February 7, 2016", "January 3, 1991"),
    ],
)
def test_a_sentence_that_mimics_the_question_about_another_subject_is_not_the_answer(
    text: str, question: str, own: str, mimic: str
) -> None:
    source = Source(text)
    spans = [(text.index(figure), text.index(figure) + len(figure)) for figure in (own, mimic)]
    read_own, read_mimic = read(question, source, spans)
    assert read_own > 3 * read_mimic


def test_reading_only_the_heads_positions_gives_the_full_encoders_states(inputs: Inputs) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    tokens = inputs.tokens(text)
    encoded = [inputs.encode("When was OrigoTech founded?", tokens, start, start + len(figure))
               for figure in ("14 March 2009", "312", "2027")
               for start in (text.index(figure),)]
    ids, types, masks = (np.array(a) for a in batch(encoded))
    weights = model.reader_weights()
    whole = model.encode(weights, ids, types, masks)
    rows = np.array([[0, *range(e.span[0], e.span[0] + 4)] for e in encoded])
    kept = model.encode(weights, ids, types, masks, rows)
    assert kept.shape == (len(encoded), 5, whole.shape[-1])
    taken = whole[np.arange(len(encoded))[:, None], rows]
    assert np.abs(kept - taken).max() < 1e-4


def test_a_batch_reads_each_span_as_it_reads_it_alone(inputs: Inputs) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    spans = [(text.index(f), text.index(f) + len(f)) for f in ("14 March 2009", "312", "2027")]
    asked = "When was OrigoTech founded?"
    encoded = [inputs.encode(asked, inputs.tokens(text), s, e) for s, e in spans]
    together = probabilities(model.reader_weights(), encoded)
    alone = [probabilities(model.reader_weights(), [one])[0] for one in encoded]
    assert np.allclose(together, alone, atol=1e-5)


def test_scores_are_kept_with_the_source() -> None:
    source = Source("The bridge was finished in 1932 and cost 4 million dollars.")
    spans = [(28, 32)]
    first = read("When was the bridge finished?", source, spans)
    assert read("When was the bridge finished?", source, spans) == first


def test_a_weights_file_that_does_not_match_its_pin_is_refused(tmp_path: Path) -> None:
    shipped = model.weights_dir() / model.TOKENIZER_FILE
    shutil.copy(shipped, tmp_path / model.TOKENIZER_FILE)
    with (tmp_path / model.TOKENIZER_FILE).open("a", encoding="utf-8") as handle:
        handle.write(" ")
    with pytest.raises(ModelError, match="refusing to load") as error:
        model.checked(model.TOKENIZER_FILE, tmp_path)
    assert error.value.exit_status == ExitStatus.MODEL
    assert "\n" not in str(error.value)


def test_every_shipped_file_matches_its_pin() -> None:
    for name in model.PINNED:
        assert model.checked(name).is_file()


def test_dense_embeddings_put_a_paraphrase_nearest() -> None:
    from verify_ask.reader.dense import embed

    question, paraphrase, unrelated = embed([
        "What was the capital expenditure in 2023?",
        "Purchases of property, plant and equipment were $1.2 billion in 2023.",
        "The annual meeting of shareholders will be held in Denver in May.",
    ])
    assert np.isclose(np.linalg.norm(question), 1.0, atol=1e-5)
    assert question @ paraphrase > question @ unrelated


def test_hybrid_retrieval_finds_the_passage_bm25_misses() -> None:
    from verify_ask.text.passages import PassageIndex

    filler = [f"Note {i}. The committee met on schedule and reviewed the minutes of the "
              f"previous meeting of the board in full, with questions from members. " * 3
              for i in range(12)]
    wanted = ("Cash flows from investing activities. Purchases of property, plant and "
              "equipment were $1,204 million, against $998 million the year before.")
    text = "\n\n".join([*filler[:7], wanted, *filler[7:]])
    index = PassageIndex(Source(text), size=400)
    question = "How much did the company spend on new factories and machinery?"
    holds = [p for p in index.passages if "1,204" in text[p.start:p.end]]
    assert holds
    assert not any("1,204" in text[p.start:p.end] for p in index.best(question, 1, "bm25"))
    assert any("1,204" in text[p.start:p.end] for p in index.best(question, 1, "hybrid"))


def test_a_passage_is_scored_by_itself_and_by_its_closest_line() -> None:
    from verify_ask.reader.dense import embed
    from verify_ask.text.passages import PassageIndex

    rows = ["Net sales 32,765 31,657", "Cost of sales (21,120) (20,540)",
            "Purchases of property, plant and equipment (1,204) (998)",
            "Dividends paid (640) (610)"]
    note = ("Our investment plans. We review each project's expected return before we commit "
            "to it, and the investment committee tracks spending against budget each quarter.")
    text = note + "\n\n" + "\n".join(rows)
    index = PassageIndex(Source(text), size=len(text) + 1)
    question = "What was the company's capital expenditure?"
    [passage] = index.passages
    asked, whole, *lines = embed([question, text, "Our investment plans.",
                                  note.removeprefix("Our investment plans. "), *rows])
    expected = (whole @ asked + max(line @ asked for line in lines)) / 2
    assert index._dense(question) == pytest.approx([expected], abs=1e-4)


def _tiny_pairs() -> tuple[list, dict[str, np.ndarray]]:
    inputs = Inputs(model.tokenizer())
    text = EXAMPLE.read_text(encoding="utf-8")
    tokens = inputs.tokens(text)
    rows = []
    for question, figure, label in [
        ("When was OrigoTech founded?", "14 March 2009", 1),
        ("When was OrigoTech founded?", "2 September 2024", 0),
        ("How many people does OrigoTech employ?", "312", 1),
        ("How many people does OrigoTech employ?", "18,500", 0),
    ]:
        at = text.index(figure)
        rows.append((inputs.encode(question, tokens, at, at + len(figure)), label))
    data = {
        "ids": np.zeros((len(rows), MAX_TOKENS), np.uint16),
        "types": np.zeros((len(rows), MAX_TOKENS), np.uint8),
        "lengths": np.array([len(r.ids) for r, _ in rows], np.int16),
        "span": np.array([r.span for r, _ in rows], np.int16),
        "labels": np.array([label for _, label in rows], np.int8),
    }
    for i, (row, _) in enumerate(rows):
        data["ids"][i, :len(row.ids)] = row.ids
        data["types"][i, :len(row.types)] = row.types
    return rows, data


def test_a_short_training_run_is_reproduced_by_the_numpy_runtime(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from verify_ask.reader.training import export, score, train

    rows, data = _tiny_pairs()
    base = model.weights_dir() / model.BASE_FILE
    trained = train(data, np.arange(len(rows)), base, epochs=2, lr=1e-4, batch=2, seed=0)
    expected = score(trained, data, np.arange(len(rows)))
    export(trained, tmp_path / "reader.safetensors")

    from safetensors.numpy import load_file

    exported = load_file(str(tmp_path / "reader.safetensors"))
    weights = {k: v.astype(np.float32) for k, v in exported.items()}
    weights[model.WORD_EMBEDDINGS] = model.base_weights()[model.WORD_EMBEDDINGS]
    from verify_ask.reader.reading import probabilities

    got = probabilities(weights, [r for r, _ in rows])
    assert np.allclose(got, expected, atol=5e-3)


def test_training_goes_on_from_the_shipped_reader() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from verify_ask.reader.reading import probabilities
    from verify_ask.reader.training import score, train

    rows, data = _tiny_pairs()
    base = model.weights_dir() / model.BASE_FILE
    shipped = model.weights_dir() / model.READER_FILE
    # No step taken: the model is the shipped reader, layers and head.
    resumed = train(data, np.arange(len(rows)), base, epochs=0, lr=1e-4, batch=2, seed=0,
                    start=shipped)
    expected = probabilities(model.reader_weights(), [r for r, _ in rows])
    assert np.allclose(score(resumed, data, np.arange(len(rows))), expected, atol=5e-3)
