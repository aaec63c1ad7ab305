"""The project's exceptions: every illegal action or input raises one of these.

An action that raises leaves the trick, hand or game exactly as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # seats.py raises these errors, so it is imported only for the types
    from euchre.seats import Seat


class EuchreError(ValueError):
    """Something that breaks the rules of Euchre."""


class InvalidCardError(EuchreError):
    """Text that does not name one of the 24 cards, or a suit."""


class IllegalActionError(EuchreError):
    """An action that the rules do not allow at this moment."""


class OutOfTurnError(IllegalActionError):
    """A player acted when it was not their turn."""

    @classmethod
    def waiting_for(cls, turn: Seat | None, acted: Seat) -> OutOfTurnError:
        """The refusal when ``acted`` acts while the table waits for ``turn``."""
        return cls(f"it is {turn}'s turn, not {acted}'s")


class WrongPhaseError(IllegalActionError):
    """An action of the wrong kind for this stage of the hand, such as playing before trump."""


class HandOverError(IllegalActionError):
    """An action on a hand that has ended."""


class GameOverError(IllegalActionError):
    """An action on a game that has ended."""


class IllegalBidError(IllegalActionError):
    """A bid that is not allowed now."""


class TurnedDownSuitError(IllegalBidError):
    """Naming the suit of the upcard after it was turned down."""


class DealerMustCallError(IllegalBidError):
    """The dealer passed when stuck: under stick the dealer they must name trump."""


class CardNotHeldError(IllegalActionError):
    """A player played or discarded a card they do not hold."""


class IllegalPlayError(IllegalActionError):
    """A card that may not be played to this trick."""


class MustFollowSuitError(IllegalPlayError):
    """A player did not follow the lead suit while holding a card of it."""


class TrickCompleteError(IllegalPlayError):
    """A card was played to a trick that every player has already played to."""
