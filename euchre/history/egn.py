"""Euchre Game Notation (EGN): a whole game as JSON, read into hands and written from them.

EGN (github.com/NextSuit-Labs/euchre-game-notation, Apache-2.0) records a game as its rules,
its players, the score it starts from and its deals; each deal is the dealer, the upcard, the
calls and the cards in the order they fell. It leaves out what the rules deduce (who led each
trick, who won it, the score) and may leave out what nobody saw (the dealer's discard, the
kitty, the cards of a partner who sat out).

Reading deduces the first: each card goes to the seat whose turn it was, the winner of each
trick leads the next. The second stays unknown: so that the rules model can replay the deal,
the cards nobody saw are placed where nobody saw them, and the deal says which cards those are
(``unseen``), so that nothing unknown is ever shown or written as known. Every call and card is
checked by the rules with everything that is known: a player's hand is the cards they played,
so a renege shows up as a card of the led suit played later.

Seats are numbered 0 to 3 clockwise from North (N, E, S, W); team 0 is NS, team 1 EW.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre.actions import PASS, Action, DefendAlone, Discard, NameTrump, OrderUp, Pass, Play
from euchre.cards import DECK, Card, Rank, Suit
from euchre.deal import Deal
from euchre.errors import EuchreError
from euchre.hand import Hand, Phase
from euchre.history.record import RecordError, in_words, read_rules, rules_json, write_record
from euchre.history.saved_game import FORMAT as SAVED_GAME
from euchre.history.saved_game import replay_game
from euchre.rules import LonerLead, Rules
from euchre.seats import Seat, Team
from euchre.trump import effective_suit

FILE_TYPE = "Euchre Game Notation"
VERSION = "1.4"
SEATS = tuple(Seat)

LABELS = {
    "[??]": "blunder",
    "[?!]": "dubious",
    "[!?]": "interesting",
    "[!!]": "brilliant",
    "[?]": "mistake",
    "[!]": "great",
}
"""The annotation labels of EGN, longest first, and the words a reader is shown for them."""


class EgnError(RecordError):
    """An EGN file that is malformed, breaks the rules, or needs rules the project lacks."""


def is_egn(document: Any) -> bool:
    """Whether a JSON document is an EGN game (by its content, whatever the file's name)."""
    return isinstance(document, Mapping) and document.get("fileType") == FILE_TYPE


def label(note: str) -> tuple[str | None, str]:
    """An annotation's label as a word, and its text: ``"[??]Oops"`` is a blunder, "Oops".

    >>> label("[!!] Perfect lone call."), label("Dealer had no choice.")
    (('brilliant', 'Perfect lone call.'), (None, 'Dealer had no choice.'))
    """
    for tag, word in LABELS.items():
        if note.startswith(tag):
            return word, note[len(tag) :].strip()
    return None, note.strip()


# Cards ----------------------------------------------------------------------------------------

_RANKS = {"9": Rank.NINE, "N": Rank.NINE, "T": Rank.TEN, "J": Rank.JACK}
_RANKS |= {"Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
_SUITS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
_WRITTEN_RANK = {Rank.NINE: "9", Rank.TEN: "T"}


def read_card(text: Any, trump: Suit | None = None) -> Card:
    """A card in EGN notation: ``Kc``, ``Ts``, ``9d`` or ``Nd`` (a nine), ``R`` and ``L`` (the
    bowers, once trump is known); the project's own notation (``10D``, ``J♥``) is read too.

    >>> read_card("Nd"), read_card("L", Suit.HEARTS)
    (Card.parse('9D'), Card.parse('JD'))
    """
    if not isinstance(text, str):
        raise EgnError(_expected('a card such as "Kc"', text))
    if text in ("R", "L"):
        if trump is None:
            bower = "right" if text == "R" else "left"
            raise EgnError(f'"{text}" is the {bower} bower, but trump is not made yet')
        return Card(Rank.JACK, trump if text == "R" else trump.same_colour_suit)
    if len(text) == 2 and text[0].upper() in _RANKS and text[1].lower() in _SUITS:
        return Card(_RANKS[text[0].upper()], _SUITS[text[1].lower()])
    if "X" in text.upper()[:2] and len(text) == 2:
        raise EgnError(f"{in_words(text)} is an unknown card: only cards that are known replay")
    if len(text) == 2 and text[0] in "78":
        raise EgnError(f"{in_words(text)}: the deck is nine to ace (min_rank 9)")
    if text == "B":
        raise EgnError('"B" is the Joker, which the project does not play')
    if len(text) == 2 and text[1] in "tngh":
        raise EgnError(f"{in_words(text)}: a generic suit (t n g h) is not a card that replays")
    try:
        return Card.parse(text)
    except EuchreError:
        raise EgnError(
            f"{in_words(text)} is not a card: write a rank (9 or N, T, J, Q, K, A) and a suit"
            ' (c d h s), as in "Kc", "Ts", "9d", or R and L for the bowers'
        ) from None


def write_card(card: Card) -> str:
    """A card as EGN writes it: the plain form, ``Kc``, ``Ts``, ``9d``."""
    return _WRITTEN_RANK.get(card.rank, card.rank.value) + card.suit.value.lower()


def _expected(what: str, value: Any) -> str:
    return f"expected {what}, got {in_words(value)}"


# Rules ----------------------------------------------------------------------------------------

UNSUPPORTED = {
    "farmers": "a farmer's hand",
    "partners_best": "partner's best (call for best)",
    "go_under": "going under",
    "joker": "the Joker (Benny)",
    "allow_no_trump": "no trump",
    "fast_break": "the fast break",
    "four_trick_tokens": "four-trick tokens",
}
"""Variants of EGN the project does not play, and what each is called."""
_INTS = ("winning_score", "num_deals", "loner_march_score", "loner_euchred_score")
_BOOLS = ("std", "canadian", "defend_alone")


def read_ruleset(value: Any) -> Rules:
    """The Rules an EGN ``ruleset`` sets; a variant the project does not play is refused, by
    its key, in one line."""
    if not isinstance(value, Mapping):
        raise EgnError(f"ruleset: {_expected('an object of rules', value)}")
    for key, setting in value.items():
        if key in UNSUPPORTED:
            if setting not in (False, None):
                raise EgnError(f"ruleset: {key} ({UNSUPPORTED[key]}) is not supported")
        elif key == "min_rank":
            if setting != 9 or isinstance(setting, bool):
                raise EgnError(f"ruleset: min_rank {in_words(setting)} is not supported: 9 only")
        elif key == "num_players":
            if setting != 4 or isinstance(setting, bool):
                raise EgnError(f"ruleset: num_players {in_words(setting)} is not supported: 4 only")
        elif key in _BOOLS:
            if not isinstance(setting, bool):
                raise EgnError(f"ruleset: {key}: {_expected('true or false', setting)}")
        elif key in _INTS:
            if isinstance(setting, bool) or not isinstance(setting, int) or not 0 <= setting <= 100:
                raise EgnError(f"ruleset: {key}: {_expected('a whole number, 0 to 100', setting)}")
        elif key == "loner_lead":
            if not isinstance(setting, str) or setting not in {lead.value for lead in LonerLead}:
                raise EgnError(
                    f"ruleset: loner_lead: {_expected('LEFT_OF_DEALER or LEFT_OF_LONER', setting)}"
                )
        else:
            raise EgnError(f"ruleset: {in_words(key)} is not an EGN rule")
    if "num_deals" in value and "winning_score" not in value:
        target = 0  # a game of so many deals, and no target
    else:
        target = value.get("winning_score", 10)
    rules = Rules(
        stick_the_dealer=value.get("std", True),
        points_to_win=target,
        num_deals=value.get("num_deals", 0),
        canadian=value.get("canadian", False),
        loner_lead=LonerLead(value.get("loner_lead", LonerLead.LEFT_OF_DEALER.value)),
        loner_march_score=value.get("loner_march_score", 4),
        loner_euchred_score=value.get("loner_euchred_score", 2),
        defend_alone=value.get("defend_alone", False),
    )
    if not rules.points_to_win and not rules.num_deals:
        raise EgnError("ruleset: a game needs winning_score or num_deals, not neither")
    for key in ("loner_march_score", "loner_euchred_score"):
        if not getattr(rules, key):
            raise EgnError(f"ruleset: {key}: expected 1 to 100, got 0")
    return rules


def write_ruleset(rules: Rules) -> dict[str, Any]:
    """The ``ruleset`` of EGN for ``rules``: the settings always written, and any other that
    differs from EGN's default."""
    ruleset: dict[str, Any] = {
        "std": rules.stick_the_dealer,
        "canadian": rules.canadian,
        "loner_lead": rules.loner_lead.value,
    }
    if rules.points_to_win:
        ruleset["winning_score"] = rules.points_to_win
    if rules.num_deals:
        ruleset["num_deals"] = rules.num_deals
    if rules.loner_march_score != 4:
        ruleset["loner_march_score"] = rules.loner_march_score
    if rules.loner_euchred_score != 2:
        ruleset["loner_euchred_score"] = rules.loner_euchred_score
    if rules.defend_alone:
        ruleset["defend_alone"] = True
    return ruleset


# The model of a game ----------------------------------------------------------------------------

Notes = Mapping[int, tuple[str, ...]]


@dataclass
class EgnDeal:
    """One deal, replayed: the hand, which of its cards nobody saw, and the file's notes.

    ``unseen`` are the cards placed where nobody saw them (the kitty, a discard, a partner's
    hand that was never played), so that the rules model could replay the deal; they are
    never shown or written as known. ``call_notes`` and ``play_notes`` are the annotations,
    by the index of the call, and of the card across all the tricks, from 0.
    """

    hand: Hand
    unseen: frozenset[Card] = frozenset()
    discard_known: bool = True
    call_notes: Notes = field(default_factory=dict)
    play_notes: Notes = field(default_factory=dict)
    source: Mapping[str, Any] | None = None
    """The deal as read, so that what this reader does not use is written back unchanged."""

    def known(self, seat: Seat) -> bool:
        """Whether every card ``seat`` was dealt is known."""
        return not self.unseen.intersection(self.hand.deal.hands[seat])

    @property
    def all_known(self) -> bool:
        return not self.unseen and self.discard_known


@dataclass
class EgnGame:
    """A game: its rules, the score it starts from, its deals; ``metadata`` as read."""

    rules: Rules
    deals: list[EgnDeal]
    initial_score: Mapping[Team, int] = field(default_factory=lambda: dict.fromkeys(Team, 0))
    metadata: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Top-level fields besides the game itself (timings, views, a video), kept as read."""

    def scores(self) -> list[dict[Team, int]]:
        """The score after each finished deal, from the initial score."""
        running, scores = dict(self.initial_score), []
        for deal in self.deals:
            if deal.hand.result is not None:
                for team, points in deal.hand.result.points.items():
                    running[team] += points
                scores.append(dict(running))
        return scores

    @property
    def players(self) -> dict[Seat, str]:
        """The players' names by seat, as far as the file gives them."""
        names = self.metadata.get("players", [])
        found = {}
        for seat, player in zip(SEATS, names if isinstance(names, list) else [], strict=False):
            name = player.get("name") if isinstance(player, Mapping) else player
            if isinstance(name, str) and name.strip():
                found[seat] = name.strip()
        return found


# Reading --------------------------------------------------------------------------------------

Outcome = EgnDeal | RecordError


def load_egn(document: Any) -> EgnGame:
    """The game an EGN document holds, every deal checked; EgnError at the first problem."""
    reader = _GameReader(document)
    for where, outcome in reader.read():
        if isinstance(outcome, RecordError):
            raise EgnError(f"{where}: {outcome}") if where != "game" else outcome
    assert reader.game is not None
    return reader.game


def read_egn(document: Any) -> Iterator[tuple[str, Outcome]]:
    """Each deal of an EGN document replayed and checked as part of the game, labelled
    "deal N" (from 1); what is wrong with the game as a whole is labelled "game"."""
    return _GameReader(document).read()


class _GameReader:
    """The game so far, as its deals are read: the rules, the dealer and the running score."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.game: EgnGame | None = None

    def read(self) -> Iterator[tuple[str, Outcome]]:
        try:
            game = self.game = self._game()
        except EgnError as error:
            yield "game", error
            return
        raw_deals = self.document["deals"]
        running = dict(game.initial_score)
        over: str | None = self._over(running, 0)
        if over is not None:
            yield "game", EgnError(f"initialScore: the game is already over: {over}")
            return
        previous: Hand | None = None
        for number, raw in enumerate(raw_deals, start=1):
            where = f"deal {number}"
            if over is not None:
                yield where, EgnError(f"the game was over: {over}")
                continue
            try:
                deal = read_deal(raw, game.rules)
                self._in_place(deal.hand, previous, number, len(raw_deals))
            except EgnError as error:
                yield where, error
                previous = None
                continue
            previous = deal.hand
            game.deals.append(deal)
            if deal.hand.result is not None:
                for team, points in deal.hand.result.points.items():
                    running[team] += points
                over = self._over(running, number)
            yield where, deal
        problem = self._final(running, len(game.deals) == len(raw_deals))
        if problem is not None:
            yield "game", problem

    def _game(self) -> EgnGame:
        document = self.document
        if not is_egn(document):
            raise EgnError(f'fileType: expected "{FILE_TYPE}"')
        metadata = document.get("metadata", {})
        if not isinstance(metadata, Mapping):
            raise EgnError(f"metadata: {_expected('an object', metadata)}")
        if not isinstance(document.get("deals"), list):
            raise EgnError(f"deals: {_expected('a list of deals', document.get('deals'))}")
        rules = read_ruleset(metadata.get("ruleset", {}))
        initial = metadata.get("initialScore", [0, 0])
        if not (
            isinstance(initial, list)
            and len(initial) == 2
            and all(type(points) is int and 0 <= points < 1000 for points in initial)
        ):
            raise EgnError(f"initialScore: {_expected('two scores such as [0, 0]', initial)}")
        extra = {
            key: value
            for key, value in document.items()
            if key not in ("fileType", "version", "metadata", "deals")
        }
        return EgnGame(rules, [], dict(zip(Team, initial, strict=True)), dict(metadata), extra)

    def _over(self, running: Mapping[Team, int], deals: int) -> str | None:
        assert self.game is not None
        rules = self.game.rules
        leader = max(Team, key=running.__getitem__)
        if rules.points_to_win and running[leader] >= rules.points_to_win:
            return f"{leader} reached {rules.points_to_win}" + (
                f" in deal {deals}" if deals else ""
            )
        if rules.num_deals and deals >= rules.num_deals:
            return f"all {rules.num_deals} deals were played"
        return None

    def _in_place(self, hand: Hand, previous: Hand | None, number: int, deals: int) -> None:
        if hand.result is None and number < deals:
            raise EgnError("the deal is not finished, but another deal follows it")
        if previous is not None and hand.dealer is not previous.dealer.left:
            before = previous.dealer
            raise EgnError(
                f"dealer: {before} dealt deal {number - 1}, so {before.left} deals deal"
                f" {number}, not {hand.dealer}"
            )

    def _final(self, running: Mapping[Team, int], all_read: bool) -> EgnError | None:
        assert self.game is not None
        final = self.game.metadata.get("finalScore")
        if final is None or not all_read:
            return None
        ns, ew = running[Team.NS], running[Team.EW]
        if final != [ns, ew]:
            return EgnError(f"finalScore: the deals bring the score to [{ns}, {ew}], not {final}")
        return None


def _phases(raw: Mapping[str, Any]) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    phases = raw.get("phases", [])
    if not isinstance(phases, list):
        raise EgnError(f"phases: {_expected('a list of phases', phases)}")
    found: dict[str, Mapping[str, Any]] = {}
    for phase in phases:
        kind = phase.get("type") if isinstance(phase, Mapping) else None
        if kind not in ("EUCHRE_BIDDING", "TRICK_PLAY"):
            raise EgnError(f"phases: {_expected('EUCHRE_BIDDING or TRICK_PLAY', kind)}")
        if kind in found:
            raise EgnError(f"phases: two {kind} phases")
        found[kind] = phase
    return found.get("EUCHRE_BIDDING", {}), found.get("TRICK_PLAY", {})


def _either(phase: Mapping[str, Any], *keys: str) -> Any:
    """The first of ``keys`` the phase has (EGN 1.4's name, then the older spellings)."""
    return next((phase[key] for key in keys if key in phase), None)


def _notes(value: Any, where: str) -> dict[int, tuple[str, ...]]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise EgnError(f"{where}: {_expected('an object of index to notes', value)}")
    notes = {}
    for key, texts in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 4):
            raise EgnError(f"{where}: {_expected('an index such as 3', key)}")
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            raise EgnError(f"{where}: {key}: {_expected('a list of strings', texts)}")
        notes[int(key)] = tuple(texts)
    return notes


def _seat(value: Any, where: str) -> Seat:
    if type(value) is not int or not 0 <= value <= 3:
        raise EgnError(f"{where}: {_expected('a seat, 0 to 3', value)}")
    return SEATS[value]


def _bid(call: Any, alone: bool, where: str) -> Action:
    if call == "Pass":
        return PASS
    if call in ("Order", "PickUp", "Alone", "Call"):
        return OrderUp(alone)
    if isinstance(call, str) and call in _SUITS:
        return NameTrump(_SUITS[call], alone)
    if call == "n":
        raise EgnError(f"{where}: no trump is not supported (allow_no_trump)")
    raise EgnError(f"{where}: {_expected('Pass, Order or a suit (s h d c)', call)}")


def _apply(hand: Hand, action: Action, where: str) -> None:
    try:
        hand.apply(action)
    except EuchreError as error:
        raise EgnError(f"{where}: {error}") from None


@dataclass
class _Calls:
    """A deal's bidding, as read: what decides who plays and who leads."""

    dealer: Seat
    upcard: Card
    bids: list[Action]
    discard: Any
    defender: Seat | None


def read_deal(raw: Any, rules: Rules = Rules()) -> EgnDeal:
    """One EGN deal, replayed through the rules model and checked with everything known."""
    if isinstance(raw, str):
        raise EgnError("a bitpacked deal (from .egnb) is not read: convert it to JSON first")
    if not isinstance(raw, Mapping):
        raise EgnError(_expected("a deal (an object)", raw))
    state = raw.get("initialState")
    if not isinstance(state, Mapping):
        raise EgnError(f"initialState: {_expected('an object', state)}")
    bidding, play = _phases(raw)
    calls = _calls(state, bidding)
    # A first pass, on a stand-in deal, finds who plays and who leads; the second, on the
    # cards as dealt, checks every call and card.
    stand_in = _bid_on(_stand_in(calls.dealer, calls.upcard), rules, calls, bidding)
    trump = stand_in.trump
    discard = read_card(calls.discard, trump) if calls.discard is not None else None
    if discard is not None and stand_in.phase is not Phase.DISCARD:
        raise EgnError("discard: nobody ordered up the upcard, so nobody discards")
    _discard_and_defend(stand_in, stand_in.cards(calls.dealer)[0], calls.defender)
    tricks = play.get("tricks", [])
    if not isinstance(tricks, list):
        raise EgnError(f"tricks: {_expected('a list of tricks', tricks)}")
    if tricks and stand_in.trick is None:
        raise EgnError("tricks: trump is not made, so no card is played")
    plays = _seat_the_plays(stand_in, tricks)
    dealt, unseen, discard, discard_known = _dealt(state, stand_in, plays, discard)
    hand = Hand(dealt, rules)
    for number, bid in enumerate(calls.bids, start=1):
        _apply(hand, bid, f"call {number}")
    if hand.phase is Phase.DISCARD:
        assert discard is not None
        _apply(hand, Discard(discard), "discard")
    _discard_and_defend(hand, None, calls.defender)
    for number, _, card in plays.cards:
        _apply(hand, Play(card), f"trick {number}")
    return EgnDeal(
        hand,
        unseen,
        discard_known,
        _notes(_either(bidding, "callAnnotations", "calls_annotations"), "callAnnotations"),
        _notes(_either(play, "playAnnotations", "tricks_annotations"), "playAnnotations"),
        raw,
    )


def _calls(state: Mapping[str, Any], bidding: Mapping[str, Any]) -> _Calls:
    dealer = _seat(state.get("dealer"), "dealer")
    try:
        upcard = read_card(state.get("upCard"))
    except EgnError as error:
        raise EgnError(f"upCard: {error}") from None
    calls = bidding.get("calls", [])
    if not isinstance(calls, list):
        raise EgnError(f"calls: {_expected('a list of calls', calls)}")
    alone = bidding.get("isAlone", False)
    if not isinstance(alone, bool):
        raise EgnError(f"isAlone: {_expected('true or false', alone)}")
    if bidding.get("cardExchanges"):
        raise EgnError("cardExchanges: exchanging cards is not supported")
    bids = [_bid(call, alone, f"call {number}") for number, call in enumerate(calls, start=1)]
    defender = bidding.get("aloneDefender", -1)
    return _Calls(
        dealer,
        upcard,
        bids,
        bidding.get("discard"),
        None if defender == -1 else _seat(defender, "aloneDefender"),
    )


def _stand_in(dealer: Seat, upcard: Card) -> Deal:
    rest = [card for card in DECK if card != upcard]
    hands = {seat: tuple(rest[5 * n : 5 * n + 5]) for n, seat in enumerate(SEATS)}
    return Deal.from_hands(dealer, hands, upcard)


def _bid_on(dealt: Deal, rules: Rules, calls: _Calls, bidding: Mapping[str, Any]) -> Hand:
    hand = Hand(dealt, rules)
    for number, bid in enumerate(calls.bids, start=1):
        if hand.phase not in (Phase.ORDER_UP, Phase.NAME_TRUMP):
            raise EgnError(f"call {number}: trump is already made")
        _apply(hand, bid, f"call {number}")
    if bidding.get("isAlone") and not hand.alone:
        raise EgnError("isAlone: nobody made trump, so nobody goes alone")
    if calls.defender is not None and not hand.alone:
        raise EgnError("aloneDefender: nobody went alone, so nobody defends alone")
    if calls.defender is not None and not hand.rules.defend_alone:
        raise EgnError("aloneDefender: the ruleset does not allow defend_alone")
    maker = hand.maker
    if calls.defender is not None and maker is not None and calls.defender.team is maker.team:
        raise EgnError(f"aloneDefender: {calls.defender} is on the maker's side")
    return hand


def _discard_and_defend(hand: Hand, discard: Card | None, defender: Seat | None) -> None:
    if hand.phase is Phase.DISCARD and discard is not None:
        _apply(hand, Discard(discard), "discard")
    while hand.phase is Phase.DEFEND:
        _apply(hand, DefendAlone() if hand.turn is defender else Pass(), "aloneDefender")


@dataclass
class _Plays:
    """The cards of the tricks, each with its trick number and the seat that played it."""

    cards: list[tuple[int, Seat, Card]]
    voids: dict[Seat, set[Suit]]
    finished: bool


def _seat_the_plays(hand: Hand, tricks: list[Any]) -> _Plays:
    """Give each card of ``tricks`` to the seat whose turn it was; the winner leads next."""
    plays = _Plays([], {seat: set() for seat in SEATS}, False)
    if hand.trick is None:
        return plays
    trick, trump, seen = hand.trick, hand.trick.trump, dict[Card, int]()
    if len(tricks) > 5:
        raise EgnError(f"tricks: {len(tricks)} tricks, but a deal has 5")
    for number, cards in enumerate(tricks, start=1):
        where = f"trick {number}"
        players = len(trick.order)
        if not isinstance(cards, list):
            raise EgnError(f"{where}: {_expected(f'a list of {players} cards', cards)}")
        if len(cards) > players or (len(cards) < players and number < len(tricks)):
            raise EgnError(f"{where}: {len(cards)} cards, but {players} players play")
        for text in cards:
            try:
                card = read_card(text, trump)
            except EgnError as error:
                raise EgnError(f"{where}: {error}") from None
            seat = trick.order[len(trick.plays)]
            if card in seen:
                raise EgnError(
                    f"{where}: {seat} plays {card}, already played in trick {seen[card]}"
                )
            seen[card] = number
            if trick.lead_suit is not None and effective_suit(card, trump) is not trick.lead_suit:
                plays.voids[seat].add(trick.lead_suit)
            trick.add_legal_play(seat, card)
            plays.cards.append((number, seat, card))
        if trick.is_complete and number < 5:
            trick = trick.next_trick()
    plays.finished = len(tricks) == 5 and trick.is_complete
    return plays


def _dealt(
    state: Mapping[str, Any], hand: Hand, plays: _Plays, discard: Card | None
) -> tuple[Deal, frozenset[Card], Card | None, bool]:
    """The cards as dealt, as far as they are known; the rest placed where nobody saw them.

    Returns the deal, the cards placed unseen, the discard and whether it is known.
    """
    dealer, upcard, trump = hand.dealer, hand.upcard, hand.trump
    played: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    where: dict[Card, tuple[int, Seat]] = {}
    for number, seat, card in plays.cards:
        played[seat].append(card)
        where[card] = (number, seat)
    ordered_up = hand.contract is not None and hand.contract.ordered_up
    if upcard in where and where[upcard][1] is not dealer:
        number, seat = where[upcard]
        held = f"{dealer} picked it up" if ordered_up else "it was turned down"
        raise EgnError(f"trick {number}: {seat} plays {upcard}, the upcard, but {held}")
    if discard is not None and discard in where:
        number, seat = where[discard]
        raise EgnError(f"trick {number}: {seat} plays {discard}, which {dealer} discarded")
    given = _given_hands(state, trump)
    dealt: dict[Seat, list[Card]] = {}
    for seat in SEATS:
        if seat in given:
            dealt[seat] = list(given[seat])
            continue
        cards = [card for card in played[seat] if not (ordered_up and card == upcard)]
        if ordered_up and seat is dealer and discard is not None and discard != upcard:
            cards.append(discard)
        if len(cards) > 5:
            raise EgnError(
                f"discard: {dealer} picked up {upcard}, but played five other cards"
                f" and discarded {discard}"
            )
        dealt[seat] = cards
    discard_known = discard is not None or not ordered_up
    held_open: set[Seat] = set()  # seats whose unseen cards are still held as they play
    if ordered_up and discard is None:
        discard, discard_known = _the_discard(hand, plays, dealt[dealer], played[dealer], given)
    for seat in SEATS:
        if seat not in hand.sitting_out and len(dealt[seat]) < 5:
            held_open.add(seat)
    known_kitty = _given_kitty(state, upcard)
    known = {card for cards in dealt.values() for card in cards} | {upcard}
    known |= set(known_kitty) | ({discard} if discard is not None else set())
    pool = [card for card in DECK if card not in known]
    slots = {seat: 5 - len(dealt[seat]) for seat in SEATS}
    if ordered_up and discard is None:  # one of the dealer's unseen cards is the discard
        slots_open = {seat: slots[seat] - (seat is dealer) for seat in held_open}
    else:
        slots_open = {seat: slots[seat] for seat in held_open}
    placed = _place(pool, slots_open, plays.voids, trump)
    for seat, count in slots.items():
        extra = placed.get(seat, [])
        rest = [card for card in pool if card not in _all(placed)][: count - len(extra)]
        dealt[seat] += extra + rest
        placed[seat] = extra + rest
    if ordered_up and discard is None:
        discard = placed[dealer][-1]
    leftover = [card for card in pool if card not in _all(placed)]
    kitty = [upcard, *(known_kitty or leftover)]
    unseen = frozenset(_all(placed)) | (frozenset(leftover) if not known_kitty else frozenset())
    if not (unseen - frozenset(leftover)) and discard_known:
        unseen = frozenset()  # everything else is known: the kitty is what is left
    try:
        dealt_deal = Deal.from_hands(dealer, dealt, upcard, kitty)
    except EuchreError as error:
        raise EgnError(f"deal: {error}") from None
    return dealt_deal, unseen, discard, discard_known


def _all(placed: Mapping[Seat, list[Card]]) -> list[Card]:
    return [card for cards in placed.values() for card in cards]


def _the_discard(
    hand: Hand,
    plays: _Plays,
    dealt: list[Card],
    played: list[Card],
    given: Mapping[Seat, Sequence[Card]],
) -> tuple[Card | None, bool]:
    """The dealer's discard when the file does not say: deduced when only one card can be it;
    otherwise unknown (None, placed unseen), or a card the dealer surely did not keep."""
    dealer, upcard, trump = hand.dealer, hand.upcard, hand.trump
    assert trump is not None
    if dealer in given:
        left = [card for card in (*given[dealer], upcard) if card not in played]
        if plays.finished and len(left) == 1:
            return left[0], True
        voids = plays.voids[dealer]
        left.sort(key=lambda card: effective_suit(card, trump) not in voids)
        return left[0], False
    if upcard not in played:
        return upcard, plays.finished and len(dealt) == 5
    return None, False


def _given_hands(state: Mapping[str, Any], trump: Suit | None) -> dict[Seat, tuple[Card, ...]]:
    """The hands the file gives (``playerCards``): five cards, or none for a hand not known."""
    value = _either(state, "playerCards", "player_cards")
    if value is None:
        return {}
    if not isinstance(value, list) or len(value) > 4:
        raise EgnError(f"playerCards: {_expected('a list of 4 hands', value)}")
    hands = {}
    for seat, cards in zip(SEATS, value, strict=False):
        if not isinstance(cards, list) or len(cards) not in (0, 5):
            raise EgnError(f"playerCards: {seat}: {_expected('5 cards, or none', cards)}")
        if cards:
            try:
                hands[seat] = tuple(read_card(card, trump) for card in cards)
            except EgnError as error:
                raise EgnError(f"playerCards: {seat}: {error}") from None
    return hands


def _given_kitty(state: Mapping[str, Any], upcard: Card) -> list[Card]:
    """The kitty below the upcard, if an older file gives all of it (``kitty``)."""
    value = state.get("kitty")
    if not isinstance(value, list) or not value or not all(value):
        return []
    try:
        cards = [read_card(card) for card in value]
    except EgnError as error:
        raise EgnError(f"kitty: {error}") from None
    return cards[1:] if cards[0] == upcard else cards


def _place(
    pool: list[Card], slots: Mapping[Seat, int], voids: Mapping[Seat, set[Suit]], trump: Suit | None
) -> dict[Seat, list[Card]]:
    """Cards of ``pool`` for seats that still held unseen cards as they played: none of a
    suit the seat showed it lacked (else the model would see a renege nobody made).

    A matching by augmenting paths; when none exists, the plays themselves hold a renege.
    """
    wanted = [seat for seat, count in slots.items() for _ in range(count)]
    holder: dict[Card, int] = {}

    def fits(card: Card, seat: Seat) -> bool:
        return trump is None or effective_suit(card, trump) not in voids[seat]

    def augment(slot: int, tried: set[Card]) -> bool:
        for card in pool:
            if card in tried or not fits(card, wanted[slot]):
                continue
            tried.add(card)
            if card not in holder or augment(holder[card], tried):
                holder[card] = slot
                return True
        return False

    for slot, seat in enumerate(wanted):
        if not augment(slot, set()):
            lacks = " or ".join(sorted(str(suit) for suit in voids[seat]))
            raise EgnError(
                f"tricks: {seat} showed no {lacks}, but the cards nobody saw cannot all lie"
                " elsewhere: a renege"
            )
    placed: dict[Seat, list[Card]] = {}
    for card, slot in sorted(holder.items(), key=lambda item: item[1]):
        placed.setdefault(wanted[slot], []).append(card)
    return placed


# Writing --------------------------------------------------------------------------------------


def write_egn(game: EgnGame) -> dict[str, Any]:
    """The game as an EGN document; a file read and written back keeps its metadata, its
    annotations and every field this reader does not use."""
    metadata = dict(game.metadata)
    metadata.setdefault("title", "A game of Euchre")
    metadata.setdefault("players", [game.players.get(seat, str(seat)) for seat in SEATS])
    metadata["initialScore"] = [game.initial_score[Team.NS], game.initial_score[Team.EW]]
    if "ruleset" not in metadata or read_ruleset(metadata["ruleset"]) != game.rules:
        metadata["ruleset"] = write_ruleset(game.rules)
    document: dict[str, Any] = {
        "fileType": FILE_TYPE,
        "version": VERSION,
        "metadata": metadata,
        "deals": [write_deal(deal, number) for number, deal in enumerate(game.deals)],
    }
    return document | dict(game.extra)


_DEAL_KEYS: tuple[str, ...] = ("dealNumber", "initialState", "phases")
_STATE_KEYS = ("dealer", "upCard", "playerCards", "player_cards")
_BIDDING_KEYS: tuple[str, ...] = ("phaseNumber", "type", "calls", "isAlone", "aloneDefender")
_BIDDING_KEYS += ("discard", "callAnnotations", "calls_annotations")
_PLAY_KEYS = ("phaseNumber", "type", "tricks", "playAnnotations", "tricks_annotations")


def write_deal(deal: EgnDeal, number: int) -> dict[str, Any]:
    """One deal in EGN: the known cards in the plain notation, the notes by index."""
    hand, source = deal.hand, deal.source or {}
    source_state = source.get("initialState", {})
    source_bidding, source_play = _phases(source) if source else ({}, {})
    state: dict[str, Any] = {"dealer": SEATS.index(hand.dealer), "upCard": write_card(hand.upcard)}
    if not source or _either(source_state, "playerCards", "player_cards") is not None:
        state["playerCards"] = [
            [write_card(card) for card in hand.deal.hands[seat]]
            if deal.known(seat) and (seat is not hand.dealer or deal.discard_known)
            else []
            for seat in SEATS
        ]
    state |= {key: value for key, value in source_state.items() if key not in _STATE_KEYS}
    bidding: dict[str, Any] = {
        "phaseNumber": 0,
        "type": "EUCHRE_BIDDING",
        "calls": [_call(bid) for _, bid in hand.bids],
        "isAlone": hand.alone,
    }
    if hand.lone_defender is not None:
        bidding["aloneDefender"] = SEATS.index(hand.lone_defender)
    if hand.discarded is not None and deal.discard_known:
        bidding["discard"] = write_card(hand.discarded)
    if deal.call_notes:
        bidding["callAnnotations"] = _write_notes(deal.call_notes)
    bidding |= {key: value for key, value in source_bidding.items() if key not in _BIDDING_KEYS}
    phases = [bidding]
    tricks = [*hand.tricks, *([hand.trick] if hand.trick and hand.trick.plays else [])]
    if hand.trump is not None:
        play: dict[str, Any] = {
            "phaseNumber": 1,
            "type": "TRICK_PLAY",
            "tricks": [[write_card(card) for _, card in trick.plays] for trick in tricks],
        }
        if deal.play_notes:
            play["playAnnotations"] = _write_notes(deal.play_notes)
        play |= {key: value for key, value in source_play.items() if key not in _PLAY_KEYS}
        phases.append(play)
    written = {"dealNumber": number, "initialState": state, "phases": phases}
    return written | {key: value for key, value in source.items() if key not in _DEAL_KEYS}


def _write_notes(notes: Notes) -> dict[str, list[str]]:
    return {str(index): list(texts) for index, texts in notes.items()}


def _call(bid: Action) -> str:
    if isinstance(bid, OrderUp):
        return "Order"
    if isinstance(bid, NameTrump):
        return bid.suit.value.lower()
    return "Pass"


def dumps(game: EgnGame) -> str:
    """The game as EGN text, indented as the files of the specification are."""
    return json.dumps(write_egn(game), indent=2, ensure_ascii=False) + "\n"


# Converting -----------------------------------------------------------------------------------


def egn_from_hands(
    hands: Sequence[Hand],
    rules: Rules | None = None,
    players: Mapping[Seat, str] | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> EgnGame:
    """Hands the project played (every card known), in order, as an EGN game from 0-0."""
    rules = rules if rules is not None else (hands[0].rules if hands else Rules())
    for number, hand in enumerate(hands, start=1):
        if hand.rules != rules:
            raise EgnError(f"hand {number}: its rules are not the game's: EGN has one ruleset")
    names = players or {seat: seat.name.title() for seat in SEATS}
    data = {"title": "A game of Euchre", "players": [names[seat] for seat in SEATS]}
    return EgnGame(rules, [EgnDeal(hand) for hand in hands], metadata=data | dict(metadata or {}))


def egn_from_saved(saved: Mapping[str, Any]) -> EgnGame:
    """A saved game (``saved_game.py``) as EGN: its hands, the unfinished one last."""
    hands = []
    for where, outcome in replay_game(saved):
        if isinstance(outcome, RecordError):
            raise EgnError(f"{where}: {outcome}")
        hands.append(outcome)
    players = saved.get("players")
    names = (
        {seat: str(players.get(str(seat), seat.name.title())) for seat in SEATS}
        if isinstance(players, Mapping)
        else None
    )
    when = saved["hands"][0].get("played_at") if saved["hands"] else None
    metadata = {"date": when} if isinstance(when, str) else {}
    return egn_from_hands(hands, _saved_rules(saved), names, metadata)


def _saved_rules(saved: Mapping[str, Any]) -> Rules:
    return read_rules(saved)


def records_from_egn(game: EgnGame) -> list[dict[str, Any]]:
    """Each deal as a hand record; a hand record holds every card, so an unknown one is refused."""
    records = []
    for number, deal in enumerate(game.deals, start=1):
        _every_card_known(deal, number)
        if deal.hand.result is None:
            raise EgnError(f"deal {number}: not finished: a hand record holds a whole hand")
        records.append(write_record(deal.hand))
    return records


def saved_from_egn(game: EgnGame) -> dict[str, Any]:
    """The game as a saved game (``saved_game.py``), which starts at 0-0 with every card known."""
    if any(game.initial_score.values()):
        ns, ew = game.initial_score[Team.NS], game.initial_score[Team.EW]
        raise EgnError(f"initialScore: a saved game starts at 0-0, not {ns}-{ew}")
    finished = [deal for deal in game.deals if deal.hand.result is not None]
    for number, deal in enumerate(game.deals, start=1):
        _every_card_known(deal, number)
    scores = [{str(team): points for team, points in score.items()} for score in game.scores()]
    names = game.players
    winner = _winner(game)
    saved: dict[str, Any] = {
        "format": SAVED_GAME,
        "rules": rules_json(game.rules),
        "players": {str(seat): names.get(seat, seat.name.title()) for seat in SEATS},
        "hands": [write_record(deal.hand) for deal in finished],
        "scores": scores,
        "winner": str(winner) if winner else None,
        "finished": winner is not None,
    }
    if winner is None:
        saved["stopped_by"] = "the record ends"
        if len(finished) < len(game.deals):
            saved["unfinished"] = write_record(game.deals[-1].hand)
    return saved


def _winner(game: EgnGame) -> Team | None:
    scores = game.scores()
    target = game.rules.points_to_win
    for score in scores:
        leader = max(Team, key=score.__getitem__)
        if target and score[leader] >= target:
            return leader
    return None


def _every_card_known(deal: EgnDeal, number: int) -> None:
    hand = deal.hand
    missing = [f"{seat}'s cards" for seat in SEATS if not deal.known(seat)]
    if not deal.discard_known:
        missing.append("the discard")
    if deal.unseen.intersection(hand.deal.kitty):
        missing.append("the kitty")
    if missing:
        raise EgnError(
            f"deal {number}: nobody saw {', '.join(missing)}: this needs every card, and"
            " nothing unknown is invented"
        )
