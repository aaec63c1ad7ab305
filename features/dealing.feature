@dealing
Feature: Dealing the hand
  As the Dealer
  In order to begin the Hand
  I want to deal each Player their cards

  Euchre is a game for four players in two teams. The two players of a team
  are partners, and the players of the other team their opponents. Partners
  sit facing each other, so the teams take turns around the table: Team 1
  Player 1, Team 2 Player 2, Team 1 Player 3, Team 2 Player 4, and round
  again. Each player's left is the next player in that order: Team 1 Player 1
  is on Team 2 Player 4's left.

  A hand is one deal of the cards, played out in 5 tricks: in each trick,
  every player plays one card. The next hand is dealt by the player on the
  dealer's left. What each player is dealt and holds are their cards.

  Only 24 cards are used: the 9, 10, Jack, Queen, King and Ace of clubs (C),
  diamonds (D), hearts (H) and spades (S). A card is written as its rank and
  then its suit: 9, 10, J (Jack), Q (Queen), K (King) or A (Ace), so 10D is
  the ten of diamonds and JH the Jack of hearts.

  An unshuffled deck has the clubs on top, from 9 up to Ace, then the
  diamonds, the hearts and the spades in the same way. The dealer deals
  from the top of the deck, a packet of cards to each player in turn,
  beginning on their left, so the dealer is dealt last.

  Rule: Each player is dealt 2 cards, then each player 3 cards, starting on the dealer's left

    Example: Dealing an unshuffled deck
      Given Team 2 Player 4 is the dealer
      And the deck is stacked, top card first:
        | 9C | 10C | JC | QC | KC | AC |
        | 9D | 10D | JD | QD | KD | AD |
        | 9H | 10H | JH | QH | KH | AH |
        | 9S | 10S | JS | QS | KS | AS |
      When the dealer deals
      Then the players are dealt:
        | player          | first 2 cards | then 3 cards |
        | Team 1 Player 1 | 9C 10C        | JD QD KD     |
        | Team 2 Player 2 | JC QC         | AD 9H 10H    |
        | Team 1 Player 3 | KC AC         | JH QH KH     |
        | Team 2 Player 4 | 9D 10D        | AH 9S 10S    |

  Rule: Whoever deals, the player on the dealer's left is dealt to first

    Scenario Outline: <dealer> deals
      Given <dealer> is the dealer
      And an unshuffled deck
      When the dealer deals
      Then <first> is dealt 9C 10C, and then JD QD KD

      Examples: Each player as the dealer
        | dealer          | first           |
        | Team 2 Player 4 | Team 1 Player 1 |
        | Team 1 Player 1 | Team 2 Player 2 |
        | Team 2 Player 2 | Team 1 Player 3 |
        | Team 1 Player 3 | Team 2 Player 4 |

  Rule: Shuffling puts the same 24 cards in a new order

    Example: The deck is shuffled
      When the deck is shuffled
      Then the deck holds each of the 24 cards once
      And the deck is no longer in the unshuffled order

  Rule: A shuffle is drawn from a random seed: the same seed gives the same order, so a deal can be replayed

    Scenario Outline: The deck is shuffled from the seed 7, then from the seed <again>
      Given the deck was shuffled from the seed 7
      When the deck is shuffled again from the seed <again>
      Then the two shuffles are in <orders>

      Examples: The same seed, and another
        | again | orders           |
        | 7     | the same order   |
        | 8     | different orders |

  Rule: Every player ends with 5 cards, and the 4 cards left over are the kitty

    Example: A shuffled deck is dealt
      Given Team 2 Player 4 is the dealer
      And a shuffled deck
      When the dealer deals
      Then each player holds 5 cards
      And 4 cards are left in the kitty
      And no card is dealt twice

  Rule: The top card of the kitty is turned face up: it is the upcard

    Example: The kitty of an unshuffled deck
      Given Team 2 Player 4 is the dealer
      And an unshuffled deck
      When the dealer deals
      Then the kitty is JS QS KS AS
      And the upcard is JS

  Rule: Only a deck of the 24 cards, each once, can be dealt

    Example: A deck of 25 cards, with a second 9 of clubs at the bottom
      Given Team 2 Player 4 is the dealer
      And the deck is stacked, top card first:
        | 9C | 10C | JC  | QC  | KC  |
        | AC | 9D  | 10D | JD  | QD  |
        | KD | AD  | 9H  | 10H | JH  |
        | QH | KH  | AH  | 9S  | 10S |
        | JS | QS  | KS  | AS  | 9C  |
      When the dealer deals
      Then the deal is refused: 9C is in the deck twice

    Example: A deck with two 9s of clubs and no Ace of spades
      Given Team 2 Player 4 is the dealer
      And the deck is stacked, top card first:
        | 9C | 10C | JC | QC | KC | AC |
        | 9D | 10D | JD | QD | KD | AD |
        | 9H | 10H | JH | QH | KH | AH |
        | 9S | 10S | JS | QS | KS | 9C |
      When the dealer deals
      Then the deal is refused: 9C is in the deck twice

    Example: A deck of 23 cards, without the Ace of spades
      Given Team 2 Player 4 is the dealer
      And the deck is stacked, top card first:
        | 9C | 10C | JC | QC | KC | AC |
        | 9D | 10D | JD | QD | KD | AD |
        | 9H | 10H | JH | QH | KH | AH |
        | 9S | 10S | JS | QS | KS |    |
      When the dealer deals
      Then the deal is refused: AS is missing from the deck

    Example: A deck with two Queens of hearts and no Ace of hearts
      Given Team 2 Player 4 is the dealer
      And the deck is stacked, top card first:
        | 9C | 10C | JC | QC | KC | AC |
        | 9D | 10D | JD | QD | KD | AD |
        | 9H | 10H | JH | QH | KH | QH |
        | 9S | 10S | JS | QS | KS | AS |
      When the dealer deals
      Then the deal is refused: QH is in the deck twice

    Example: A deck of 23 cards, without the 9 of hearts
      Given Team 2 Player 4 is the dealer
      And the deck is stacked, top card first:
        | 9C | 10C | JC | QC | KC | AC |
        | 9D | 10D | JD | QD | KD | AD |
        | 10H | JH | QH | KH | AH | 9S |
        | 10S | JS | QS | KS | AS |    |
      When the dealer deals
      Then the deal is refused: 9H is missing from the deck
