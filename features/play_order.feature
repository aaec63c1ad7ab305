@play_order
Feature: Play order
  As the Players
  In order to play a Trick
  I want to play cards in rotating team order

  A hand is played as 5 tricks. In each trick every player plays one card,
  in turn to the left, so the two teams alternate. The player on the
  dealer's left plays first, and the winner of each trick plays first in
  the next one. In the tricks below every card is a heart, and the higher
  heart wins: 9, 10, Jack, Queen, King, Ace. The story Winning a trick
  tells the rest.

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

    Example: Team 1 Player 3 tries to play before Team 2 Player 2
      Given Team 2 Player 4 is the dealer
      And Team 1 Player 3 holds 10H AS
      And the first trick so far is:
        | player          | card |
        | Team 1 Player 1 | 9H   |
      When Team 1 Player 3 plays 10H
      Then the play is refused: it is Team 2 Player 2's turn
      And the trick is unchanged

  Rule: A player can play only a card they hold

    Example: Team 2 Player 2 tries to play a card they do not hold
      Given Team 2 Player 4 is the dealer
      And Team 2 Player 2 holds 10H AS
      And the first trick so far is:
        | player          | card |
        | Team 1 Player 1 | 9H   |
      When Team 2 Player 2 plays KH
      Then the play is refused: Team 2 Player 2 does not hold KH
      And the trick is unchanged

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
