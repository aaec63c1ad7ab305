"""The project's exceptions, gathered: every illegal action or input raises one of these.

An action that raises leaves the trick, hand or game exactly as it was. A refusal carries what
it is about (the seat, the card, the suit, the cards held, the action) as fields, and its message
is written from them, so that a caller can say it in its own words (``you must follow hearts``).

The root, ``EuchreError``, sits beneath the cards and seats (``euchre.euchre_error``), and the
errors of reading them are defined beside them; the refusals here are built on both.
"""

from __future__ import annotations

from euchre.actions import Action, DefendAlone, Discard, Play
from euchre.cards import Card, InvalidCardError, Suit
from euchre.euchre_error import EuchreError
from euchre.seats import Seat, Team

__all__ = [
    "CanadianLonerError",
    "CardNotHeldError",
    "DealerMustCallError",
    "EuchreError",
    "GameOverError",
    "HandOverError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "InvalidCardError",
    "MustFollowSuitError",
    "OutOfTurnError",
    "TrickCompleteError",
    "TrickIncompleteError",
    "TurnedDownSuitError",
    "WrongPhaseError",
]


class IllegalActionError(EuchreError):
    """An action that the rules do not allow at this moment."""


class OutOfTurnError(IllegalActionError):
    """A player (``acted``) acted when it was another's turn (``turn``)."""

    def __init__(self, turn: Seat | None, acted: Seat) -> None:
        super().__init__(turn, acted)
        self.turn, self.acted = turn, acted

    def __str__(self) -> str:
        return f"it is {self.turn}'s turn, not {self.acted}'s"


class WrongPhaseError(IllegalActionError):
    """An ``action`` of the wrong kind for this stage of the hand (``stage``: what the stage
    asks), such as playing before trump is made (``trump_made``)."""

    def __init__(self, action: Action, stage: str, trump_made: bool) -> None:
        super().__init__(action, stage, trump_made)
        self.action, self.stage, self.trump_made = action, stage, trump_made

    def __str__(self) -> str:
        rule = self._rule()
        return f"{rule}: {self.stage}" if rule else self.stage

    def _rule(self) -> str:
        """The rule broken, when the stage's own words do not say it (a suit named in round 1)."""
        if isinstance(self.action, Discard):
            return "only the dealer discards, after the upcard is ordered up"
        if isinstance(self.action, DefendAlone):
            return "only a defender facing a lone maker may defend alone, under that variant"
        if self.trump_made:
            return "trump is already made"
        return "trump is not made yet" if isinstance(self.action, Play) else ""


class HandOverError(IllegalActionError):
    """An ``action`` on a hand that has ended."""

    def __init__(self, action: Action) -> None:
        super().__init__(action)
        self.action = action

    def __str__(self) -> str:
        return f"the hand is over: it takes no more actions ({self.action})"


class GameOverError(IllegalActionError):
    """An action on a game that has ended: won by ``winner`` (None: drawn) at ``scores``."""

    def __init__(self, winner: Team | None, scores: tuple[int, int]) -> None:
        super().__init__(winner, scores)
        self.winner, self.scores = winner, scores

    def __str__(self) -> str:
        result = f"{self.winner} won" if self.winner else "drawn"
        return f"the game is over: {result} {self.scores[0]}-{self.scores[1]}"


class IllegalBidError(IllegalActionError):
    """A bid that is not allowed now."""


class CanadianLonerError(IllegalBidError):
    """The dealer's partner (``seat``) ordered up the dealer's card without going alone, under
    the Canadian loner."""

    def __init__(self, seat: Seat) -> None:
        super().__init__(seat)
        self.seat = seat

    def __str__(self) -> str:
        return f"the Canadian loner: {self.seat} orders up the dealer's card, so goes alone"


class TurnedDownSuitError(IllegalBidError):
    """Naming the ``suit`` of the upcard after it was turned down, or ordering it up in
    round 2 (``ordered_up``)."""

    def __init__(self, suit: Suit, ordered_up: bool = False) -> None:
        super().__init__(suit, ordered_up)
        self.suit, self.ordered_up = suit, ordered_up

    def __str__(self) -> str:
        if self.ordered_up:
            return f"{self.suit} was turned down: in round 2 it may not be ordered up"
        return f"{self.suit} was turned down: name another suit"


class DealerMustCallError(IllegalBidError):
    """The dealer (``seat``) passed when stuck: under stick the dealer they must name trump."""

    def __init__(self, seat: Seat) -> None:
        super().__init__(seat)
        self.seat = seat

    def __str__(self) -> str:
        return f"stick the dealer: {self.seat} must name trump"


class CardNotHeldError(IllegalActionError):
    """A player (``seat``) played or discarded a ``card`` they do not hold."""

    def __init__(self, seat: Seat, card: Card) -> None:
        super().__init__(seat, card)
        self.seat, self.card = seat, card

    def __str__(self) -> str:
        return f"{self.seat} does not hold {self.card}"


class IllegalPlayError(IllegalActionError):
    """A card that may not be played to this trick."""


class MustFollowSuitError(IllegalPlayError):
    """A player (``seat``) did not follow the lead ``suit`` while holding cards of it
    (``following``: the cards they could have played)."""

    def __init__(self, seat: Seat, suit: Suit, following: tuple[Card, ...]) -> None:
        super().__init__(seat, suit, following)
        self.seat, self.suit, self.following = seat, suit, following

    def __str__(self) -> str:
        held = " ".join(map(str, self.following))
        return f"{self.seat} must follow {self.suit} (holds {held})"


class TrickCompleteError(IllegalPlayError):
    """A card was played to a trick that every player (``played``: how many) has played to."""

    def __init__(self, played: int) -> None:
        super().__init__(played)
        self.played = played

    def __str__(self) -> str:
        return f"the trick is complete: {self.played} cards played"


class TrickIncompleteError(IllegalPlayError):
    """A trick's winner asked for before every player (``played``: how many have) has played."""

    def __init__(self, played: int) -> None:
        super().__init__(played)
        self.played = played

    def __str__(self) -> str:
        return f"the trick is not complete: {self.played} cards played, no winner yet"
