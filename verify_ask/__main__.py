from verify_ask.cli.main import run

run()
