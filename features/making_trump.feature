@making_trump
Feature: Making trump
  As the Players
  In order to play the Hand with the trump suit we think we can win with
  I want to bid for trump in two rounds

  In a real game trump is not given: the players bid for it after the deal.
  The upcard's suit is offered first. In round 1, starting on the dealer's
  left, each player in turn may pass, or "order up" the upcard: its suit is
  trump, and the dealer "picks up" the upcard into their cards, whoever
  ordered it, then discards one card: lays it away, face down, out of the
  hand. If all four pass, the upcard is turned
  down, and round 2 starts again on the dealer's left: each player in turn
  may pass, or name any other suit as trump. The player who makes trump is
  the maker, and the maker's team must then win at least 3 of the 5 tricks.

  Background:
    Given Team 2 Player 4 deals, turning up KH

  Rule: In round 1, each player in turn from the dealer's left may order up the upcard, or pass

    Example: Team 2 Player 2 orders up the King of hearts
      Given Team 1 Player 1 has passed
      When Team 2 Player 2 orders up
      Then hearts are trump, made by Team 2 Player 2

    Example: Bidding out of turn is refused
      When Team 2 Player 2 orders up
      Then the bid is refused: it is Team 1 Player 1's turn

  Rule: Whoever orders up the upcard, the dealer picks it up

    Scenario Outline: <player> orders up, and the dealer picks up the King of hearts
      Given nobody has made trump before <player>'s turn in round 1
      When <player> orders up
      Then the dealer picks up KH

      Examples: An opponent of the dealer, and the dealer's partner
        | player          |
        | Team 1 Player 1 |
        | Team 2 Player 2 |

  Rule: In round 1 only the upcard's suit can be made trump

    Example: Team 1 Player 1 tries to name spades in round 1
      When Team 1 Player 1 names spades
      Then the bid is refused: in round 1 only the upcard may be ordered up

  Rule: The dealer who picks up the upcard discards any one of their six cards

    Example: The dealer keeps the upcard and lays a nine away
      Given Team 2 Player 4 holds 10S JS JD 9D 9C
      And Team 2 Player 2 has ordered up
      When the dealer discards 9C
      Then Team 2 Player 4 holds 10S JS JD 9D KH

    Example: The dealer may discard the upcard itself
      Given Team 2 Player 4 holds 10S JS JD 9D 9C
      And Team 2 Player 2 has ordered up
      When the dealer discards KH
      Then Team 2 Player 4 holds 10S JS JD 9D 9C

    Example: The dealer may discard only a card they hold
      Given Team 2 Player 4 holds 10S JS JD 9D 9C
      And Team 2 Player 2 has ordered up
      When the dealer discards AS
      Then the discard is refused: Team 2 Player 4 does not hold AS

  Rule: When all four pass, the upcard is turned down, and each player in turn from the dealer's left may name another suit, or pass

    Example: Team 1 Player 1 names spades
      Given everyone has passed in round 1
      When Team 1 Player 1 names spades
      Then spades are trump, made by Team 1 Player 1

    Example: Team 2 Player 2 may not bid before Team 1 Player 1 in round 2
      Given everyone has passed in round 1
      When Team 2 Player 2 names clubs
      Then the bid is refused: it is Team 1 Player 1's turn

    Example: Team 1 Player 1 passes in round 2, and Team 2 Player 2 names clubs
      Given nobody has made trump before Team 2 Player 2's turn in round 2
      When Team 2 Player 2 names clubs
      Then clubs are trump, made by Team 2 Player 2

    Example: The suit that was turned down may not be named
      Given everyone has passed in round 1
      When Team 1 Player 1 names hearts
      Then the bid is refused: hearts was turned down

    Example: The upcard that was turned down may not be ordered up
      Given everyone has passed in round 1
      When Team 1 Player 1 orders up
      Then the bid is refused: hearts was turned down

  Rule: Once trump is made and the dealer has discarded, the player on the dealer's left leads

    Example: Team 1 Player 1 leads the first trick
      Given Team 2 Player 4 holds 10S JS JD 9D 9C
      And Team 2 Player 2 has ordered up, and the dealer has discarded 9C
      When Team 1 Player 1 plays AC
      Then the trick so far is:
        | player          | card |
        | Team 1 Player 1 | AC   |
