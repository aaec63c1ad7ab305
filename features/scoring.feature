@scoring
Feature: Scoring a hand
  As a Team
  In order to win the game
  I want points for every hand we win

  In a full game the players bid to choose trump after the deal (the story
  Making trump tells how). The player who chooses it is the "maker", their
  team are the "makers", and the other team the "defenders". Either team
  may be the makers. The makers must win at least 3 of the 5 tricks: if they
  do, they score; if they do not, they are "euchred", and the defenders
  score instead. Winning all 5 tricks is a "march".

  A maker may also "go alone", as a "loner": their partner sits the hand out
  (the story Going alone tells how). A loner who wins all 5 tricks makes a
  "lone march". The first team to reach 10 points wins the game. Some
  players agree before they play on "house rules": variations of these
  standard rules, such as other points for a lone march.

  Rule: The makers score 1 point for 3 or 4 tricks and 2 points for all 5

    Scenario Outline: Team <makers> makes trump and wins <tricks> tricks
      Given Team <makers> made trump
      When the makers win <tricks> of the 5 tricks
      Then Team <makers>, the makers, score <points>

      Examples: Playing with a partner
        | makers | tricks | points |
        | 1      | 3      | 1      |
        | 1      | 4      | 1      |
        | 1      | 5      | 2      |
        | 2      | 3      | 1      |
        | 2      | 5      | 2      |

  Rule: Makers who win fewer than 3 tricks are euchred, and the defenders score 2 points

    Scenario Outline: Team <makers> makes trump and wins only <tricks> tricks
      Given Team <makers> made trump
      When the makers win <tricks> of the 5 tricks
      Then Team <defenders>, the defenders, score 2

      Examples: Euchred
        | makers | tricks | defenders |
        | 1      | 2      | 2         |
        | 1      | 0      | 2         |
        | 2      | 2      | 1         |
        | 2      | 1      | 1         |

  Rule: A maker who goes alone scores 4 points for all 5 tricks, and 1 for 3 or 4

    Scenario Outline: A lone maker of Team <makers> wins <tricks> tricks
      Given Team <makers> made trump, going alone
      When the makers win <tricks> of the 5 tricks
      Then Team <scorers>, the <side>, score <points>

      Examples: Going alone
        | makers | tricks | scorers | side      | points |
        | 1      | 5      | 1       | makers    | 4      |
        | 2      | 5      | 2       | makers    | 4      |
        | 1      | 4      | 1       | makers    | 1      |
        | 1      | 3      | 1       | makers    | 1      |
        | 2      | 2      | 1       | defenders | 2      |

  Rule: House rules may score a lone march and a euchred loner otherwise

    Scenario Outline: A lone maker of Team 1 wins <tricks> tricks, a march scoring 5 and a euchre 3
      Given a lone march scores 5, and euchring a loner 3
      And Team 1 made trump, going alone
      When the makers win <tricks> of the 5 tricks
      Then Team <scorers>, the <side>, score <points>

      Examples: House scores for a loner
        | tricks | scorers | side      | points |
        | 5      | 1       | makers    | 5      |
        | 4      | 1       | makers    | 1      |
        | 2      | 2       | defenders | 3      |
