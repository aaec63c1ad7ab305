"""The exceptions: every action the rules do not allow raises one of these, naming the rule.

The scenarios check the kind of refusal, and that its message names what it is about: write
cards as "10H" (``str(card)``) and suits in lower case, as "hearts".
"""


class EuchreError(ValueError):
    """Something that breaks the rules of Euchre."""


class OutOfTurnError(EuchreError):
    """A player acted when it was not their turn: "it is {seat}'s turn, not ..."."""


class CardNotHeldError(EuchreError):
    """A player played or discarded a card they do not hold; the message names the card."""


class MustFollowSuitError(EuchreError):
    """A player did not follow the lead suit: the message names the cards they could follow with."""


class TrickCompleteError(EuchreError):
    """A card was played to a trick that every player has already played to."""


class IllegalBidError(EuchreError):
    """A bid that is not allowed now, such as the Canadian loner's order without going alone."""


class TurnedDownSuitError(EuchreError):
    """Naming the suit of the upcard after it was turned down: "hearts was turned down"."""


class DealerMustCallError(EuchreError):
    """The dealer passed when stuck: under stick the dealer they must name trump."""
