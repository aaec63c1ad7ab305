"""Euchre Game Notation: games read into the model, checked, and written back the same."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.cards import Card, Suit
from euchre.game import Game
from euchre.history.egn import (
    EgnDeal,
    EgnError,
    EgnGame,
    egn_from_hands,
    egn_from_saved,
    is_egn,
    label,
    load_egn,
    read_card,
    read_deal,
    read_egn,
    read_egn_with_scores,
    read_ruleset,
    records_from_egn,
    saved_from_egn,
    write_card,
    write_egn,
    write_ruleset,
)
from euchre.history.record import result_json
from euchre.history.saved_game import replay_game, save_game
from euchre.players.random_player import RandomPlayer
from euchre.players.table import play_game
from euchre.rules import LonerLead, Rules
from euchre.seats import Seat, Team
from tests.builders import make_hand, play_out, run
from tests.history.records import annotated, document, ordered_up, unknown
from tests.paths import DATA

EGN_FOLDER = DATA / "egn"
N, E, S, W = Seat


def first(doc: dict[str, Any]) -> EgnDeal:
    return load_egn(doc).deals[0]


def refusal(doc: Any) -> str:
    with pytest.raises(EgnError) as raised:
        load_egn(doc)
    return str(raised.value)


# Cards, labels, rules --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [("Kc", "KC"), ("Ts", "10S"), ("9d", "9D"), ("Nd", "9D"), ("AH", "AH"), ("10h", "10H")],
)
def test_cards_are_read_in_every_notation_and_written_plain(text: str, card: str) -> None:
    assert read_card(text) == Card.parse(card)
    assert write_card(Card.parse(card)) == {"10": "T"}.get(card[:-1], card[:-1]) + card[-1].lower()


def test_the_bowers_are_read_once_trump_is_known() -> None:
    assert read_card("R", Suit.SPADES) == Card.parse("JS")
    assert read_card("L", Suit.SPADES) == Card.parse("JC")
    with pytest.raises(EgnError, match="left bower, but trump is not made yet"):
        read_card("L")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Xx", "an unknown card"),
        ("Xh", "an unknown card"),
        ("7c", "min_rank 9"),
        ("B", "the Joker"),
        ("At", "a generic suit"),
        ("Zz", "is not a card"),
        (9, "expected a card"),
    ],
)
def test_cards_that_do_not_replay_are_refused(text: Any, reason: str) -> None:
    with pytest.raises(EgnError, match=reason):
        read_card(text)


def test_labels_are_words_and_the_longest_tag_wins() -> None:
    assert label("[??]Oops") == ("blunder", "Oops")
    assert label("[?] Slow") == ("mistake", "Slow")
    assert label("[?!]x")[0] == "dubious"
    assert label("[!?]x")[0] == "interesting"
    assert label("[!]x")[0] == "great"
    assert label("Plain") == (None, "Plain")


def test_the_ruleset_becomes_rules_and_back() -> None:
    rules = read_ruleset(
        {
            "std": False,
            "canadian": True,
            "loner_lead": "LEFT_OF_LONER",
            "loner_march_score": 5,
            "loner_euchred_score": 3,
            "defend_alone": True,
            "winning_score": 11,
            "min_rank": 9,
            "num_players": 4,
            "joker": False,
        }
    )
    assert rules == Rules(
        stick_the_dealer=False,
        canadian=True,
        loner_lead=LonerLead.LEFT_OF_LONER,
        loner_march_score=5,
        loner_euchred_score=3,
        defend_alone=True,
        points_to_win=11,
    )
    assert read_ruleset(write_ruleset(rules)) == rules
    deals = read_ruleset({"num_deals": 8})
    assert (deals.num_deals, deals.points_to_win) == (8, 0)
    assert read_ruleset(write_ruleset(deals)) == deals
    assert read_ruleset({}) == Rules()


@pytest.mark.parametrize(
    ("ruleset", "message"),
    [
        ({"joker": True}, "ruleset: joker (the Joker (Benny)) is not supported"),
        ({"farmers": True}, "ruleset: farmers"),
        ({"min_rank": 7}, "ruleset: min_rank 7 is not supported"),
        ({"num_players": 3}, "ruleset: num_players 3 is not supported"),
        ({"std": "yes"}, "ruleset: std: expected true or false"),
        ({"num_deals": -1}, "ruleset: num_deals: expected a whole number"),
        ({"loner_lead": "RIGHT"}, "ruleset: loner_lead: expected LEFT_OF_DEALER"),
        ({"loner_lead": []}, "ruleset: loner_lead: expected LEFT_OF_DEALER"),
        ({"house": True}, 'ruleset: "house" is not an EGN rule'),
        ({"winning_score": 0}, "needs winning_score or num_deals"),
        ({"loner_march_score": 0}, "loner_march_score: expected 1 to 100"),
        ([], "ruleset: expected an object"),
    ],
)
def test_a_ruleset_the_project_does_not_play_is_refused_by_its_key(
    ruleset: Any, message: str
) -> None:
    with pytest.raises(EgnError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_ruleset(ruleset)


def test_a_file_with_an_unsupported_rule_is_refused_in_one_line() -> None:
    doc = annotated()
    doc["metadata"]["ruleset"]["allow_no_trump"] = True
    assert refusal(doc) == "ruleset: allow_no_trump (no trump) is not supported"


# Reading --------------------------------------------------------------------------------------


def test_the_annotated_deal_replays_with_its_notes_and_its_score() -> None:
    game = load_egn(annotated())
    deal = game.deals[0]
    assert is_egn(annotated())
    assert deal.hand.result is not None
    assert result_json(deal.hand)["trick_winners"] == ["N", "E", "E", "W", "E"]
    assert deal.hand.discarded == Card.parse("9C")
    assert deal.all_known
    assert deal.call_notes == {1: ("[!]East holds both bowers: an easy order.",)}
    assert deal.play_notes[4][0].startswith("[??]")
    assert game.scores() == [{Team.NS: 8, Team.EW: 10}]
    assert game.players == {N: "Nora", E: "Eli", S: "Sam", W: "Wes"}


def test_an_order_up_with_an_unknown_discard_keeps_the_discard_and_kitty_unknown() -> None:
    hand = ordered_up()
    deal = first(unknown(document(hand)))
    assert not deal.discard_known
    assert result_json(deal.hand) == result_json(hand)
    assert deal.unseen
    assert not deal.unseen & {card for _, card in deal.hand.tricks[0].plays}
    assert not deal.known(W)
    assert deal.known(N)
    assert deal.unseen >= set(deal.hand.deal.kitty[1:])


def test_a_discard_nobody_wrote_is_deduced_when_the_dealer_never_played_the_upcard() -> None:
    hand = play_out(run(make_hand(), "pass, order up, discard KH"))
    deal = first(unknown(document(hand)))
    assert deal.discard_known
    assert deal.hand.discarded == Card.parse("KH")
    assert deal.known(W)
    assert not deal.unseen.intersection(deal.hand.deal.hands[W])


def test_a_known_discard_makes_every_card_known_the_kitty_being_what_is_left() -> None:
    deal = first(unknown(document(ordered_up()), discard=False))
    assert deal.discard_known
    assert all(deal.known(seat) for seat in Seat)
    assert deal.all_known
    assert deal.unseen == frozenset()


@pytest.mark.parametrize("lead", list(LonerLead))
def test_a_loner_replays_under_each_loner_lead(lead: LonerLead) -> None:
    rules = Rules(loner_lead=lead)
    hand = play_out(run(make_hand(rules), "pass, pass, order up alone, discard 9C"))
    leader = hand.tricks[0].plays[0][0]
    assert leader is (E if lead is LonerLead.LEFT_OF_DEALER else W)  # N sits out
    deal = first(unknown(document(hand, rules=rules)))
    assert result_json(deal.hand) == result_json(hand)
    assert not deal.known(N)  # the partner who sat out
    assert deal.hand.tricks[0].plays[0][0] is leader


def test_the_wrong_loner_lead_shows_up_as_a_renege_or_a_different_deal() -> None:
    hand = play_out(run(make_hand(Rules(loner_lead=LonerLead.LEFT_OF_LONER)), "order up alone"))
    egn = unknown(document(hand, rules=Rules(loner_lead=LonerLead.LEFT_OF_LONER)))
    egn["metadata"]["ruleset"]["loner_lead"] = "LEFT_OF_DEALER"
    outcome = next(outcome for _, outcome in read_egn(egn))
    if isinstance(outcome, EgnDeal):
        assert outcome.hand.tricks[0].plays[0][0] is not hand.tricks[0].plays[0][0]


def test_a_stick_the_dealer_call_replays() -> None:
    hand = play_out(run(make_hand(), *["pass"] * 7, "spades"))
    deal = first(unknown(document(hand)))
    assert deal.hand.maker is W
    assert deal.hand.trump is Suit.SPADES
    assert deal.all_known  # every seat played five cards, and the kitty is what is left


def test_a_thrown_in_deal_under_redeal_has_no_tricks() -> None:
    rules = Rules(stick_the_dealer=False)
    hand = run(make_hand(rules), *["pass"] * 8)
    doc = document(hand, rules=rules)
    assert len(doc["deals"][0]["phases"]) == 1
    assert load_egn(doc).deals[0].hand.result.thrown_in  # type: ignore[union-attr]


def test_a_lone_defence_is_read_from_alone_defender() -> None:
    rules = Rules(defend_alone=True)
    hand = run(make_hand(rules), "order up alone, discard 9C")
    hand.apply(hand.legal_actions()[1])  # East defends alone
    play_out(hand)
    doc = document(hand, rules=rules)
    assert doc["deals"][0]["phases"][0]["aloneDefender"] == 1
    deal = first(unknown(doc))
    assert deal.hand.lone_defender is E
    assert result_json(deal.hand) == result_json(hand)


def test_a_renege_is_refused_where_the_card_shows_it() -> None:
    doc = annotated()
    tricks = doc["deals"][0]["phases"][1]["tricks"]
    # North keeps the nine of hearts for later and throws the king of spades on a trump lead.
    tricks[1][0], tricks[4][1] = "Ks", "Nh"
    assert "must follow" in refusal(doc) or "trick" in refusal(doc)


def test_a_renege_with_every_card_known_names_the_card_held() -> None:
    doc = annotated()
    tricks = doc["deals"][0]["phases"][1]["tricks"]
    tricks[0][3], tricks[3][2] = "Ad", "9d"  # West does not follow clubs? West has none: legal
    tricks[3][1], tricks[0][2] = "Tc", "9s"  # South throws a spade on clubs, holding the ten
    assert refusal(doc) == "deal 1: trick 1: S must follow clubs (holds 10C)"


def test_a_card_played_twice_or_the_upcard_played_by_another_is_refused() -> None:
    doc = annotated()
    doc["deals"][0]["phases"][1]["tricks"][4][3] = "Ac"
    assert refusal(doc) == "deal 1: trick 5: S plays AC, already played in trick 1"
    doc = annotated()
    tricks = doc["deals"][0]["phases"][1]["tricks"]
    tricks[1][2], tricks[1][3] = "Kh", "Ah"
    assert refusal(doc) == "deal 1: trick 2: S plays KH, the upcard, but W picked it up"


def test_a_discard_played_later_is_refused() -> None:
    doc = annotated()
    doc["deals"][0]["phases"][0]["discard"] = "Ks"
    assert refusal(doc) == "deal 1: trick 5: N plays KS, which W discarded"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(fileType="PGN"), 'game: fileType: expected "Euchre Game Notation"'),
        (lambda d: d.update(metadata=[]), "metadata: expected an object"),
        (lambda d: d.update(deals={}), "deals: expected a list of deals"),
        (lambda d: d["metadata"].update(initialScore=[1]), "initialScore: expected two scores"),
        (lambda d: d["metadata"].update(initialScore=[10, 0]), "initialScore: the game is"),
        (lambda d: d["metadata"].update(finalScore=[8, 9]), "finalScore: the deals bring"),
        (
            lambda d: (d["deals"].append("AAEC"), d["metadata"].update(initialScore=[0, 0])),
            "deal 2: a bitpacked deal",
        ),
        (lambda d: d["deals"].append(3), "deal 2: the game was over: EW reached 10 in deal 1"),
    ],
)
def test_malformed_games_are_refused_in_one_line(change: Any, message: str) -> None:
    doc = annotated()
    change(doc)
    problems = [
        f"{where}: {outcome}" for where, outcome in read_egn(doc) if not hasattr(outcome, "hand")
    ]
    assert any(problem.startswith(message) or message in problem for problem in problems), problems


def deal0(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["deals"][0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(initialState=None), "initialState: expected an object"),
        (lambda d: d.update(phases={}), "phases: expected a list of phases"),
        (lambda d: d["phases"].append({"type": "X"}), "phases: expected EUCHRE_BIDDING"),
        (lambda d: d["phases"].append(d["phases"][0]), "phases: two EUCHRE_BIDDING phases"),
        (lambda d: d["initialState"].update(dealer=4), "dealer: expected a seat, 0 to 3"),
        (lambda d: d["initialState"].update(upCard="R"), 'upCard: "R" is the right bower'),
        (lambda d: d["phases"][0].update(calls="Pass"), "calls: expected a list of calls"),
        (lambda d: d["phases"][0].update(calls=["Pass", "n"]), "call 2: no trump"),
        (lambda d: d["phases"][0].update(calls=["Pass", "Bid"]), "call 2: expected Pass"),
        (lambda d: d["phases"][0].update(calls=["Order", "Pass"]), "call 2: trump is already"),
        (lambda d: d["phases"][0].update(calls=["Pass", "h"]), "call 2: round 1"),
        (lambda d: d["phases"][0].update(isAlone="no"), "isAlone: expected true or false"),
        (lambda d: d["phases"][0].update(cardExchanges=[{}]), "cardExchanges: exchanging"),
        (lambda d: d["phases"][0].update(aloneDefender=2), "aloneDefender: nobody went alone"),
        (
            lambda d: (d["phases"][0].update(calls=["Pass"]), d["phases"][0].pop("discard")),
            "tricks: trump is not made",
        ),
        (lambda d: d["phases"][1].update(tricks={}), "tricks: expected a list of tricks"),
        (lambda d: d["phases"][1]["tricks"].append([]), "tricks: 6 tricks"),
        (lambda d: d["phases"][1]["tricks"].__setitem__(0, "Ac"), "trick 1: expected a list"),
        (lambda d: d["phases"][1]["tricks"][0].pop(), "trick 1: 3 cards, but 4 players"),
        (lambda d: d["phases"][1]["tricks"][0].__setitem__(0, "Xx"), 'trick 1: "Xx" is an'),
        (lambda d: d["phases"][0].update(discard="Jh"), "trick 2: E plays JH, which W discarded"),
        (
            lambda d: d["initialState"].update(playerCards=[["Ac", "Kd", "Ks", "Th", "Jh"]]),
            "deal: a deal needs the 24 different cards: JH is in the deck twice",
        ),
        (lambda d: d["phases"][1].update(playAnnotations=[]), "playAnnotations: expected an"),
        (lambda d: d["phases"][1].update(playAnnotations={"a": []}), "expected an index"),
        (lambda d: d["phases"][1].update(playAnnotations={"1": "x"}), "expected a list of"),
        (lambda d: d["initialState"].update(playerCards={}), "playerCards: expected a list"),
        (lambda d: d["initialState"].update(playerCards=[["Ac"]]), "playerCards: N: expected"),
        (lambda d: d["initialState"].update(playerCards=[["Ac", "Xx"] * 2 + ["9c"]]), 'N: "Xx"'),
        (lambda d: d["initialState"].update(kitty=["Kh", "Jc", "Xx", "Qh"]), 'kitty: "Xx"'),
    ],
)
def test_malformed_deals_are_refused_in_one_line(change: Any, message: str) -> None:
    doc = annotated()
    change(deal0(doc))
    assert message in refusal(doc)


def test_rules_broken_in_the_bidding_are_named() -> None:
    doc = annotated()
    deal0(doc)["phases"][0].update(calls=["Pass"] * 8)
    deal0(doc)["phases"].pop()
    assert "call 8" in refusal(doc)
    assert "stick the dealer" in refusal(doc)
    doc = annotated()
    doc["metadata"]["ruleset"]["defend_alone"] = False
    deal0(doc)["phases"][0].update(isAlone=True, aloneDefender=0)
    assert "aloneDefender: the ruleset does not allow" in refusal(doc)
    doc["metadata"]["ruleset"]["defend_alone"] = True
    deal0(doc)["phases"][0].update(aloneDefender=1)
    assert "aloneDefender: E is on the maker's side" in refusal(doc)
    doc = annotated()
    deal0(doc)["phases"][0].update(calls=["Pass", "Pass", "Pass", "Pass", "s"], discard="9c")
    assert "discard: nobody ordered up" in refusal(doc)
    doc = annotated()
    deal0(doc)["phases"][0].update(isAlone=True, calls=["Pass"] * 8)
    doc["metadata"]["ruleset"]["std"] = False
    assert "isAlone: nobody made trump" in refusal(doc)


def test_a_dealer_who_neither_played_nor_discarded_the_upcard_is_refused() -> None:
    doc = annotated()
    tricks = deal0(doc)["phases"][1]["tricks"]
    tricks[1][3] = "Jc"  # West never plays the king of hearts; the kitty's club instead
    tricks[4][3] = "Kh"
    doc2 = copy.deepcopy(doc)
    assert "W" in refusal(doc2)
    tricks[1][3], tricks[4][3] = "Kh", "Jc"
    deal0(doc)["phases"][0]["discard"] = "Td"
    assert "Td".upper().replace("T", "10") in refusal(doc) or "10D" in refusal(doc)


def test_the_dealers_rotate_and_only_the_last_deal_may_stop_early() -> None:
    hands = [ordered_up(), ordered_up()]
    doc = document(*hands)
    assert "dealer: W dealt deal 1, so N deals deal 2, not W" in refusal(doc)
    doc = document(ordered_up())
    doc["deals"][0]["phases"][1]["tricks"] = doc["deals"][0]["phases"][1]["tricks"][:2]
    doc["deals"].append(copy.deepcopy(doc["deals"][0]))
    assert "not finished, but another deal follows it" in refusal(doc)


def test_a_partial_deal_is_kept_as_far_as_it_went_without_a_false_renege() -> None:
    hand = ordered_up()
    doc = unknown(document(hand))
    doc["deals"][0]["phases"][1]["tricks"] = doc["deals"][0]["phases"][1]["tricks"][:2]
    doc["deals"][0]["phases"][1]["tricks"][1].pop()
    deal = first(doc)
    assert deal.hand.result is None
    assert len(deal.hand.tricks) == 1
    assert not deal.discard_known
    for seat, card in deal.hand.tricks[0].plays:
        lead = deal.hand.tricks[0].lead_suit
        if card.suit is not lead:
            held = [c for c in deal.hand.cards(seat) if c in deal.unseen]
            assert all(c.suit is not lead for c in held)


def test_a_deal_that_stops_in_the_bidding_or_before_any_trick_replays() -> None:
    doc = annotated()
    deal0(doc)["phases"][0].update(calls=["Pass"])
    del deal0(doc)["phases"][0]["discard"]
    deal0(doc)["phases"].pop()
    assert first(doc).hand.turn is E
    doc = annotated()
    deal0(doc)["phases"].pop()
    del deal0(doc)["phases"][0]["discard"]
    deal = first(doc)
    assert deal.hand.discarded == Card.parse("KH")
    assert not deal.discard_known


def test_an_older_file_gives_hands_a_kitty_and_snake_case_notes() -> None:
    doc = annotated()
    state = deal0(doc)["initialState"]
    state["player_cards"] = [[], [], ["Tc", "Ah", "Ts", "9s", "Qs"], []]
    state["kitty"] = ["Kh", "Jc", "Kc", "Qh"]
    bidding = deal0(doc)["phases"][0]
    bidding["calls_annotations"] = bidding.pop("callAnnotations")
    deal = first(doc)
    assert deal.call_notes[1]
    assert deal.unseen == frozenset()
    assert set(deal.hand.deal.kitty) == {Card.parse(c) for c in ("KH", "JC", "KC", "QH")}


def test_given_dealer_cards_make_an_unknown_discard_deduced() -> None:
    doc = annotated()
    del deal0(doc)["phases"][0]["discard"]
    deal0(doc)["initialState"]["playerCards"] = [[], [], [], ["9c", "9d", "Td", "Js", "Ad"]]
    deal = first(doc)
    assert deal.discard_known
    assert deal.hand.discarded == Card.parse("9C")
    deal0(doc)["phases"][1]["tricks"] = deal0(doc)["phases"][1]["tricks"][:1]
    deal = first(doc)
    assert not deal.discard_known


def test_a_renege_proved_by_the_cards_nobody_saw_is_refused() -> None:
    doc = annotated()
    bidding = deal0(doc)["phases"][0]
    del bidding["discard"]
    deal0(doc)["initialState"]["kitty"] = ["Kh", "Jc", "Kc", "Qh"]
    north, east = ["Ac", "Kd", "Ks", "Th", "9h"], ["Jh", "Jd", "Qc", "Qd", "As"]
    deal0(doc)["initialState"]["playerCards"] = [north, east, [], []]
    tricks = deal0(doc)["phases"][1]["tricks"]
    deal0(doc)["phases"][1]["tricks"] = tricks[:1]
    tricks[0][2] = "Ts"  # South shows no clubs, and West neither: one club has nowhere to be
    assert refusal(doc).startswith("deal 1: tricks: ")
    assert refusal(doc).endswith(
        "showed no clubs, but the cards nobody saw cannot all lie elsewhere: a renege"
    )


# Writing and round trips ----------------------------------------------------------------------


def test_a_file_read_and_written_back_keeps_its_metadata_annotations_and_extras() -> None:
    doc = annotated()
    doc["timings"] = {"deal": 1}
    deal0(doc)["alternativeLines"] = [{"branchIndex": 4, "phases": []}]
    deal0(doc)["phases"][1]["initialLead"] = 0
    written = write_egn(load_egn(doc))
    assert written["metadata"] == doc["metadata"]
    assert written["timings"] == {"deal": 1}
    assert deal0(written)["alternativeLines"] == deal0(doc)["alternativeLines"]
    assert (
        deal0(written)["phases"][0]["callAnnotations"] == deal0(doc)["phases"][0]["callAnnotations"]
    )
    assert (
        deal0(written)["phases"][1]["playAnnotations"] == deal0(doc)["phases"][1]["playAnnotations"]
    )
    assert deal0(written)["phases"][1]["tricks"][1] == ["9h", "Jh", "Ah", "Kh"]  # plain cards
    assert "playerCards" not in deal0(written)["initialState"]
    assert write_egn(load_egn(written)) == written


def test_a_changed_ruleset_is_written_from_the_rules() -> None:
    game = load_egn(annotated())
    game.rules = Rules(points_to_win=11)
    assert write_egn(game)["metadata"]["ruleset"]["winning_score"] == 11


def test_unknown_cards_are_not_written_as_known() -> None:
    doc = unknown(document(ordered_up()))
    deal0(doc)["initialState"]["playerCards"] = [[], [], [], []]
    written = write_egn(load_egn(doc))
    assert deal0(written)["initialState"]["playerCards"][3] == []
    assert "discard" not in deal0(written)["phases"][0]


def same_game(one: EgnGame, two: EgnGame) -> None:
    assert one.rules == two.rules
    assert one.scores() == two.scores()
    assert len(one.deals) == len(two.deals)
    for a, b in zip(one.deals, two.deals, strict=True):
        assert a.hand.deal.hands == b.hand.deal.hands
        assert set(a.hand.deal.kitty) == set(b.hand.deal.kitty)
        assert a.hand.bids == b.hand.bids
        assert a.hand.discarded == b.hand.discarded
        assert [t.plays for t in a.hand.tricks] == [t.plays for t in b.hand.tricks]
        assert a.hand.result == b.hand.result


def played_game(seed: int, rules: Rules) -> Game:
    rng = random.Random(seed)
    return play_game(Game(rng, rules), {seat: RandomPlayer(rng) for seat in Seat})


RULES = st.builds(
    Rules,
    stick_the_dealer=st.booleans(),
    points_to_win=st.integers(1, 12),
    defend_alone=st.booleans(),
    canadian=st.booleans(),
    loner_lead=st.sampled_from(LonerLead),
    loner_march_score=st.integers(1, 6),
    loner_euchred_score=st.integers(1, 6),
)


@settings(deadline=None, max_examples=40)
@given(seed=st.integers(0, 10**6), rules=RULES)
def test_any_game_the_project_plays_written_as_egn_and_read_back_replays_the_same(
    seed: int, rules: Rules
) -> None:
    game = played_game(seed, rules)
    egn = egn_from_hands(game.hands, rules)
    back = load_egn(json.loads(json.dumps(write_egn(egn))))
    same_game(egn, back)
    winner = max(Team, key=back.scores()[-1].__getitem__)
    assert winner is game.winner
    # and with the hands nobody saw left out, it still replays to the same results
    blind = load_egn(unknown(write_egn(egn)))
    assert [d.hand.result for d in blind.deals] == [d.hand.result for d in egn.deals]


def plain(record: dict[str, Any]) -> dict[str, Any]:
    """A hand record as EGN keeps it: without its time, and the kitty below the upcard unordered
    (EGN does not hold the kitty: it is what is left)."""
    kept = {key: value for key, value in record.items() if key != "played_at"}
    kept["kitty"] = [record["kitty"][0], *sorted(record["kitty"][1:])]
    return kept


def test_a_saved_game_and_egn_convert_both_ways() -> None:
    game = played_game(7, Rules())
    saved = save_game(game, {seat: "rule" for seat in Seat}, [])
    egn = egn_from_saved(saved)
    again = saved_from_egn(load_egn(write_egn(egn)))
    assert [h.result for _, h in replay_game(again)] == [h.result for _, h in replay_game(saved)]
    assert [plain(hand) for hand in again["hands"]] == [plain(hand) for hand in saved["hands"]]
    same_game(egn, egn_from_saved(again))


def test_hand_records_and_egn_convert_both_ways() -> None:
    hands = [ordered_up()]
    egn = egn_from_hands(hands)
    records = records_from_egn(load_egn(write_egn(egn)))
    assert records == [records_from_egn(egn)[0]]
    same_game(egn, egn_from_hands([load_egn(write_egn(egn)).deals[0].hand]))


def test_what_a_format_cannot_hold_is_refused_not_invented() -> None:
    blind = load_egn(unknown(document(ordered_up())))
    with pytest.raises(EgnError, match="nobody saw W's cards, the discard, the kitty"):
        records_from_egn(blind)
    with pytest.raises(EgnError, match="initialScore: a saved game starts at 0-0, not 8-9"):
        saved_from_egn(load_egn(annotated()))
    doc = document(ordered_up())
    deal0(doc)["phases"][1]["tricks"].pop()
    with pytest.raises(EgnError, match="deal 1: not finished"):
        records_from_egn(load_egn(doc))
    saved = saved_from_egn(load_egn(doc))
    assert saved["unfinished"]
    assert saved["finished"] is False
    with pytest.raises(EgnError, match="its rules are not the game's"):
        egn_from_hands([ordered_up()], Rules(canadian=True))
    with pytest.raises(EgnError, match="hand 1"):
        egn_from_saved({"format": "euchre-game/1", "hands": [{}], "scores": []})


def test_a_read_deal_on_its_own_uses_the_standard_rules() -> None:
    assert read_deal(deal0(annotated())).hand.rules == Rules()
    assert egn_from_hands([]).rules == Rules()


def test_each_deal_read_comes_with_the_score_after_it_and_a_problem_with_none() -> None:
    doc = annotated()
    doc["deals"].append(3)
    assert [(where, score) for where, _, score in read_egn_with_scores(doc)] == [
        ("deal 1", {Team.NS: 8, Team.EW: 10}),
        ("deal 2", None),
    ]


def test_a_game_of_so_many_deals_ends_after_the_last() -> None:
    rules = Rules(points_to_win=0, num_deals=1)
    doc = document(play_out(run(make_hand(rules), "pass, order up, discard 9C")), rules=rules)
    doc["deals"].append(3)
    problems = [str(outcome) for _, outcome in read_egn(doc) if not hasattr(outcome, "hand")]
    assert problems == ["the game was over: all 1 deals were played"]


def test_a_right_final_score_and_odd_players_are_accepted() -> None:
    doc = annotated()
    doc["metadata"]["finalScore"] = [8, 10]
    doc["metadata"]["players"] = ["", {"name": "Eli", "playerIds": []}, {"id": 3}, "Wes"]
    game = load_egn(doc)
    assert game.players == {E: "Eli", W: "Wes"}
    doc["deals"] = [3]
    doc["metadata"]["initialScore"] = [0, 0]
    assert refusal(doc) == "deal 1: expected a deal (an object), got 3"


def test_a_dealer_who_played_five_other_cards_and_discarded_is_refused() -> None:
    doc = annotated()
    tricks = deal0(doc)["phases"][1]["tricks"]
    tricks[1][3] = "Qh"  # West plays the kitty's queen, not the king picked up
    assert refusal(doc) == (
        "deal 1: discard: W picked up KH, but played five other cards and discarded 9C"
    )


def test_a_finished_game_converts_to_a_saved_game_without_an_unfinished_hand() -> None:
    rng = random.Random(2)
    game = play_game(Game(rng, Rules(points_to_win=2)), {s: RandomPlayer(rng) for s in Seat})
    saved = saved_from_egn(egn_from_hands(game.hands))
    assert saved["finished"] is True
    assert "unfinished" not in saved
    stopped = egn_from_hands(game.hands[:1])
    stopped.rules = Rules(points_to_win=12)
    assert "unfinished" not in saved_from_egn(stopped)
