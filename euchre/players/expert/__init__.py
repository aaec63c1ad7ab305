"""The level ``expert``: a search player, one pipeline (``player``) over three steps, each a
module: ``sample`` the unseen cards, ``score`` each choice with the ``solver``, ``weigh`` it by
the game score; ``belief`` reads the other seats' bids and plays for ``sample``."""

from euchre.players.expert.player import ExpertPlayer
from euchre.players.expert.settings import ExpertSettings
from euchre.players.expert.weigh import settled

__all__ = ["ExpertPlayer", "ExpertSettings", "settled"]
