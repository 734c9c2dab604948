"""Reading text: the source and every figure in it, text to typed values, tables,
passages, and arithmetic expressions.
"""
