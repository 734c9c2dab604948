"""``python -m verify_ask``."""

import os
import sys

try:
    # Held from the first line: this module's imports are where a KeyboardInterrupt could
    # land in importlib and be lost (see verify_ask.interrupts).
    from verify_ask import interrupts

    held = interrupts.hold()
    from verify_ask.cli.main import run
except KeyboardInterrupt:  # Ctrl-C before the handler was in place
    print("verify-ask: interrupted", file=sys.stderr, flush=True)
    os._exit(130)  # not sys.exit: see verify_ask.cli.main.run

run(held)
