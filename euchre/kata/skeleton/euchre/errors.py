"""The exceptions: every action the rules do not allow raises one of these, naming the rule."""


class EuchreError(ValueError):
    """Something that breaks the rules of Euchre."""


class OutOfTurnError(EuchreError):
    """A player acted when it was not their turn."""


class CardNotHeldError(EuchreError):
    """A player played or discarded a card they do not hold."""


class MustFollowSuitError(EuchreError):
    """A player did not follow the lead suit while holding a card of it."""


class TrickCompleteError(EuchreError):
    """A card was played to a trick that every player has already played to."""


class TurnedDownSuitError(EuchreError):
    """Naming the suit of the upcard after it was turned down."""


class DealerMustCallError(EuchreError):
    """The dealer passed when stuck: under stick the dealer they must name trump."""
