"""A checker plugin that fails on import, as a plugin with a missing dependency would."""

raise ImportError("verify_ask_broken needs a library that is not installed")
