"""A seat's view shows what that seat may know and nothing else.

Checked at every decision point of random games, for every shipped ruleset: the view's hand is
exactly the seat's hand (less the face-down cards of a blind caller); no card still in another seat's hand is named anywhere in the view (except
the trump card once it is turned up); the trump suit and card are known only to the trump maker until
the first lead and to everyone after it; another seat's ``trump CARD`` is masked in the history until
revealed; a Jodie whose value the ruleset keeps secret (standard: 30) shows its suit to the declarer
alone; ``legal`` is filled only for the seat to act. Two deals that differ only in cards seat 0 cannot
see give seat 0 equal views.

Two leaks found while writing these tests (a taken-back trump card, an undeclared Jodie) are pinned at the end.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import Action, GameState
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.model.cards import iter_cards
from thunee_dsl.game.view import HIDDEN, down_seen
from thunee_dsl.model.ruleset import DeclaredFrom

RULESETS = sorted(shipped_rulesets())
POLICIES = ("uniform", "jodie_greedy")
MAX_ACTIONS = 20_000
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module", params=RULESETS)
def name(request):
    return request.param


# -- playing ---------------------------------------------------------------------------------------


def choose(policy: str, rng: random.Random, game: GameState) -> Action:
    legal = game.legal_actions()
    if policy == "jodie_greedy":
        declare = [a for a in legal if game.ruleset.declaration_by_verb(a.verb) is not None]
        if declare and rng.random() < 0.8:
            return rng.choice(declare)
        # undertakings rule out Jodies, and every seat is asked about them: pass those almost always
        undertaking = game.deal.window is not None and game.deal.window.name == "undertakings"
        if legal[-1].verb == "pass" and rng.random() < (0.98 if undertaking else 0.85):
            return legal[-1]
    return rng.choice(legal)


def walk(ruleset, seed: int, policy: str, visit) -> GameState:
    """Play a game, calling ``visit(game)`` at the start and after every action."""
    game = GameState(ruleset, seed=seed)
    rng = random.Random(seed * 104729 + POLICIES.index(policy))
    visit(game)
    n = 0
    while not game.is_over:
        assert n < MAX_ACTIONS
        game.apply(choose(policy, rng, game))
        visit(game)
        n += 1
    return game


# -- what each view may show -----------------------------------------------------------------------


def cards_named(view, names: frozenset) -> set[str]:
    """Every card name the view shows, outside the ``trump CARD`` history entries (checked apart)."""
    shown = set(view.hand) | {c for _, c in view.trick} | {c for t in view.tricks for _, c in t.cards}
    shown |= {c for cards in view.table for c in cards} | {c for cards in view.covering for c in cards}
    if view.trump_card is not None:
        shown.add(view.trump_card)
    shown |= {str(a.arg) for a in view.legal}
    for entry in view.history:
        parts = entry.split()
        if len(parts) == 3 and parts[1] != "trump":
            shown.add(parts[2])
    return shown & names


def check_views(game: GameState, stats: Counter) -> None:
    r, deal = game.ruleset, game.deal
    names = r.deck.names
    all_names = frozenset(names)
    actions = game.deals[-1].actions
    stats["states"] += 1
    revealed_card = (names[deal.trump_card] if deal.trump_revealed and deal.trump_card is not None else None)
    if r.trumps is not None and r.trumps.revealed == "first lead":
        assert deal.trump_revealed == bool(deal.tricks or deal.trick), "the trump is turned up at the first lead"
    decl_actions = [a for a in actions if r.declaration_by_verb(a.verb) is not None]
    assert len(decl_actions) == len(deal.declarations)

    for seat in range(r.seats):
        v = game.view(seat)
        assert v.seat == seat
        # exactly its own current hand, less any cards it must hold face down (a blind undertaking)
        assert v.hand == tuple(names[c] for c in iter_cards(deal.hands[seat] & ~deal.unseen))
        assert v.unseen == (deal.hands[seat] & deal.unseen).bit_count()
        assert v.hand_sizes == tuple(h.bit_count() for h in deal.hands)
        # no unplayed card of another seat, except the trump card once turned up and (open face play) the
        # cards face up on the table; no face-down row card at all, not even to its owner
        others = {names[c] for s in range(r.seats) if s != seat for c in iter_cards(deal.hands[s] & ~deal.face_up[s])}
        others.discard(revealed_card)
        others |= {names[c] for s in range(r.seats) for c in iter_cards(deal.face_down[s])}
        # a first lead taken back for a late undertaking (Marials) was seen by everyone when it was led
        others -= {a.arg for a in actions if a.verb == "play" and (deal.hands[a.seat] >> r.deck.card(a.arg)) & 1}
        leaked = cards_named(v, all_names) & others
        assert not leaked, f"seat {seat} sees {sorted(leaked)} held by other seats or face down"
        if r.face_down:  # every seat sees every seat's face-up cards, and how many face-down cards each has
            assert v.table == tuple(tuple(names[c] for c in iter_cards(up & hand))
                                    for up, hand in zip(deal.face_up, deal.hands))
            assert v.face_down == tuple(m.bit_count() for m in deal.face_down)
            stats["face up seen"] += sum(map(len, v.table))
        # the table is public, but a card played face down while trumps are closed (a cut) is ?? to a seat that
        # may not see it (game/view.py's down_seen says who may)
        def shown(s, c, finished):
            if (deal.played_down >> c) & 1 and not down_seen(deal, seat, s, c, finished):
                stats["card played face down hidden"] += 1
                return HIDDEN
            return names[c]
        assert v.trick == tuple((s, shown(s, c, False)) for s, c in deal.trick)
        assert [(t.leader, t.cards, t.winner) for t in v.tricks] == \
               [(lead, tuple((s, shown(s, c, True)) for s, c in cards), w) for lead, cards, w in deal.tricks]
        # legal actions only for the seat to act
        if seat == game.to_act:
            assert v.legal == tuple(game.legal_actions()) and v.legal
            stats["legal shown"] += 1
        else:
            assert v.legal == ()
        # the trump
        if deal.trump_revealed and deal.trump is not None:
            assert v.trump == r.deck.suits[deal.trump]
            # a suit announced by name has no trump card
            assert v.trump_card == (None if deal.trump_card is None else names[deal.trump_card])
            stats["trump revealed"] += 1
        elif seat != deal.trump_maker:
            assert v.trump is None and v.trump_card is None, f"seat {seat} knows the trump before it is turned up"
            if deal.trump is not None:
                stats["trump hidden from non-maker"] += 1
        elif deal.trump is not None:
            assert v.trump == r.deck.suits[deal.trump]
            assert v.trump_card == names[deal.trump_card]
            stats["maker knows hidden trump"] += 1
        # the history: one entry per action except other seats' passes (declining is silent at the
        # table and would show who could have spoken); own actions and plays in full
        seen = [a for a in actions if a.seat == seat or a.verb != "pass"]
        assert len(v.history) == len(seen)
        for a, entry in zip(seen, v.history):
            if a.seat == seat or a.verb in ("play", "pass", "call") or a.arg is None:
                assert entry == str(a)
            elif a.verb == "trump" and a.arg != "last" and not deal.trump_revealed:
                assert entry == f"{a.seat} trump ??", "a face-down trump card shows before it is turned up"
                stats["trump masked in history"] += 1
        if deal.trump_revealed and deal.trump_way == "card":
            assert f"{deal.trump_maker} trump {names[deal.trump_card]}" in v.history
        # declarations (Jodies): the suit is hidden from others when the ruleset says so
        assert len(v.declarations) == len(deal.declarations)
        for d, (s, verb, suit, value), a in zip(v.declarations, deal.declarations, decl_actions):
            assert (d.seat, d.verb, d.value) == (s, verb, value)
            assert a.seat == s and a.arg == r.deck.suits[suit]
            entry = v.history[seen.index(a)]
            hidden = value in r.declaration_by_verb(verb).suit_hidden_for
            if hidden and seat != s:
                assert d.suit is None, f"seat {seat} sees the suit of a {value} {verb}"
                assert entry == f"{s} {verb} ??"
                stats["hidden declaration masked"] += 1
            else:
                assert d.suit == r.deck.suits[suit]
                assert entry == str(a)
                stats["hidden declaration shown to declarer" if hidden else "declaration shown"] += 1


# -- properties over random games ------------------------------------------------------------------


@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(seed=SEEDS)
def test_views_hide_what_each_seat_may_not_see(name, policy, seed):
    ruleset = shipped_ruleset(name)
    stats: Counter = Counter()
    game = walk(ruleset, seed, policy, lambda g: check_views(g, stats) if not g.is_over else None)
    assert stats["states"] == len(game.history), "every decision point was checked"
    assert stats["legal shown"] == stats["states"]


@pytest.mark.parametrize("policy", POLICIES)
def test_view_checks_cover_every_case(name, policy):
    """Over fixed seeds the checks above really meet each situation they are about (rare ones, such as
    a 30 Jodie in a four-card hand, may take more games: up to 200)."""
    ruleset = shipped_ruleset(name)
    stats: Counter = Counter()
    expected = ["states", "legal shown"]
    if ruleset.trumps is not None and ruleset.trumps.revealed != "at once":
        expected += ["trump revealed", "trump hidden from non-maker", "maker knows hidden trump",
                     "trump masked in history"]
    # (a declaration counted from the cards, honours or roem, is nobody's to say: never shown as said)
    if any(d.taken_from is DeclaredFrom.HAND for d in ruleset.declarations) and policy == "jodie_greedy":
        expected.append("declaration shown")
        if any(d.suit_hidden_for for d in ruleset.declarations):
            expected += ["hidden declaration masked", "hidden declaration shown to declarer"]
    if ruleset.face_down:
        expected.append("face up seen")
    for seed in range(200):
        walk(ruleset, seed, policy, lambda g: check_views(g, stats) if not g.is_over else None)
        if seed >= 24 and all(stats[k] for k in expected):
            break
    missing = [k for k in expected if stats[k] == 0]
    assert not missing, f"never checked: {missing}; {dict(stats)}"


def test_the_final_view_after_the_game():
    ruleset = shipped_ruleset("standard")
    game = walk(ruleset, 11, "uniform", lambda g: None)
    for seat in range(ruleset.seats):
        v = game.view(seat)
        assert v.is_over and v.winner == game.winner is not None
        assert v.legal == () and v.to_act is None
        assert v.score == tuple(game.score)


# -- indistinguishable deals -----------------------------------------------------------------------


def start(ruleset, order, dealer: int = 0) -> GameState:
    game = GameState(ruleset, dealer=dealer, auto_deal=False)
    # the cards left undealt (a kitty and its turn-up): the same in both deals, those no seat holds
    held = {c for cards in order for c in cards}
    undealt = [c for c in range(ruleset.deck.size) if c not in held][:ruleset.undealt]
    game.start_deal([list(cards) for cards in order], undealt)
    return game


@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_seat0_cannot_tell_deals_that_differ_in_hidden_cards(name, seed, data):
    """Swap a card between two other seats (1 and 3 in the four-player game): seat 0's view is the
    same, at the start of the deal and through every public decision before the first card is played."""
    ruleset = shipped_ruleset(name)
    if ruleset.seats < 3:
        pytest.skip("needs two seats other than seat 0")
    a, b = 1, ruleset.seats - 1
    order = GameState(ruleset, seed=seed, auto_deal=False).shuffled_hands()
    first_batch = ruleset.batches[0]
    i = data.draw(st.integers(min_value=0, max_value=ruleset.hand_size - 1), label="position in seat a")
    j = data.draw(st.integers(min_value=0, max_value=ruleset.hand_size - 1), label="position in seat b")
    other = [list(cards) for cards in order]
    other[a][i], other[b][j] = other[b][j], other[a][i]
    one, two = start(ruleset, order), start(ruleset, other)
    assert one.view(0) == two.view(0)
    if i < first_batch:
        assert one.view(a).hand != two.view(a).hand, "the swap changed what seat a holds"
    if j < first_batch:
        assert one.view(b).hand != two.view(b).hand, "the swap changed what seat b holds"
    # go on with the same public decisions while seat 0 cannot tell the deals apart
    rng = random.Random(seed)
    compared = 1
    while not one.deal.over and not two.deal.over and one.to_act == two.to_act:
        seat = one.to_act
        legal_one, legal_two = one.legal_actions(), two.legal_actions()
        if seat in (a, b):
            both = [x for x in legal_one if x in legal_two and x.verb in ("pass", "trump") and x.arg in (None, "last")]
            if not both:
                break
            action = both[-1]
        else:
            assert legal_one == legal_two, f"seat {seat} holds the same cards in both deals"
            if legal_one[0].verb == "play":
                break  # the first lead reveals the trump, which may differ
            action = legal_one[-1] if legal_one[-1].verb == "pass" and rng.random() < 0.7 else rng.choice(legal_one)
        one.apply(action)
        two.apply(action)
        if one.deal.over or two.deal.over:
            break  # a cancellation is public: it may differ when the trump card differs
        assert one.view(0) == two.view(0), f"seat 0 can tell the deals apart after {action}"
        compared += 1
    if ruleset.trumps is not None and "last card" in ruleset.trumps.ways and ruleset.trumps.chooser.resolve(
            ruleset.seats, dealer=0) in (a, b):
        assert compared >= 2, "the chooser's 'trump last' was compared"


def test_seat0_views_equal_for_swapped_cards_between_seats_1_and_3():
    """The brief's case, spelled out: seats 1 and 3 exchange two cards of their first four."""
    ruleset = shipped_ruleset("standard")
    hands = [
        ["KD", "9S", "KS", "QS", "AC", "TC"],
        ["TD", "JS", "AS", "TS", "KC", "JC"],
        ["QD", "JH", "9H", "AH", "TH", "QC"],
        ["JD", "KH", "QH", "9D", "AD", "9C"],
    ]
    swapped = [list(h) for h in hands]
    swapped[1][2], swapped[3][2] = swapped[3][2], swapped[1][2]  # AS <-> QH
    cards = lambda hs: [[ruleset.deck.card(c) for c in h] for h in hs]  # noqa: E731
    one, two = start(ruleset, cards(hands)), start(ruleset, cards(swapped))
    assert one.view(0) == two.view(0)
    assert one.view(2) == two.view(2)
    assert one.view(1) != two.view(1) and one.view(3) != two.view(3)
    assert "QH" in one.view(3).hand and "QH" in two.view(1).hand


# -- constructed deals ------------------------------------------------------------------------------

# dealer 0: seat 1 makes trumps, seat 2 leads first; seats 1 and 3 hold no King-Queen pair.
BASE = [
    ["KD", "9S", "KS", "QS", "AC", "TC"],
    ["TD", "JS", "AS", "TS", "KC", "JC"],
    ["QD", "JH", "9H", "AH", "TH", "QC"],
    ["JD", "KH", "QH", "9D", "AD", "9C"],
]


def constructed(hands) -> GameState:
    ruleset = shipped_ruleset("standard")
    return start(ruleset, [[ruleset.deck.card(c) for c in h] for h in hands])


def run(game: GameState, *actions: str) -> None:
    """Apply the actions, letting open announcement windows pass until each is legal."""
    for text in actions:
        action = Action.parse(text)
        while action not in game.legal_actions():
            assert game.pass_window(), f"{text} is not legal: {game.legal_actions()}"
        game.apply(action)


def test_30_jodie_suit_hidden_from_everyone_but_the_declarer():
    hands = [list(h) for h in BASE]
    hands[2][1], hands[3][3] = hands[3][3], hands[2][1]  # seat 3 now holds KH QH JH: a 30 Jodie in hearts
    game = constructed(hands)
    run(game, "1 trump JS", "2 play QD", "3 play JD", "0 play KD", "1 play TD", "3 jodie H")
    assert game.deal.declarations == [(3, "jodie", 1, 30)]
    for seat in range(4):
        v = game.view(seat)
        (decl,) = v.declarations
        assert (decl.seat, decl.verb, decl.value) == (3, "jodie", 30)
        if seat == 3:
            assert decl.suit == "H" and v.history[-1] == "3 jodie H"
        else:
            assert decl.suit is None and v.history[-1] == "3 jodie ??"
            assert not any("H" == e.split()[-1] for e in v.history if "jodie" in e)


def test_20_jodie_suit_is_public():
    hands = [list(h) for h in BASE]  # seat 3 holds KH QH: a 20 Jodie in hearts (spades are trumps)
    game = constructed(hands)
    run(game, "1 trump JS", "2 play QD", "3 play JD", "0 play KD", "1 play TD", "3 jodie H")
    assert game.deal.declarations == [(3, "jodie", 1, 20)]
    for seat in range(4):
        v = game.view(seat)
        assert [(d.seat, d.value, d.suit) for d in v.declarations] == [(3, 20, "H")]
        assert v.history[-1] == "3 jodie H"


def test_face_down_trump_card_masked_until_the_first_lead():
    game = constructed(BASE)
    run(game, "1 trump JS")
    for seat in (0, 2, 3):
        v = game.view(seat)
        assert v.history == ("1 trump ??",) and v.trump is None and v.trump_card is None
    assert game.view(1).history == ("1 trump JS",)
    assert (game.view(1).trump, game.view(1).trump_card) == ("S", "JS")
    run(game, "2 play QD")  # the first lead turns the card up
    for seat in range(4):
        v = game.view(seat)
        assert v.trump == "S" and v.trump_card == "JS" and v.trump_revealed
        assert v.history[0] == "1 trump JS"


def test_last_card_trump_known_to_the_maker_once_dealt():
    game = constructed(BASE)
    run(game, "1 trump last")  # seat 1's last card is JC: clubs
    assert [game.view(s).trump for s in range(4)] == [None] * 4  # not dealt yet: nobody knows
    assert all(game.view(s).history == ("1 trump last",) for s in range(4))
    while game.deal.batches_dealt < len(game.ruleset.batches):
        assert game.pass_window()
    assert game.view(1).trump == "C" and game.view(1).trump_card == "JC"
    assert [game.view(s).trump for s in (0, 2, 3)] == [None] * 3
    run(game, "2 play QD")
    assert [game.view(s).trump_card for s in range(4)] == ["JC"] * 4


# -- known bugs -------------------------------------------------------------------------------------


TAKEN_BACK = {
    # a call: seat 2 makes hearts with 9H, seat 1 takes its face-down TS back
    "after-a-call": ("1 trump TS", "2 call 10", "2 trump 9H", "3 play 9C"),
    # a Thunee by seat 3: its first lead (diamonds) makes trumps, seat 1's face-down TS is void
    "after-thunee": ("1 trump TS", "3 thunee", "3 play 9D"),
}


def taken_back(key: str) -> GameState:
    game = constructed(BASE)
    run(game, *TAKEN_BACK[key])
    return game


@pytest.mark.parametrize("key", sorted(TAKEN_BACK))
def test_taken_back_trump_card_scenarios(key):
    """The set-up of the test below works: the trump is turned up, and it is not seat 1's TS,
    which seat 1 still holds unplayed."""
    game = taken_back(key)
    ts = game.ruleset.deck.card("TS")
    assert game.deal.trump_revealed and not game.deal.over
    assert game.deal.trump_card != ts and game.deal.trump_maker != 1
    assert (game.deal.hands[1] >> ts) & 1
    assert game.view(1).history[0] == "1 trump TS"


@pytest.mark.parametrize("key", sorted(TAKEN_BACK))
def test_taken_back_trump_card_stays_hidden(key):
    game = taken_back(key)
    for seat in (0, 2, 3):
        history = game.view(seat).history
        assert "1 trump TS" not in history, f"seat {seat} sees seat 1's unplayed TS: {history}"


JODIE_PUBLIC = ("1 trump JS", "2 play QD", "3 play JD", "0 play KD", "1 play TD", "3 play 9C", "0 play AC")


def jodie_pair():
    """Seat 3 holds KH QH in the first deal and KH AS in the second (QH is with seat 1 instead)."""
    other = [list(h) for h in BASE]
    other[1][2], other[3][2] = other[3][2], other[1][2]  # AS <-> QH
    return constructed(BASE), constructed(other)


def test_undeclared_jodie_scenario():
    """The set-up of the test below works: the same public actions are legal in both deals, and only
    in the first is seat 3 offered a Jodie after its team's first trick."""
    one, two = jodie_pair()
    assert one.view(0) == two.view(0)
    run(one, *JODIE_PUBLIC[:5])
    run(two, *JODIE_PUBLIC[:5])
    assert Action(3, "jodie", "H") in one.legal_actions()
    assert all(a.verb != "jodie" for a in two.legal_actions())
    run(one, *JODIE_PUBLIC[5:])
    run(two, *JODIE_PUBLIC[5:])
    assert one.deal.declarations == two.deal.declarations == []
    assert one.deal.tricks == two.deal.tricks


def test_an_undeclared_jodie_is_invisible_to_opponents():
    # Seat 3 wins the first trick and does not declare: seat 0 must not be able to tell the deals apart.
    one, two = jodie_pair()
    for text in JODIE_PUBLIC:
        run(one, text)
        run(two, text)
        assert one.view(0) == two.view(0), f"after {text}: {one.view(0).history} vs {two.view(0).history}"
