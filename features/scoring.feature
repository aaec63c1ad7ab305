@scoring
Feature: Scoring a hand
  As a Team
  In order to win the game
  I want points for every hand we win

  The team that made trump must win at least 3 of the 5 tricks. If they do,
  they score; if they do not, they are "euchred" and the other team, the
  defenders, scores instead. The first team to reach 10 points wins the game.

  Rule: The makers score 1 point for 3 or 4 tricks and 2 points for all 5

    Scenario Outline: The makers win <tricks> tricks
      When the makers win <tricks> of the 5 tricks
      Then the <scorers> score <points>

      Examples: Playing with a partner
        | tricks | scorers | points |
        | 3      | makers  | 1      |
        | 4      | makers  | 1      |
        | 5      | makers  | 2      |

  Rule: Makers who win fewer than 3 tricks are euchred, and the defenders score 2 points

    Scenario Outline: The makers win only <tricks> tricks
      When the makers win <tricks> of the 5 tricks
      Then the <scorers> score <points>

      Examples: Euchred
        | tricks | scorers   | points |
        | 2      | defenders | 2      |
        | 0      | defenders | 2      |

  Rule: A maker who goes alone scores 4 points for all 5 tricks, and 1 for 3 or 4

    Scenario Outline: A lone maker wins <tricks> tricks
      Given the maker went alone
      When the makers win <tricks> of the 5 tricks
      Then the <scorers> score <points>

      Examples: Going alone
        | tricks | scorers   | points |
        | 5      | makers    | 4      |
        | 4      | makers    | 1      |
        | 3      | makers    | 1      |
        | 2      | defenders | 2      |
