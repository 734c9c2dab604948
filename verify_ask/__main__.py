import os
import sys

try:
    from verify_ask.cli.main import run
except KeyboardInterrupt:  # Ctrl-C while the entry point itself is being imported
    print("verify-ask: interrupted", file=sys.stderr, flush=True)
    os._exit(130)  # not sys.exit: see verify_ask.cli.main.run

run()
