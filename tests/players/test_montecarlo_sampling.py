"""The Monte Carlo bot's samples fit what its seat knows, and its search is real and reproducible.

Hand-built deals of `standard`, dealer 0 (seat 1 makes trumps, seat 2 leads, play 2 3 0 1); see
test_heuristic_card_play.py for the conventions.
"""

from __future__ import annotations

import random

from bot_helpers import STANDARD, deal, drive, until_play

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import HeuristicBot, MonteCarloBot, make_bot
from thunee_dsl.players.knowledge import Knowledge
from thunee_dsl.players.worlds import sample_worlds

DECK = STANDARD.deck
CUT_HANDS = {1: ["QH", "TH", "KS", "QS", "QD", "AD"], 2: ["QC", "JH", "JC", "9C", "TD", "9D"],
             3: ["9H", "JD", "AS", "TS", "KD", "9S"], 0: ["KC", "AH", "KH", "AC", "TC", "JS"]}


def cards(names):
    return {DECK.card(c) for c in names}


def unplayed(world, k, seat):
    """The cards ``seat`` holds in a sampled world at the decision (its order less what it played)."""
    played = {c for _, c in k.played[seat]}
    return {c for c in world.orders[seat] if c not in played}


def worlds_for(game, seat, n=40, seed=1):
    view = game.view(seat)
    k = Knowledge(STANDARD, view)
    worlds = sample_worlds(k, random.Random(seed), n)
    assert len(worlds) == n
    return view, k, worlds


def test_samples_respect_a_void_shown_by_not_following_suit():
    # clubs led (QC); seat 3 discards KD: seat 3 has no club left, in every sample seat 1 draws
    game = drive(deal(STANDARD, CUT_HANDS), ["1 trump QH", "2 play QC", "3 play KD", "0 play KC"])
    view, k, worlds = worlds_for(game, 1)
    clubs = cards(c for c in DECK.names if c.endswith("C"))
    hands3 = set()
    for w in worlds:
        held = unplayed(w, k, 3)
        assert not held & clubs
        assert len(held) == 5
        assert cards(view.hand) == unplayed(w, k, 1)  # its own hand, exactly
        for s in range(4):
            assert {c for _, c in k.played[s]} <= set(w.orders[s])  # every card where it was played
        hands3.add(frozenset(held))
    # seat 3's hand is not known, only constrained: the samples differ
    assert len(hands3) > 5
    # and seat 0, which followed, may hold the clubs not seen
    assert any(unplayed(w, k, 0) & clubs for w in worlds)


def test_samples_put_the_turned_up_trump_card_in_the_makers_first_batch():
    game = drive(deal(STANDARD, CUT_HANDS), ["1 trump QH", "2 play QC", "3 play KD"])
    view, k, worlds = worlds_for(game, 0)
    assert view.trump_card == "QH"
    for w in worlds:
        assert DECK.card("QH") in w.orders[1][:4]


def test_a_face_down_trump_card_stays_unknown_to_the_samples():
    # seat 2 leads the first trick before the trump card is turned: its samples make trumps in more than
    # one suit (the heuristic's choice for the sampled hand of seat 1)
    game = until_play(drive(deal(STANDARD, CUT_HANDS), ["1 trump QH"]))
    view, k, worlds = worlds_for(game, 2)
    assert view.trump is None
    suits = set()
    for w in worlds:
        trump_action = next(a for a in w.prefix if a.verb == "trump")
        suits.add(DECK.suit_of[DECK.card(trump_action.arg)])
    assert len(suits) > 1


def test_samples_give_a_declarer_the_cards_of_its_jodies():
    # seat 1 cuts the first trick and declares K Q of spades and K Q of diamonds (two 20 Jodies, suits
    # shown); seat 2, next to play, samples seat 1 holding all four in every deal
    hands = {1: ["QH", "TH", "KS", "QS", "QD", "KD"], 2: ["QC", "JH", "JC", "9C", "TD", "9D"],
             3: ["9H", "JD", "AS", "TS", "AD", "9S"], 0: ["KC", "AH", "KH", "AC", "TC", "JS"]}
    game = drive(deal(STANDARD, hands), ["1 trump QH", "2 play QC", "3 play 9S", "0 play KC", "1 play QH",
                                         "1 jodie S", "1 jodie D", "1 play TH"])
    view, k, worlds = worlds_for(game, 2)
    assert [d.value for d in view.declarations] == [20, 20]
    for w in worlds:
        assert cards(["KS", "QS", "QD", "KD"]) <= unplayed(w, k, 1)


def test_a_hidden_jodie_suit_is_sampled_among_the_suits_that_fit():
    # a 30 Jodie (K Q J of a side suit) keeps its suit hidden from the other seats
    hands = {1: ["QH", "TH", "KS", "QS", "JS", "KD"], 2: ["QC", "JH", "JC", "9C", "TD", "9D"],
             3: ["9H", "JD", "AS", "TS", "AD", "9S"], 0: ["KC", "AH", "KH", "AC", "TC", "QD"]}
    game = drive(deal(STANDARD, hands), ["1 trump QH", "2 play QC", "3 play 9S", "0 play KC", "1 play QH",
                                         "1 jodie S", "1 play TH"])
    view, k, worlds = worlds_for(game, 2)
    assert view.declarations[0].value == 30 and view.declarations[0].suit is None
    for w in worlds:
        held = unplayed(w, k, 1)
        # K Q J of one suit other than hearts (trumps) and clubs (seat 2 holds JC)
        assert any(cards([f"K{s}", f"Q{s}", f"J{s}"]) <= held for s in "SD")


def test_search_spends_its_budget_on_every_legal_card_and_plays_the_best():
    game = drive(deal(STANDARD, CUT_HANDS), ["1 trump QH", "2 play QC", "3 play 9S", "0 play KC"])
    view = game.view(1)
    bot = MonteCarloBot(STANDARD, seed=3, samples=10)
    action = bot.choose(view)
    search = bot.last_search
    assert search["samples"] == 10
    assert set(search["scores"]) == set(view.legal)
    assert search["scores"][action] == max(search["scores"].values())
    # seat 1 plays last to 25 points with no club: cutting (QH or TH) takes them for sure, and every
    # discard gives them away -- in every sample
    assert action.arg in ("QH", "TH")
    discards = [a for a in view.legal if not a.arg.endswith("H")]
    assert max(search["scores"][a] for a in discards) < search["scores"][action]


def test_same_seed_same_choices_over_a_game():
    r = shipped_ruleset("standard")
    game = GameState(r, seed=11)
    first = [MonteCarloBot(r, seed=5, samples=4) for _ in range(4)]
    again = [MonteCarloBot(r, seed=5, samples=4) for _ in range(4)]
    heur = [HeuristicBot(r, seed=5) for _ in range(4)]
    heur2 = [HeuristicBot(r, seed=5) for _ in range(4)]
    searched = 0
    while not game.is_over and len(game.deals) <= 2:
        seat = game.to_act
        view = game.view(seat)
        a = first[seat].choose(view)
        if first[seat].last_search is not None and len(view.legal) > 1 and view.legal[0].verb == "play":
            searched += 1
        assert again[seat].choose(view) == a
        assert heur[seat].choose(view) == heur2[seat].choose(view)
        game.apply(a)
    assert searched > 10


def test_open_face_worlds_keep_the_table_and_sample_only_the_face_down_cards():
    """In open face play the sampled deals lay out the same table: each seat's laid cards on the same row
    positions, the same cards turned up at the same tricks; only still-covered cards are drawn."""
    from thunee_dsl.players.worlds import rebuild

    r = shipped_ruleset("two-player-open-face")
    checked = 0
    for seed in range(6):
        game = GameState(r, seed=seed)
        bots = [make_bot("heuristic", r, seed=seed + s) for s in range(r.seats)]
        rng = random.Random(seed)
        while not game.is_over and len(game.deals) == 1:
            seat = game.to_act
            view = game.view(seat)
            if len(view.tricks) >= 3 and view.laid_out[seat] and len(view.legal) > 1:
                k = Knowledge(r, view)
                worlds = sample_worlds(k, rng, 3)
                assert worlds, f"seed {seed}: no world replays to trick {len(view.tricks) + 1}"
                for w in worlds:
                    other = rebuild(k, w).view(seat)
                    assert (other.table, other.face_down, other.laid_out, other.turned_up, other.hand) == \
                           (view.table, view.face_down, view.laid_out, view.turned_up, view.hand)
                    # the covered cards were drawn from what nobody has seen
                    for s in range(r.seats):
                        hidden = set(w.orders[s][:6]) - {r.deck.card(c) for _, t, c in view.turned_up if t == s}
                        assert all((k.pool >> c) & 1 for c in hidden)
                checked += 1
            game.apply(bots[seat].choose(view))
    assert checked >= 20


def test_montecarlo_searches_open_face_card_play():
    r = shipped_ruleset("two-player-open-face")
    game = GameState(r, seed=4)
    bot = make_bot("montecarlo", r, seed=1, samples=4)
    searched = 0
    while not game.is_over and len(game.deals) == 1:
        view = game.view(game.to_act)
        action = bot.choose(view)
        assert action in view.legal
        if len(view.legal) > 1 and view.legal[0].verb == "play":
            searched += bot.last_search is not None
        game.apply(action)
    assert searched >= 5


def test_replayed_worlds_apply_the_engines_own_actions():
    # a sampled deal is rebuilt by replaying the seat's history: with the engine's own action objects
    # (GameState.apply's fast path), each equal to what the seat saw
    from thunee_dsl.game.tables import tables as engine_tables
    from thunee_dsl.players.worlds import rebuild

    game = drive(deal(STANDARD, CUT_HANDS), ["1 trump QH", "2 play QC", "3 play KD", "0 play KC"])
    view, k, worlds = worlds_for(game, 1, n=5)
    t = engine_tables(STANDARD)
    for w in worlds:
        assert [str(a) for a in w.prefix if a.verb != "pass"] == \
            [e for e in view.history if not e.endswith(" pass")]
        assert all(t.shared(a) is a for a in w.prefix)
        again = rebuild(k, w)
        assert set(again.legal_actions()) == set(view.legal) and again.to_act == 1
