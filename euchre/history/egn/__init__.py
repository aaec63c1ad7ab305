"""Euchre Game Notation (EGN): a whole game as JSON, read into hands and written from them.

EGN (github.com/NextSuit-Labs/euchre-game-notation, Apache-2.0) records a game as its rules,
its players, the score it starts from and its deals; each deal is the dealer, the upcard, the
calls and the cards in the order they fell. It leaves out what the rules deduce (who led each
trick, who won it, the score) and may leave out what nobody saw (the dealer's discard, the
kitty, the cards of a partner who sat out).

    >>> import json
    >>> game = load_egn(json.loads(open("tests/data/egn/annotated.egn").read()))
    >>> game.rules.points_to_win, len(game.deals), game.scores()[-1]
    (10, 1, {<Team.NS: 'NS'>: 8, <Team.EW: 'EW'>: 10})
    >>> dumps(game) == dumps(load_egn(write_egn(game)))
    True

The package, in the order a reader meets it:

- ``notation``: the vocabulary, read and written: cards (``Kc``, ``R`` and ``L`` for the
  bowers), seats by number, calls, and the annotations' labels (``[??]`` a blunder).
- ``ruleset``: the ``ruleset`` of the metadata as the project's ``Rules``.
- ``game``: the model, ``EgnGame`` and its ``EgnDeal``s, and the score they bring.
- ``reader``: ``load_egn`` and ``read_egn``, the game checked deal by deal (and
  ``read_egn_with_scores``, each deal with the running score); ``deal``: one deal
  replayed through the rules model; ``unseen``: the cards nobody saw, placed where nobody saw
  them, so that nothing unknown is ever shown or written as known.
- ``writer``: ``write_egn`` and ``dumps``; ``convert``: to and from hand records and saved
  games.
"""

from euchre.history.egn.convert import (
    egn_from_hands,
    egn_from_saved,
    records_from_egn,
    saved_from_egn,
)
from euchre.history.egn.deal import read_deal
from euchre.history.egn.game import EgnDeal, EgnGame
from euchre.history.egn.notation import (
    FILE_TYPE,
    LABELS,
    VERSION,
    EgnError,
    is_egn,
    label,
    read_card,
    write_card,
)
from euchre.history.egn.reader import Outcome, load_egn, read_egn, read_egn_with_scores
from euchre.history.egn.ruleset import UNSUPPORTED, read_ruleset, write_ruleset
from euchre.history.egn.writer import dumps, write_deal, write_egn

__all__ = [
    "FILE_TYPE",
    "LABELS",
    "UNSUPPORTED",
    "VERSION",
    "EgnDeal",
    "EgnError",
    "EgnGame",
    "Outcome",
    "dumps",
    "egn_from_hands",
    "egn_from_saved",
    "is_egn",
    "label",
    "load_egn",
    "read_card",
    "read_deal",
    "read_egn",
    "read_egn_with_scores",
    "read_ruleset",
    "records_from_egn",
    "saved_from_egn",
    "write_card",
    "write_deal",
    "write_egn",
    "write_ruleset",
]
