"""How sure a win rate is, from the games played: the one home of it for the benchmarks and
``euchre simulate``."""

from __future__ import annotations

import math


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a win rate (Wilson's score interval).

    >>> wilson_interval(90, 100)
    (0.8256, 0.9448)
    """
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return (round(centre - half, 4), round(centre + half, 4))
