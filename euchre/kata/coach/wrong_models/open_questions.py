"""The product owner's first question on each rule of a story: an open one.

At level stories a gap the learner's examples leave is asked about first by the part of the
story it is in, never by the answer: no card, no count of cards, no seat. Only if a later green
run leaves the same rule's gap open does the coach ask the pointed question of the wrong model
that still passes (questions.py), which names the situation.
"""

from __future__ import annotations

from . import dealing, lead_suit, making_trump, play, scoring, table, the_game, tricks, trump

OPEN: dict[str, str] = {
    dealing.PACKETS: "How are the cards dealt around the table, a few at a time?",
    dealing.FIRST: "Whoever deals, who is dealt to first?",
    dealing.SHUFFLE: "What must be true of a deck once it is shuffled?",
    dealing.SEED: "What does a shuffle depend on, and can a deal be played again?",
    dealing.KITTY: "What must be true of the cards each player holds, and of those left over?",
    dealing.UPCARD: "Which card is turned face up after the deal?",
    dealing.WHOLE: "Which decks can be dealt, and what is said of one that cannot?",
    play.FIRST_LEAD: "Who plays the first card of the first trick?",
    play.NEXT_LEAD: "Who plays first in the next trick, and who plays after them?",
    play.IN_TURN: "In what order is a trick played, and what becomes of each card played?",
    play.HELD: "Which cards may a player play?",
    play.ONE_EACH: "How many cards does each player play to a trick?",
    lead_suit.SETS: "What decides a trick's lead suit?",
    lead_suit.ANY_LEAD: "What may the player who leads a trick lead?",
    lead_suit.FOLLOW: "When must a player follow the lead suit?",
    lead_suit.VOID: "What may a player play who cannot follow the lead suit?",
    lead_suit.TRUMP_LED: "Can trump be a trick's lead suit?",
    lead_suit.LEFT_LED: "Is every card led a card of the suit printed on it?",
    lead_suit.LEFT_SUIT: "Does every card follow the suit printed on it?",
    trump.RANKS: "How do the cards of the trump suit rank?",
    trump.BARS: "Which cards rank highest of all, and are they all of the trump suit?",
    tricks.NO_TRUMP: "When no trump is played, which card wins the trick?",
    tricks.OFF_SUIT: "Can a card of neither trump nor the lead suit win a trick?",
    tricks.TRUMP_WINS: "How does a trump fare against the cards of the other suits?",
    tricks.SEVERAL: "When several trumps are played, which wins?",
    tricks.NO_WINNER: "When does a trick have a winner?",
    tricks.COMPLETE: "When is a trick complete?",
    scoring.POINTS: "What do the makers score for the tricks they win?",
    scoring.EUCHRED: "What happens when the makers do not win enough tricks?",
    scoring.ALONE: "What does a maker who goes alone score?",
    scoring.HOUSE: "What may house rules change in the scoring?",
    making_trump.ROUND_1: "In the first round of bidding, who may bid, in what order, and how?",
    making_trump.PICKS_UP: "Who picks up the upcard when it is ordered up?",
    making_trump.UPCARD_ONLY: "Which suits can be made trump in the first round?",
    making_trump.DISCARD: "What does the dealer do after picking up the upcard?",
    making_trump.ROUND_2: "What happens when everyone passes in the first round?",
    making_trump.PLAY: "Once trump is made, what happens before the first card is led?",
    table.STUCK: "Under stick the dealer, what may the dealer not do?",
    table.REDEAL: "Under the redeal rule, what happens when everyone passes twice?",
    table.PARTNER: "What becomes of the partner of a maker who goes alone?",
    table.NEXT_LEADS: "Who leads when the player who would lead sits out?",
    table.DEALER_OUT: "What does the dealer do when their partner goes alone?",
    table.LONERS_LEFT: 'Under the house rule "the loner\'s left leads", who leads?',
    table.CANADIAN: "Under the Canadian loner, what must the dealer's partner do?",
    the_game.SCORED: "How is a hand played out, and what decides its score?",
    the_game.TEN: "When does a team win the game?",
    the_game.GOES_ON: "What happens after a hand that no team has won the game with?",
    the_game.HANDS: "Under the house rule of a game of so many hands, how does it end?",
}
"""The open question on each rule, by the rule as the catalogue states it."""
