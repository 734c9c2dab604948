"""Ctrl-C held over a block and delivered after it."""

from __future__ import annotations

import signal
import threading

import pytest

from verify_ask import interrupts


@pytest.fixture
def ctrl_c_raises():
    """Python's own Ctrl-C handler, whatever the suite was started under (``nohup`` starts
    it with Ctrl-C ignored, and Python then keeps it ignored)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_inside_the_block_is_raised_after_it(ctrl_c_raises: None) -> None:
    steps: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        with interrupts.deferred():
            signal.raise_signal(signal.SIGINT)
            steps.append("block finished")
    assert steps == ["block finished"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_quiet_block_raises_nothing_and_restores_the_handler(ctrl_c_raises: None) -> None:
    with interrupts.deferred():
        pass
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_ignored_ctrl_c_stays_ignored() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with interrupts.deferred():
            signal.raise_signal(signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_outside_the_main_thread_the_handler_is_left_alone(ctrl_c_raises: None) -> None:
    seen: list[object] = []

    def work() -> None:
        with interrupts.deferred():
            seen.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen == [signal.default_int_handler]
