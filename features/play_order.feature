@play_order
Feature: Play order
  As the Players
  In order to play a Trick
  I want to play cards in rotating team order

  A hand is played as 5 tricks. In each trick every player plays one card,
  in turn to the left, so the two teams take turns (but for a player who sits
  out, as a later story tells). The first card of a
  trick "leads" it: the player on the dealer's left leads the first trick,
  and the winner of each trick leads the next one.

  One suit is "trump" for the whole hand, and any card of it beats every
  card of the other suits (the next stories tell the rest). In the tricks
  below spades are trump but no spade is played: every card is a heart, and
  the higher heart wins, from 9, 10, Jack, Queen and King up to Ace.

  Background:
    Given spades are trump

  Rule: The player on the dealer's left leads the first trick

    Example: Team 2 Player 4 deals, so Team 1 Player 1 leads
      Given Team 2 Player 4 is the dealer
      When the first trick begins
      Then the play order is Team 1 Player 1, Team 2 Player 2, Team 1 Player 3, Team 2 Player 4

    Example: Team 1 Player 1 deals, so Team 2 Player 2 leads
      Given Team 1 Player 1 is the dealer
      When the first trick begins
      Then the play order is Team 2 Player 2, Team 1 Player 3, Team 2 Player 4, Team 1 Player 1

  Rule: The winner of a trick leads the next trick, and play goes on to their left

    Example: Team 2 Player 2 wins the first trick with the Ace of hearts, so leads the second
      Given Team 2 Player 4 is the dealer
      And the first trick was played:
        | player          | card |
        | Team 1 Player 1 | 9H   |
        | Team 2 Player 2 | AH   |
        | Team 1 Player 3 | 10H  |
        | Team 2 Player 4 | QH   |
      When the next trick begins
      Then the play order is Team 2 Player 2, Team 1 Player 3, Team 2 Player 4, Team 1 Player 1

    Example: Team 2 Player 4 wins the first trick with the King of hearts, so leads the second
      Given Team 2 Player 4 is the dealer
      And the first trick was played:
        | player          | card |
        | Team 1 Player 1 | 9H   |
        | Team 2 Player 2 | QH   |
        | Team 1 Player 3 | 10H  |
        | Team 2 Player 4 | KH   |
      When the next trick begins
      Then the play order is Team 2 Player 4, Team 1 Player 1, Team 2 Player 2, Team 1 Player 3

  Rule: Players play in turn, and each card played stays in the trick

    Example: Team 2 Player 2 plays after Team 1 Player 1
      Given Team 2 Player 4 is the dealer
      And the first trick so far is:
        | player          | card |
        | Team 1 Player 1 | 9H   |
      When Team 2 Player 2 plays 10H
      Then the trick so far is:
        | player          | card |
        | Team 1 Player 1 | 9H   |
        | Team 2 Player 2 | 10H  |

    Scenario Outline: Team 1 Player 3 tries to play when it is <turn>'s turn
      Given Team 2 Player 4 is the dealer
      And Team 1 Player 3 holds 10H AS
      And the first trick so far holds <so far>
      When Team 1 Player 3 plays 10H
      Then the play is refused: it is <turn>'s turn
      And the trick is unchanged

      Examples: Before the lead, and after it
        | so far                     | turn            |
        | no card                    | Team 1 Player 1 |
        | 9H, led by Team 1 Player 1 | Team 2 Player 2 |

  Rule: A player can play only a card they hold

    Scenario Outline: <player> tries to play a card they do not hold
      Given Team 2 Player 4 is the dealer
      And <player> holds 10H AS
      And the first trick so far holds <so far>
      When <player> plays KH
      Then the play is refused: <player> does not hold KH
      And the trick is unchanged

      Examples: The leader, and the next player
        | player          | so far                     |
        | Team 1 Player 1 | no card                    |
        | Team 2 Player 2 | 9H, led by Team 1 Player 1 |

  Rule: Every player plays exactly one card to a trick

    Example: A fifth card is refused
      Given Team 2 Player 4 is the dealer
      And Team 1 Player 1 holds AH
      And the first trick was played:
        | player          | card |
        | Team 1 Player 1 | 9H   |
        | Team 2 Player 2 | KH   |
        | Team 1 Player 3 | 10H  |
        | Team 2 Player 4 | QH   |
      When Team 1 Player 1 plays AH
      Then the play is refused: the trick is complete
      And the trick is unchanged
