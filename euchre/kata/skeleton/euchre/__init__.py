"""Euchre: the model you will write, one module per concept. The features say the rules."""
