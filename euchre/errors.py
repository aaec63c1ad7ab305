"""The project's exceptions: every illegal action or input raises one of these."""


class EuchreError(ValueError):
    """Something that breaks the rules of Euchre."""


class InvalidCardError(EuchreError):
    """Text that does not name one of the 24 cards, or a suit."""


class IllegalPlayError(EuchreError):
    """A card that may not be played now."""


class OutOfTurnError(IllegalPlayError):
    """A player acted when it was not their turn."""


class CardNotHeldError(IllegalPlayError):
    """A player played or discarded a card they do not hold."""


class MustFollowSuitError(IllegalPlayError):
    """A player did not follow the lead suit while holding a card of it."""


class TrickCompleteError(IllegalPlayError):
    """A card was played to a trick that every player has already played to."""
