@the_game
Feature: The game
  As the Players
  In order to find out which team wins
  I want to play each hand trick by trick to its score, and hands until a team has 10 points

  After trump is made, the player on the dealer's left leads the first of
  the 5 tricks, and the winner of each trick leads the next. When the fifth
  trick is over, the hand is scored. The first team to reach 10 points wins
  the game at the end of that hand (a hand's points go to one team, or to
  neither when it is thrown in, so this game has no draw); until then the
  deal passes to the left.
  Some play instead, as a house rule, a game of so many hands: it ends after
  the last of them, whatever the score, the higher score wins, and equal
  scores draw.

  In the hand below, Team 2 Player 2 orders up hearts, and the dealer picks
  up the King of hearts and lays the 9 of clubs away. Hearts are trump, so
  the Jack of hearts is the Right Bar and the Jack of diamonds the Left Bar.

  Background:
    Given Team 2 Player 4 deals, turning up KH, and the players hold:
      | player          | cards            |
      | Team 1 Player 1 | 9S QS AS KC AC   |
      | Team 2 Player 2 | JH 9H KD 10D QC  |
      | Team 1 Player 3 | AH 10H QD JC 10C |
      | Team 2 Player 4 | 10S JS JD 9D 9C  |

  Rule: A hand is played out trick by trick, and the tricks each team wins decide its score

    Example: The makers win 3 tricks to 2
      Given Team 2 Player 2 has ordered up, and the dealer has discarded 9C
      When the five tricks are played:
        | led by          | cards in play order |
        | Team 1 Player 1 | AC QC 10C KH        |
        | Team 2 Player 4 | JD 9S 9H 10H        |
        | Team 2 Player 4 | 9D KC 10D QD        |
        | Team 1 Player 3 | JC 10S QS JH        |
        | Team 2 Player 2 | KD AH JS AS         |
      Then Team 2 wins the hand, 3 tricks to 2, and scores 1 point

  Rule: The first team to reach 10 points wins the game, at the end of that hand

    Example: Team 2 has 9 points and scores 1 more
      Given the score is Team 1 6, Team 2 9
      And Team 2 Player 2 has ordered up, and the dealer has discarded 9C
      When the five tricks are played:
        | led by          | cards in play order |
        | Team 1 Player 1 | AC QC 10C KH        |
        | Team 2 Player 4 | JD 9S 9H 10H        |
        | Team 2 Player 4 | 9D KC 10D QD        |
        | Team 1 Player 3 | JC 10S QS JH        |
        | Team 2 Player 2 | KD AH JS AS         |
      Then Team 2 wins the game, 10 points to 6

  Rule: Until a team has 10 points the game goes on, and the next player on the left deals

    Example: Team 2 has 8 points and scores 1 more
      Given the score is Team 1 6, Team 2 8
      And Team 2 Player 2 has ordered up, and the dealer has discarded 9C
      When the five tricks are played:
        | led by          | cards in play order |
        | Team 1 Player 1 | AC QC 10C KH        |
        | Team 2 Player 4 | JD 9S 9H 10H        |
        | Team 2 Player 4 | 9D KC 10D QD        |
        | Team 1 Player 3 | JC 10S QS JH        |
        | Team 2 Player 2 | KD AH JS AS         |
      Then the game goes on, with Team 1 at 6 and Team 2 at 9
      And Team 1 Player 1 deals the next hand

  Rule: Under the house rule of a game of so many hands, it ends after the last of them: the higher score wins, and equal scores draw

    Example: Team 2 wins the last hand of a game one hand long
      Given the game is played for 1 hand, whatever the score
      And the score is Team 1 6, Team 2 3
      And Team 2 Player 2 has ordered up, and the dealer has discarded 9C
      When the five tricks are played:
        | led by          | cards in play order |
        | Team 1 Player 1 | AC QC 10C KH        |
        | Team 2 Player 4 | JD 9S 9H 10H        |
        | Team 2 Player 4 | 9D KC 10D QD        |
        | Team 1 Player 3 | JC 10S QS JH        |
        | Team 2 Player 2 | KD AH JS AS         |
      Then Team 1 wins the game, 6 points to 4

    Example: The last hand levels the score
      Given the game is played for 1 hand, whatever the score
      And the score is Team 1 4, Team 2 3
      And Team 2 Player 2 has ordered up, and the dealer has discarded 9C
      When the five tricks are played:
        | led by          | cards in play order |
        | Team 1 Player 1 | AC QC 10C KH        |
        | Team 2 Player 4 | JD 9S 9H 10H        |
        | Team 2 Player 4 | 9D KC 10D QD        |
        | Team 1 Player 3 | JC 10S QS JH        |
        | Team 2 Player 2 | KD AH JS AS         |
      Then the game is drawn, 4 points all
