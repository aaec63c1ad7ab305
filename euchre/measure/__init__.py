"""Measurement of the bots, never a test: whole games between the levels with their decision
times (``match``), how sure a rate or a mean is (``win_rate``), and duplicate deals
(``duplicate``), the same cards played by both sides in turn."""
