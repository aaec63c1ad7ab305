@trump_suit
Feature: The trump suit
  As a Player
  In order to win a Trick
  I want cards of the Trump Suit to be ranked higher than all other cards

  One suit is trump for the whole hand. In a full game the players choose it
  after the deal; in this kata it is given. Any trump beats any card of
  another suit. The highest trumps are two Jacks: the Jack of the trump suit,
  called the Right Bar, and the other Jack of the same colour, called the
  Left Bar. No other card is a Bar: not the Jacks of the other colour, nor
  the Ace of trump. Players also call the Bars the right and left bowers.
  Hearts and diamonds are red; clubs and spades are black.

  The Left Bar leaves its printed suit for the whole hand: when hearts are
  trump, the Jack of diamonds is a trump, and diamonds have five cards left,
  ranking Ace, King, Queen, 10, 9. So it goes for every trump suit: the
  other suit of its colour loses its Jack to trump.

  Rule: Trump ranks Right Bar, Left Bar, Ace, King, Queen, 10, 9

    Scenario Outline: The ranking when <trump> are trump
      Given <trump> are trump
      When the trump cards are ranked
      Then from highest to lowest they are <ranking>

      Examples: Red trump suits
        | trump    | ranking               |
        | hearts   | JH JD AH KH QH 10H 9H |
        | diamonds | JD JH AD KD QD 10D 9D |

      Examples: Black trump suits
        | trump  | ranking               |
        | clubs  | JC JS AC KC QC 10C 9C |
        | spades | JS JC AS KS QS 10S 9S |

  Rule: The Right Bar is the Jack of trump, the Left Bar the other Jack of the same colour, and no other card is a Bar

    Scenario Outline: The Bars when <trump> are trump
      Given <trump> are trump
      When the trump cards are ranked
      Then the Right Bar is <right> and the Left Bar is <left>, and no other card is a Bar

      Examples: Each suit as trump
        | trump    | right | left |
        | hearts   | JH    | JD   |
        | diamonds | JD    | JH   |
        | clubs    | JC    | JS   |
        | spades   | JS    | JC   |
