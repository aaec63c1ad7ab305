"""How sure a figure is: a win rate (or any share) from how often, a mean from its values. The
one home of it for the benchmarks, ``euchre simulate`` and ``euchre agree``."""

from __future__ import annotations

import math
from collections.abc import Sequence


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


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval, from its standard error (the
    values are taken as independent draws: points a hand, or a deal's margin).

    >>> mean_interval([2, 0, 2, 0])
    (1.0, -0.1316, 2.1316)
    """
    n = len(values)
    if n < 2:
        raise ValueError(f"a mean's interval needs two values or more, not {n}")
    mean = sum(values) / n
    half = z * math.sqrt(sum((value - mean) ** 2 for value in values) / (n - 1) / n)
    return round(mean, 4), round(mean - half, 4), round(mean + half, 4)
