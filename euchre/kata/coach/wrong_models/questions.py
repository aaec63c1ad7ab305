"""The question each wrong model raises, as a product owner asks it at level ``stories``.

In Example Mapping the questions are the red cards: what the team does not know yet about a
story. At level stories the coach asks one after each green run, about a wrong model the
learner's examples still let through: first the open question on its rule
(open_questions.py), then, if a later green leaves the gap open, this one. It names a
situation the learner can write an example of (who deals, which cards are played), and never
the rule that answers it: the learner writes their answer as an example, and the rules' own
model says whether it is right.
"""

from __future__ import annotations

QUESTIONS: dict[str, str] = {
    # Stage 1: dealing the hand.
    "three-then-two": "When Team 2 Player 4 deals an unshuffled deck, which cards does each"
    " player get, and in what order?",
    "dealer-dealt-first": "When Team 1 Player 1 deals an unshuffled deck, who gets its top two"
    " cards?",
    "threes-from-player-1": "When Team 1 Player 1 deals an unshuffled deck, which five cards does"
    " Team 2 Player 2 end up with?",
    "shuffle-keeps-the-order": "What does the deck look like once it is shuffled?",
    "shuffle-loses-a-card": "After a shuffle, is every card of the deck still there, and how"
    " many times?",
    "shuffle-ignores-its-seed": "If the deck is shuffled twice from the same seed, how do the two"
    " shuffles compare?",
    "shuffle-always-the-same": "If the deck is shuffled from the seed 7 and then from the seed 8,"
    " how do the two shuffles compare?",
    "kitty-of-three": "Once a shuffled deck is dealt, how many cards does each player hold, and"
    " what is left over?",
    "upcard-at-the-bottom": "Which card of what is left over after the deal is turned face up?",
    "deals-23-cards": "What happens when the dealer tries to deal a deck with a card missing?",
    "deals-a-card-twice": "What happens when the dealer tries to deal a deck that holds a card"
    " twice?",
    "twice-names-no-card": "When the dealer tries to deal a deck with a second 9 of clubs,"
    " what does the refusal say?",
    "twice-names-the-last-card": "When a card is in the deck twice but is not its last card,"
    " which card does the refusal name?",
    "missing-names-no-card": "When the dealer tries to deal a deck without the Ace of spades,"
    " what does the refusal say?",
    "missing-is-always-the-ace-of-spades": "When the deck lacks a card other than the Ace of"
    " spades, which card does the refusal name?",
    # Stage 2: play order.
    "dealer-leads": "When Team 2 Player 4 deals, who plays the first card of the first trick?",
    "player-1-always-leads": "What happens when the dealer is Team 1 Player 1: who leads?",
    "next-trick-same-leader": "Team 1 Player 1 leads the first trick, all hearts, and Team 2"
    " Player 2 wins it with the Ace: who plays first in the second?",
    "next-player-leads-the-next-trick": "Team 1 Player 1 leads the first trick, all hearts, and"
    " Team 1 Player 3 wins it with the Ace: who plays first in the second?",
    "play-goes-right": "Once Team 1 Player 1 has led, who plays next, and after them?",
    "out-of-turn-played": "What happens when Team 1 Player 3 plays a card before Team 2 Player 2"
    " has played?",
    "trick-keeps-the-last-card": "After Team 1 Player 1 and then Team 2 Player 2 have played,"
    " which cards are in the trick?",
    "card-not-held-played": "What happens when Team 2 Player 2 plays a card they do not hold?",
    "fifth-card-ignored": "What happens when someone plays a card to a trick that all four"
    " players have played to?",
    "anyone-may-lead": "Before anyone has played to the first trick, what happens if Team 1"
    " Player 3 plays a card?",
    "leader-plays-a-card-not-held": "What happens when the player who leads plays a card they do"
    " not hold?",
    # Stage 3: the lead suit.
    "lead-suit-of-the-last-card": "When a heart is played first and a club after it, what is the"
    " lead suit?",
    "leader-must-lead-trump": "Which of their cards may the first player of a trick play, when"
    " they hold a trump among others?",
    "trump-may-always-be-played": "When hearts are led, may a player who holds a heart and a"
    " trump play the trump?",
    "following-not-enforced": "What happens when a player who holds a heart plays a card of"
    " another suit to a heart lead?",
    "must-trump-when-void": "When hearts are led, which cards may a player play who has no heart"
    " but holds a trump?",
    "trump-led-frees-everyone": "When a trump is led, which cards may a player who holds a trump"
    " play?",
    "left-bar-leads-its-printed-suit": "When hearts are trump and the Jack of diamonds is led,"
    " what is the lead suit?",
    "left-bar-only-when-red": "When spades are trump and the Jack of clubs is led, what is the"
    " lead suit?",
    "left-bar-also-follows-its-printed-suit": "When hearts are trump and a diamond is led, which"
    " cards may a player holding JD AS KC play?",
    "play-follows-printed-suits": "When hearts are trump and a diamond is led, what happens if a"
    " player holding JD and 10D plays the Jack of diamonds?",
    # Stage 4: the trump suit.
    "ace-above-the-bars": "When hearts are trump, which trump is the highest, and which comes"
    " next?",
    "left-bar-not-ranked": "When clubs are trump, how many trumps are there, and in what order?",
    "left-bar-of-the-other-colour": "When hearts are trump, which card is the Left Bar?",
    "every-jack-is-a-right-bar": "When hearts are trump, is the Jack of clubs a Bar?",
    "ace-of-trump-is-a-bar": "When hearts are trump, is the Ace of hearts a Bar?",
    # Stage 5: winning a trick.
    "leader-wins": "When spades are trump, who wins a trick of 9H 10H AH QH led by Team 1"
    " Player 1?",
    "off-suit-can-win": "When spades are trump and hearts are led, who wins if two players throw"
    " off the Aces of clubs and diamonds?",
    "jack-high-in-plain-suits": "When hearts are trump and clubs are led, which wins: the Jack of"
    " clubs or the Queen?",
    "ten-below-nine": "When hearts are trump and clubs are led, which wins: the 10 of clubs or"
    " the 9?",
    "trump-does-not-beat-the-lead": "When spades are trump and the Ace of hearts is led, who"
    " wins if the next player plays the 9 of spades?",
    "trump-beats-only-lower-ranks": "When hearts are trump and the Ace of clubs is led, can the"
    " 9 of hearts beat it?",
    "trumps-by-plain-rank": "When hearts are trump, who wins a trick of AH JD JH KH?",
    "left-bar-beats-right-bar": "When hearts are trump, which wins: the Jack of hearts or the"
    " Jack of diamonds?",
    "first-trump-wins": "When hearts are trump and spades are led, who wins a trick of AS 9H KH"
    " 10H?",
    "left-bar-below-the-ace": "When hearts are trump, which wins: the Ace of hearts or the Jack"
    " of diamonds?",
    "left-bar-wins-as-its-printed-suit": "When hearts are trump and a diamond is led, who wins if"
    " the Ace of diamonds and the Jack of diamonds are both played?",
    "winner-before-the-end": "After only two cards are played to a trick, who has won it?",
    "complete-after-three-cards": "After three cards are played to a trick, is it over?",
    # Stage 6: scoring a hand.
    "march-scores-1": "How many points do the makers score when they win all 5 tricks?",
    "three-tricks-euchred": "What do the makers score when they win exactly 3 tricks?",
    "euchre-scores-1": "When the makers win only 2 tricks, who scores, and how much?",
    "lone-march-scores-2": "How many points does a maker who goes alone score for all 5 tricks?",
    "house-scores-ignored": "Under the house rule of a lone march scoring 5 and a euchred loner"
    " 3, what does a loner who wins all 5 tricks score?",
    # Stage 7: making trump.
    "bid-out-of-turn-taken": "What happens when Team 2 Player 2 orders up before Team 1 Player"
    " 1 has bid?",
    "upcard-left-for-an-opponent": "When Team 1 Player 1 orders up the King of hearts that Team"
    " 2 Player 4 turned up, where does the King go?",
    "round-1-name-taken-as-order-up": "In round 1, what happens when Team 1 Player 1 names"
    " spades, hearts having been turned up?",
    "dealer-keeps-the-upcard": "Once the dealer has picked up the upcard, may they discard that"
    " very card?",
    "discard-not-held-bare-error": "What happens when the dealer discards a card they do not hold?",
    "round-2-order-up-taken-as-pass": "After everyone has passed in round 1, what happens when"
    " Team 1 Player 1 orders up?",
    "turned-down-suit-taken-as-pass": "After everyone has passed in round 1, what happens when"
    " Team 1 Player 1 names the suit that was turned up?",
    "no-pass-in-round-2": "After everyone has passed in round 1, may Team 1 Player 1 pass again,"
    " and who bids then?",
    "play-ignored": "Once trump is made and the dealer has discarded, what happens when Team 1"
    " Player 1 plays a card?",
    # Stage 8: stick the dealer.
    "stuck-dealer-may-pass": "When everyone but the dealer has passed twice, what happens if the"
    " dealer passes too?",
    "redeal-rule-ignored": "Under the redeal rule, what happens when all four pass in both rounds?",
    # Stage 9: going alone.
    "partner-plays-with-a-loner": "When Team 1 Player 1 orders up alone, who plays the hand?",
    "loners-left-sits-out": "When Team 1 Player 1 orders up alone, who sits the hand out?",
    "dealer-leads-for-the-eldest": "When Team 1 Player 3 goes alone, so that Team 1 Player 1"
    " sits out, who leads the first trick?",
    "dealer-sits-out-without-discarding": "When the dealer's partner orders up alone, what does"
    " the dealer do before sitting out?",
    "loners-left-rule-ignored": 'Under the house rule "the loner\'s left leads", who leads when'
    " Team 1 Player 3 goes alone?",
    "canadian-loner-ignored": "Under the Canadian loner, what happens when the dealer's partner"
    " orders up without going alone?",
    # Stage 10: the game.
    "points-to-the-other-team": "When Team 2 makes trump and wins 3 tricks to 2, which team"
    " scores?",
    "game-to-11": "When Team 2 has 9 points and scores 1 more, what becomes of the game?",
    "same-dealer-again": "When a hand ends and nobody has won the game, who deals the next hand?",
    "game-of-hands-goes-on": "In a game of 1 hand, what happens once that hand is over?",
    "drawn-game-won-by-team-1": "In a game of 1 hand, what happens when it ends with the scores"
    " level?",
}
"""Each wrong model's question, by its name."""
