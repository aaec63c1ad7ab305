"""Euchre: a small rules model of the card game, and a kata built on it."""
