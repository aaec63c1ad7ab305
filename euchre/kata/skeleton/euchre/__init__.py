"""Euchre: the model you will write, one module per concept."""
