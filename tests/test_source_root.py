"""``--source-root``: a batch line's own ``source`` must resolve, after ``..`` and symlinks, inside
it; a line naming a file outside gets an error record (exit status 4) and the file is never read.
``--source`` on the command line is not confined, and ``--source-root /`` allows any file.

The CLI tests answer with a replaying backend (no model): every good line is verified.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from named_cases import named

from verify_ask.batch import sources
from verify_ask.batch.source_root import confine, resolve_root
from verify_ask.cli.environment import Environment
from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus, InputError, UsageError
from verify_ask.text.source import Source

QUESTION = "When was the bridge built?"
SECRET = "The vault code is 4812."
SAMPLES = ["-n", "2", "--no-timings", "--quiet"]


@dataclass
class Tree:
    root: Path
    """Holds a.txt, a symlink to the secret, and a symlink to a.txt."""
    secret: Path
    """outside/secret.txt, a sibling of the root."""


@pytest.fixture
def tree(tmp_path: Path) -> Tree:
    root = tmp_path / "root"
    (root / "docs").mkdir(parents=True)
    (root / "a.txt").write_text("The bridge was built in 1990.", encoding="utf-8")
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text(SECRET, encoding="utf-8")
    (root / "escape.txt").symlink_to(secret)
    (root / "docs" / "same.txt").symlink_to(root / "a.txt")
    return Tree(root, secret)


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every path the batch's source cache reads."""
    paths: list[str] = []
    real = sources.read_source

    def spy(path: str) -> Source:
        paths.append(path)
        return real(path)

    monkeypatch.setattr(sources, "read_source", spy)
    return paths


# --- the check itself ---------------------------------------------------------------------------

INSIDE = [
    ("relative", lambda t: "a.txt"),
    ("absolute", lambda t: str(t.root / "a.txt")),
    ("dot-dot-back-inside", lambda t: "docs/../a.txt"),
    ("symlink-to-inside", lambda t: "docs/same.txt"),
    ("missing-file", lambda t: "no/such/file.txt"),  # read later, and reported "not found"
]
OUTSIDE = [
    ("absolute", lambda t: str(t.secret)),
    ("etc-shadow", lambda t: "/etc/shadow"),
    ("dot-dot", lambda t: "../outside/secret.txt"),
    ("dot-dot-deep", lambda t: "docs/../../outside/secret.txt"),
    ("symlink-to-outside", lambda t: "escape.txt"),
]


def each(cases: list[tuple[str, Callable[[Tree], str]]]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("make", [m for _, m in cases], ids=[i for i, _ in cases])


@pytest.fixture
def in_root(tree: Tree, monkeypatch: pytest.MonkeyPatch) -> Tree:
    """The tree, with the current directory at its root (relative paths start there)."""
    monkeypatch.chdir(tree.root)
    return tree


@each(INSIDE)
def test_paths_that_resolve_inside_the_root_pass(
    make: Callable[[Tree], str], in_root: Tree
) -> None:
    tree, path = in_root, make(in_root)
    root = tree.root.resolve()
    assert Path(path).resolve().is_relative_to(root)  # the case is what its id says
    confine(path, root)  # passes: raises nothing
    with pytest.raises(InputError, match="is outside --source-root"):
        confine(path, tree.secret.parent.resolve())  # while another root refuses it


@each(OUTSIDE)
def test_paths_that_resolve_outside_the_root_are_refused(
    make: Callable[[Tree], str], in_root: Tree
) -> None:
    tree, path = in_root, make(in_root)
    with pytest.raises(InputError) as refused:
        confine(path, tree.root.resolve())
    assert str(refused.value) == f"source {path} is outside --source-root {tree.root.resolve()}"
    assert refused.value.exit_status == ExitStatus.INPUT


def test_the_filesystem_root_allows_every_path(tree: Tree) -> None:
    everywhere = resolve_root("/")
    assert everywhere == Path("/")
    for path in (str(tree.secret), str(tree.root / "escape.txt"), "/etc/shadow"):
        with pytest.raises(InputError, match="is outside --source-root"):
            confine(path, tree.root.resolve())  # refused under a narrower root
        confine(path, everywhere)  # allowed: raises nothing


def test_a_symlink_loop_is_refused_not_a_crash(tree: Tree) -> None:
    (tree.root / "loop").symlink_to(tree.root / "loop")
    with pytest.raises(InputError, match="cannot be resolved"):
        confine(str(tree.root / "loop"), tree.root.resolve())


def test_the_default_root_is_the_current_directory_resolved(
    tree: Tree, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tree.root / "docs")
    assert resolve_root(None) == (tree.root / "docs").resolve()
    assert resolve_root(str(tree.root)) == tree.root.resolve()


def test_a_root_that_is_not_a_directory_is_a_usage_error(tree: Tree) -> None:
    with pytest.raises(UsageError, match="is not a directory"):
        resolve_root(str(tree.root / "a.txt"))
    with pytest.raises(UsageError, match="is not a directory"):
        resolve_root(str(tree.root / "none"))


# --- the command line ---------------------------------------------------------------------------


def _batch(folder: Path, lines: list[dict[str, str] | str]) -> str:
    path = folder / "q.jsonl"
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    path.write_text(text, encoding="utf-8")
    return str(path)


def _records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_lines_outside_the_root_get_error_records_and_the_others_are_answered(
    tree: Tree, tmp_path: Path, capsys, replay, opened: list[str]
) -> None:
    replay(["1990"] * 3)
    outside = [str(tree.secret), "../outside/secret.txt", str(tree.root / "escape.txt")]
    lines = [
        {"id": "in", "question": QUESTION, "source": str(tree.root / "a.txt")},
        *({"id": f"out{i}", "question": QUESTION, "source": p} for i, p in enumerate(outside)),
        {"id": "in-again", "question": QUESTION, "source": str(tree.root / "docs/same.txt")},
    ]
    args = ["--batch", _batch(tmp_path, lines), "--source-root", str(tree.root), *SAMPLES]
    status = main(args)
    captured = capsys.readouterr()
    records = _records(captured.out)
    assert [(r["id"], r["line"], r["status"]) for r in records] == [
        ("in", 1, "verified"),
        ("out0", 2, "error"),
        ("out1", 3, "error"),
        ("out2", 4, "error"),
        ("in-again", 5, "verified"),
    ]
    root = tree.root.resolve()
    for record, path in zip(records[1:4], outside, strict=True):
        assert record["exit_status"] == ExitStatus.INPUT
        assert record["error"] == f"source {path} is outside --source-root {root}"
    assert status == ExitStatus.INPUT
    assert SECRET not in captured.out and SECRET not in captured.err
    assert not any("secret" in path or "escape" in path for path in opened), opened


def test_source_root_slash_allows_any_file(tree: Tree, tmp_path: Path, capsys, replay) -> None:
    backend = replay(["4812"] * 3)
    lines = [{"question": "What is the vault code?", "source": str(tree.root / "escape.txt")}]
    args = ["--batch", _batch(tmp_path, lines), "--source-root", "/", *SAMPLES]
    assert main(args) == ExitStatus.VERIFIED
    (record,) = _records(capsys.readouterr().out)
    assert record["status"] == "verified"
    assert SECRET in backend.prompts[0]


def test_source_on_the_command_line_is_not_confined(
    tree: Tree, tmp_path: Path, capsys, replay
) -> None:
    replay(["4812"] * 3)
    lines = ["What is the vault code?", {"question": "What is the vault code?"}]
    batch = _batch(tmp_path, lines)
    args = ["--batch", batch, "-s", str(tree.secret), "--source-root", str(tree.root), *SAMPLES]
    assert main(args) == ExitStatus.VERIFIED
    assert [r["status"] for r in _records(capsys.readouterr().out)] == ["verified", "verified"]


def test_the_default_root_is_the_current_directory_even_for_a_batch_elsewhere(
    tree: Tree, tmp_path: Path, capsys, replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Relative line sources are read from the current directory, not the batch file's, so
    that is the default root: a batch kept outside it still reaches the files in it."""
    replay(["1990"] * 3)
    monkeypatch.chdir(tree.root)
    lines = [
        {"question": QUESTION, "source": "a.txt"},
        {"question": QUESTION, "source": "../outside/secret.txt"},
    ]
    assert main(["--batch", _batch(tmp_path, lines), *SAMPLES]) == ExitStatus.INPUT
    records = _records(capsys.readouterr().out)
    assert [r["status"] for r in records] == ["verified", "error"]
    root = tree.root.resolve()
    assert records[1]["error"] == f"source ../outside/secret.txt is outside --source-root {root}"


def test_the_default_root_of_a_batch_on_stdin_is_the_current_directory(
    tree: Tree, replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    replay(["1990"] * 3)
    monkeypatch.chdir(tree.root)
    lines = [{"question": QUESTION, "source": "a.txt"}, {"question": QUESTION, "source": "/etc"}]
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    env = Environment(stdin=io.BytesIO(data))
    assert main(["--batch", "-", *SAMPLES], env=env) == ExitStatus.INPUT
    records = _records(env.stdout.getvalue())  # type: ignore[attr-defined]
    assert [(r["status"], r.get("error")) for r in records] == [
        ("verified", None),
        ("error", f"source /etc is outside --source-root {tree.root.resolve()}"),
    ]


USAGE = [
    ("without-batch", ["When?", "-s", "a.txt", "--source-root", "."],
     "--source-root goes with --batch FILE"),
    ("not-a-directory", ["--batch", "q.jsonl", "--source-root", "a.txt"],
     "--source-root a.txt is not a directory"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "message"), named(USAGE))
def test_source_root_usage_errors_exit_2(
    args: list[str], message: str, tree: Tree, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tree.root)
    assert main(args) == ExitStatus.USAGE
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", f"verify-ask: error: {message}\n")
