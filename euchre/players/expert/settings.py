"""How the expert searches: the level's own settings, and every version of it a bench measures
(``bench/expert_duplicate.py``, ``bench/expert_headroom.py``) is these with some changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from euchre.cards import Card
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.seats import Seat

Told = Callable[[SeatView], Mapping[Seat, Sequence[Card]]]
"""Cards a seat is told beyond what it sees, by the seat that holds them."""


@dataclass(frozen=True)
class ExpertSettings:
    """The expert's settings; ``ExpertSettings()`` is the level ``expert``."""

    samples: int = 48
    """Deals, at most, for a card."""
    bid_samples: int = 48
    """Deals, at most, for a bid, the discard or defending alone."""
    least: int = 16
    """Deals, at least, before it judges whether the choice is clear."""
    tries: int = 20
    """Deals drawn, at most, to find one that fits the other seats' bids and plays."""
    batch: int = 8
    """Deals scored between two looks at whether the best action is clear."""
    sure: float = 2.0
    """Standard errors by which the best action must lead another for the choice to be clear."""
    close: float = 0.05
    """Points by which two actions may differ and still count as equally good."""
    alike: frozenset[Phase] = frozenset({Phase.PLAY, Phase.DISCARD})
    """The decisions in which, of the actions as good as the best, it takes the rule of thumb's
    (the ``normal`` bot's) if that is among them: within ``close``, or in the decisions
    ``doubted`` names, within ``doubt`` standard errors."""
    doubt: float = 2.0
    """Standard errors (of the difference over the deals searched) by which the best action may
    lead the rule of thumb's and the two still count as equally good: the deals cannot tell them
    apart."""
    doubted: frozenset[Phase] = frozenset({Phase.DISCARD})
    """The decisions judged with ``doubt``: the dealer's discard, a choice of six cards that
    the deals, each solved whole, rate with a wide spread."""
    caution: float = 0.2
    """Points taken off every call's estimate: double-dummy, the makers see every card, and at
    the table they lose more by not seeing them than the defenders do."""
    slack: float = 0.6
    """How far another seat's hand may lie the wrong side of its seat's calling line, by the
    ``normal`` bot's value, and its bid still be believed (``belief.bid_check``)."""
    misfit: float = 0.3
    """The likelihood of a play the ``normal`` bot would not have made with the cards dealt,
    against 1 for one it would have made (``belief.play_check``)."""
    told: Told | None = None
    """Cards the seat is told, beyond its view, for every deal it draws: what a bench hands a
    version of the expert to measure what seeing them is worth. None for the level itself."""
