@going_alone
Feature: Going alone
  As a Maker with very strong cards
  In order to score more points
  I want to play the hand without my partner

  The maker may say "alone" as they make trump. Their partner lays their
  cards down and sits the hand out, so every trick has 3 cards. Winning all
  5 tricks alone scores 4 points instead of 2. Under the "Canadian loner", a
  house rule, the dealer's partner who orders up the dealer's upcard must go
  alone.

  Background:
    Given Team 2 Player 4 deals, turning up KH

  Rule: The maker's partner sits the hand out

    Example: Team 1 Player 1 orders up alone
      When Team 1 Player 1 orders up alone
      Then Team 1 Player 3 sits the hand out

  Rule: When the player who would lead sits out, the next player on their left leads

    Example: Team 1 Player 3 goes alone, and Team 1 Player 1 would have led
      Given nobody has made trump before Team 1 Player 3's turn in round 2
      When Team 1 Player 3 names spades alone
      Then Team 1 Player 1 sits the hand out
      And the first trick is played by Team 2 Player 2, Team 1 Player 3, Team 2 Player 4

  Rule: When the dealer's partner goes alone, the dealer still picks up the upcard, then sits out

    Example: Team 2 Player 2 orders up alone for the dealer's team
      Given Team 1 Player 1 has passed
      When Team 2 Player 2 orders up alone
      Then the dealer picks up KH
      And Team 2 Player 4 must discard before sitting the hand out

  Rule: Under the house rule "the loner's left leads", the player on the lone maker's left leads

    Example: Team 1 Player 3 goes alone, and Team 2 Player 4 on their left leads
      Given the player on the lone maker's left leads
      And nobody has made trump before Team 1 Player 3's turn in round 2
      When Team 1 Player 3 names spades alone
      Then Team 1 Player 1 sits the hand out
      And the first trick is played by Team 2 Player 4, Team 2 Player 2, Team 1 Player 3

  Rule: Under the Canadian loner, the dealer's partner who orders up the upcard goes alone

    Example: Team 2 Player 2 orders up their partner's card without going alone
      Given the Canadian loner rule is played
      And Team 1 Player 1 has passed
      When Team 2 Player 2 orders up
      Then the bid is refused: the dealer's partner who orders up must go alone

    Example: Team 2 Player 2 orders up their partner's card alone
      Given the Canadian loner rule is played
      And Team 1 Player 1 has passed
      When Team 2 Player 2 orders up alone
      Then the dealer picks up KH
