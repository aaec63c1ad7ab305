"""The exceptions: every action the rules do not allow raises one of these, naming the rule.

The scenarios check the kind of refusal, and that its message names what it is about: write
cards as "10H" (``str(card)``), suits by name, as "hearts", and seats by ``str(seat)``.
"""


class EuchreError(ValueError):
    """Something that breaks the rules of Euchre."""


class OutOfTurnError(EuchreError):
    """Raised when a seat acts out of turn; the message says "it is {seat}'s turn"."""


class CardNotHeldError(EuchreError):
    """Raised for a card its player does not hold; the message names the card."""


class MustFollowSuitError(EuchreError):
    """Raised for a card the player may not play; the message names the cards they may play."""


class TrickCompleteError(EuchreError):
    """Raised for a card played to a complete trick."""


class IllegalBidError(EuchreError):
    """Raised for a bid the rules do not allow now."""


class TurnedDownSuitError(EuchreError):
    """Raised for a bid on the suit turned down; the message says "{suit} was turned down"."""


class DealerMustCallError(EuchreError):
    """Raised for a pass the dealer may not make."""
