"""The language model: the backends that draw and score text, the prompts, and the
model's ranking of a source's figures.
"""
