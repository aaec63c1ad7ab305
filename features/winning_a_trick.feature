@winning_a_trick
Feature: Winning a trick
  As a Team
  In order to win a Hand
  I want to win a Trick

  The player who played the highest card wins the trick, and so does their
  team. A team that wins 3 or more of the 5 tricks wins the hand. Trump is
  higher than the lead suit, and the lead suit is higher than any other
  suit. Two cards of the same suit rank by the rules of that suit.

  Background:
    Given Team 2 Player 4 is the dealer

  Rule: When no trump is played, the highest card of the lead suit wins: Ace, King, Queen, Jack, 10, 9

    Scenario Outline: <higher> beats <lower> when hearts are trump
      Given hearts are trump
      When these cards are played to a trick:
        | player          | card     |
        | Team 1 Player 1 | <lower>  |
        | Team 2 Player 2 | <higher> |
        | Team 1 Player 3 | 9D       |
        | Team 2 Player 4 | 10D      |
      Then Team 2 Player 2 wins the trick for Team 2

      Examples: Each card of clubs, led, beaten by the one above it
        | higher | lower |
        | AC     | KC    |
        | KC     | QC    |
        | QC     | JC    |
        | JC     | 10C   |
        | 10C    | 9C    |

  Rule: A card that is neither trump nor the lead suit never wins, however high

    Example: Two Aces thrown off lose to a 10 of the lead suit
      Given spades are trump
      When these cards are played to a trick:
        | player          | card |
        | Team 1 Player 1 | 9H   |
        | Team 2 Player 2 | AC   |
        | Team 1 Player 3 | AD   |
        | Team 2 Player 4 | 10H  |
      Then Team 2 Player 4 wins the trick for Team 2

  Rule: Any trump beats every card of another suit: the lowest trump beats the highest of them

    Example: The 9 of trump beats the Ace that was led and an Ace thrown off
      Given spades are trump
      When these cards are played to a trick:
        | player          | card |
        | Team 1 Player 1 | AH   |
        | Team 2 Player 2 | 9S   |
        | Team 1 Player 3 | AD   |
        | Team 2 Player 4 | KH   |
      Then Team 2 Player 2 wins the trick for Team 2

  Rule: When several trumps are played, the highest trump wins: Right Bar, Left Bar, Ace, King, Queen, 10, 9

    Example: The King of trump beats the 9 of trump played before it and the 10 after it
      Given hearts are trump
      When these cards are played to a trick:
        | player          | card |
        | Team 1 Player 1 | AS   |
        | Team 2 Player 2 | 9H   |
        | Team 1 Player 3 | KH   |
        | Team 2 Player 4 | 10H  |
      Then Team 1 Player 3 wins the trick for Team 1

    Scenario Outline: When hearts are trump, <what>
      Given hearts are trump
      When these cards are played to a trick:
        | player          | card     |
        | Team 1 Player 1 | <first>  |
        | Team 2 Player 2 | <second> |
        | Team 1 Player 3 | <third>  |
        | Team 2 Player 4 | <fourth> |
      Then <winner> wins the trick for Team <team>

      Examples: The Right Bar is JH, the Left Bar JD
        | what                                          | first | second | third | fourth | winner          | team |
        | the Right Bar beats the Left Bar and the Ace  | AH    | JD     | JH    | KH     | Team 1 Player 3 | 1    |
        | the Left Bar beats the Ace of trump           | AH    | JD     | KH    | QH     | Team 2 Player 2 | 2    |
        | the Left Bar, a trump, beats a diamond lead   | 9D    | AD     | JD    | KD     | Team 1 Player 3 | 1    |

  Rule: A trick has no winner until every player has played to it

    Example: Two cards are played, and nobody has won yet
      Given spades are trump
      And the first trick so far is:
        | player          | card |
        | Team 1 Player 1 | 9H   |
        | Team 2 Player 2 | AH   |
      When the trick's winner is looked for
      Then there is no winner yet

  Rule: A trick is complete once every player has played one card to it

    Example: The fourth card completes the trick
      Given spades are trump
      When these cards are played to a trick:
        | player          | card |
        | Team 1 Player 1 | 9H   |
        | Team 2 Player 2 | AH   |
        | Team 1 Player 3 | KD   |
        | Team 2 Player 4 | 10H  |
      Then the trick is complete

    Example: After three cards, the trick waits for the fourth
      Given spades are trump
      When these cards are played to a trick:
        | player          | card |
        | Team 1 Player 1 | 9H   |
        | Team 2 Player 2 | AH   |
        | Team 1 Player 3 | KD   |
      Then the trick is not complete
