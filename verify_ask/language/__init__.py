"""What words mean: the word lists the rules share, what a question asks, names,
events, and where a figure sits relative to what the question asks.
"""
