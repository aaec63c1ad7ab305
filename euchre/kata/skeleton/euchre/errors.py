"""The project's exceptions: every illegal action raises one of these, naming the rule."""


class EuchreError(ValueError):
    """Something that breaks the rules of Euchre."""


class IllegalActionError(EuchreError):
    """An action that the rules do not allow at this moment."""


class OutOfTurnError(IllegalActionError):
    """A player acted when it was not their turn."""


class CardNotHeldError(IllegalActionError):
    """A player played or discarded a card they do not hold."""


class IllegalPlayError(IllegalActionError):
    """A card that may not be played to this trick."""


class MustFollowSuitError(IllegalPlayError):
    """A player did not follow the lead suit while holding a card of it."""


class TrickCompleteError(IllegalPlayError):
    """A card was played to a trick that every player has already played to."""


class IllegalBidError(IllegalActionError):
    """A bid that is not allowed now."""


class TurnedDownSuitError(IllegalBidError):
    """Naming the suit of the upcard after it was turned down."""


class DealerMustCallError(IllegalBidError):
    """The dealer passed when stuck: under stick the dealer they must name trump."""
