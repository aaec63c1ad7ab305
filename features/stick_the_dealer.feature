@stick_the_dealer
Feature: Stick the dealer
  As the Players
  In order to play every hand that is dealt
  I want the dealer to make trump when nobody else will

  If all four players pass in both rounds of bidding, nobody has made trump.
  Most players then "stick the dealer": the dealer must name a suit, and so
  does this kata, unless the redeal rule is played: the hand is thrown in
  and the next player deals.

  Background:
    Given Team 2 Player 4 deals, turning up KH

  Rule: Under stick the dealer, the dealer may not pass in round 2

    Example: The dealer tries to pass
      Given everyone but the dealer has passed twice
      When Team 2 Player 4 passes
      Then the bid is refused: stick the dealer

    Example: The stuck dealer names a suit
      Given everyone but the dealer has passed twice
      When Team 2 Player 4 names clubs
      Then clubs are trump, made by Team 2 Player 4

    Example: The stuck dealer may not name the suit that was turned down
      Given everyone but the dealer has passed twice
      When Team 2 Player 4 names hearts
      Then the bid is refused: hearts was turned down

  Rule: Under the redeal rule, eight passes throw the hand in, and the next player deals

    Example: Everyone passes twice
      Given the redeal rule is played
      And everyone but the dealer has passed twice
      When Team 2 Player 4 passes
      Then the hand is thrown in, and nobody scores
