@lead_suit
Feature: The lead suit
  As a Player
  In order to win a Trick
  I want the first card played in a Trick to determine the Lead Suit

  The first card played to a trick is "led", and its suit is the lead suit.
  The others must "follow suit": play a card of the lead suit if they have
  one, even when they could play trump instead. A player with no card of
  the lead suit may play trump, or "throw off" a card of another suit.

  One card changes suit: the Left Bar. It is the Jack of the other suit of
  trump's colour (hearts and diamonds are red, clubs and spades black), so
  when hearts are trump the Jack of diamonds is the Left Bar. It counts as
  a trump, never as a card of its printed suit. The next story, The trump
  suit, ranks it.

  Background:
    Given Team 2 Player 4 is the dealer

  Rule: The first card played sets the lead suit

    Example: A heart is led, and a club played after it does not change the lead suit
      Given spades are trump
      And the first trick so far is:
        | player          | card |
        | Team 1 Player 1 | 9H   |
      When Team 2 Player 2 plays KC
      Then the lead suit is hearts

  Rule: Before a card is led, the leader may lead any card they hold

    Example: Team 1 Player 1 may lead any of their cards
      Given spades are trump
      And Team 1 Player 1 holds 9H AS JC
      When the first trick begins
      Then Team 1 Player 1 may play any of 9H AS JC

  Rule: A player who holds the lead suit must follow it, even when they hold trump

    Example: Holding a heart and a trump, a player may only play the heart
      Given spades are trump
      And Team 2 Player 2 holds AS 10H KC
      When Team 1 Player 1 leads 9H
      Then Team 2 Player 2 may play only 10H

    Example: Trumping instead of following is refused
      Given spades are trump
      And Team 2 Player 2 holds AS 10H KC
      And the first trick so far is:
        | player          | card |
        | Team 1 Player 1 | 9H   |
      When Team 2 Player 2 plays AS
      Then the play is refused: Team 2 Player 2 must follow hearts, holding 10H
      And the trick is unchanged

  Rule: A player who cannot follow may play trump or throw off any card

    Example: A player with no hearts may play anything
      Given spades are trump
      And Team 2 Player 2 holds AS KC QD
      When Team 1 Player 1 leads 9H
      Then Team 2 Player 2 may play any of AS KC QD

  Rule: The lead suit may be the trump suit

    Example: Trump is led
      Given spades are trump
      And Team 2 Player 2 holds 9S AH
      When Team 1 Player 1 leads AS
      Then the lead suit is spades
      And Team 2 Player 2 may play only 9S

  Rule: The Left Bar is a trump, so leading it leads trump

    Scenario Outline: The Left Bar, <left>, is led when <trump> are trump
      Given <trump> are trump
      When Team 1 Player 1 leads <left>
      Then the lead suit is <trump>

      Examples: The Left Bar of each trump suit
        | trump    | left |
        | hearts   | JD   |
        | diamonds | JH   |
        | clubs    | JS   |
        | spades   | JC   |

  Rule: The Left Bar is never a card of its printed suit

    Scenario Outline: With <led> led, a player holding the Jack of diamonds may play <allowed>
      Given hearts are trump
      And Team 2 Player 2 holds JD AS KC
      When Team 1 Player 1 leads <led>
      Then Team 2 Player 2 may play <allowed>

      Examples: Hearts are trump, so the Jack of diamonds is a heart
        | led | allowed         |
        | 9D  | any of JD AS KC |
        | 9H  | only JD         |

    Example: Playing the Jack of diamonds on a diamond, holding another diamond, is refused
      Given hearts are trump
      And Team 2 Player 2 holds JD 10D
      And the first trick so far is:
        | player          | card |
        | Team 1 Player 1 | 9D   |
      When Team 2 Player 2 plays JD
      Then the play is refused: Team 2 Player 2 must follow diamonds, holding 10D
      And the trick is unchanged
