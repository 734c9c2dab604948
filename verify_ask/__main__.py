"""``python -m verify_ask``."""

import os
import sys

try:
    import signal

    # Ctrl-C is noted, not raised, from here on (see verify_ask.cli.main.hold_interrupts):
    # this module's imports are where a KeyboardInterrupt could land in importlib and be lost.
    caught: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))

    from verify_ask.cli.main import run
except KeyboardInterrupt:  # Ctrl-C before the handler was in place
    print("verify-ask: interrupted", file=sys.stderr, flush=True)
    os._exit(130)  # not sys.exit: see verify_ask.cli.main.run

run((caught, previous))
