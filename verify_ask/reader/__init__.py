"""The reader: a cross-encoder that reads the question and a figure's neighbourhood, and says
how likely that figure answers the question from that text (``reading.read``), and the base
encoder it was fine-tuned from, which embeds passages for retrieval (``dense``).

Nothing heavy is imported here: training (``training``, torch) and answering (``reading``,
numpy) import what each needs.
"""
