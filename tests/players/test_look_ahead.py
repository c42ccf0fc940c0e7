"""The table styles' look-ahead at the end of a deal, and the heuristic left as it was.

With few cards left (``Style.look_ahead``), a style weighs each legal card the way it weighs an
announcement: deals consistent with its view, each played out after every card. The heuristic (the
yardstick the styles are measured against) must not change: a seeded self-play game of it hashes the same.
Deals are of `standard`, dealer 0: seat 1 makes trumps, seat 2 leads the first trick, play goes 2, 3, 0, 1.
Ranks J 9 A T K Q, points J 30, 9 20, A 11, T 10, K 3, Q 2; the last trick is worth 10 more.
"""

from __future__ import annotations

import hashlib
import random
from types import SimpleNamespace

import pytest
from bot_helpers import STANDARD, deal, drive, until_play
from test_no_peeking import play_prefix, twin

from thunee_dsl.game import Action, GameState
from thunee_dsl.players import STYLES, HeuristicBot, make_bot
from thunee_dsl.players.styles import alike
from thunee_dsl.players.tactics import tables

#: sha256 of the actions of heuristic self-play games (seeds 0-2 of `standard`, bot seeds 10 * game + seat),
#: computed on main before the styles' look-ahead: the heuristic's choices are the strength yardstick
HEURISTIC_GAMES = "390031ac365c4abd25ace6501e6b9493dab5e81e713facd788be99f31e213e74"


def heuristic_games_hash() -> str:
    h = hashlib.sha256()
    for g in range(3):
        game = GameState(STANDARD, seed=g)
        bots = [HeuristicBot(STANDARD, seed=g * 10 + s) for s in range(STANDARD.seats)]
        while not game.is_over:
            h.update(str(game.apply(bots[game.to_act].choose(game.view(game.to_act)))).encode())
    return h.hexdigest()


def test_the_heuristic_plays_as_it_did():
    assert heuristic_games_hash() == HEURISTIC_GAMES


def test_alike_cards_take_the_same_tricks():
    t = tables(STANDARD)
    card = t.card_of
    hearts = STANDARD.deck.suits.index("H")

    def k(hand, played=()):
        return SimpleNamespace(beats=STANDARD.beats, hand=sum(1 << card[c] for c in hand),
                               played_mask=sum(1 << card[c] for c in played), trump=hearts)
    # J and 9 are the top two: nothing between them
    assert alike(t, k(["JH", "9H"]), [card["JH"], card["9H"]])
    # 9 and T: the Ace ranks between them, and another seat may hold it
    assert not alike(t, k(["9H", "TH"]), [card["9H"], card["TH"]])
    # ... unless it has been played (or is in the hand)
    assert alike(t, k(["9H", "TH"], played=["AH"]), [card["9H"], card["TH"]])
    assert alike(t, k(["9H", "AH", "TH"]), [card["9H"], card["TH"]])
    # two suits never
    assert not alike(t, k(["JH", "JS"]), [card["JH"], card["JS"]])


# Trumps hearts. Four tricks: clubs (seat 3 has none and cuts with KH), diamonds (JD wins), hearts (9H: the
# Jack is seat 1's), KD (seats 3 and 0 have no diamond left). Trick five: QS, KS, AS -- seat 0, an opponent of
# seat 1, wins it with 16 points. Seat 1 holds JH (the last trump) and KC, and no spade. Still out: AC, QC
# and a spade; seat 3 has shown it has no club, so the Ace of clubs is an opponent's whatever the layout.
ENDGAME = {1: ["QH", "TC", "TD", "QD", "JH", "KC"], 2: ["JC", "JD", "9H", "KD", "QS", "AC"],
           3: ["KH", "9D", "AH", "TS", "KS", "JS"], 0: ["9C", "AD", "TH", "9S", "AS", "QC"]}
TRICKS = ["2 play JC", "3 play KH", "0 play 9C", "1 play TC", "3 play 9D", "0 play AD", "1 play TD", "2 play JD",
          "2 play 9H", "3 play AH", "0 play TH", "1 play QH", "2 play KD", "3 play TS", "0 play 9S", "1 play QD",
          "2 play QS", "3 play KS", "0 play AS"]


def endgame() -> GameState:
    assert sorted(c for h in ENDGAME.values() for c in h) == sorted(STANDARD.deck.names)
    return until_play(drive(deal(STANDARD, ENDGAME), ["1 trump QH"] + TRICKS))


def played_out(game: GameState, card: str):
    """The deal's result after seat 1 plays ``card``, the rest played by the heuristic."""
    game = game.clone()
    game.apply(Action(1, "play", card))
    bots = [HeuristicBot(STANDARD, seed=s) for s in range(STANDARD.seats)]
    while not game.results:
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))
    return game.results[0]


def test_the_look_ahead_keeps_the_top_trump_for_the_last_trick():
    game = endgame()
    view = game.view(1)
    assert game.to_act == 1 and {a.arg for a in view.legal} == {"JH", "KC"}
    # the card sense cuts: the trick is worth a trump and the Jack is safe, seat 1 playing last
    assert HeuristicBot(STANDARD, seed=1).choose(view) == Action(1, "play", "JH")
    # but then seat 1 leads KC to the last trick and the Ace of clubs takes it: JH QS KS AS (46) against
    # the last trick's 10 points lost; keeping the Jack, which takes the last trick whoever leads it, gives
    # the opponents 19 (QS KS AS KC) and seat 1's team JH, AC, QC, JS (73) and the last trick's 10, in
    # every layout seat 1 cannot rule out. (Both with the first trick's 63: JC KH 9C TC, won by seat 3.)
    cut, keep = played_out(game, "JH"), played_out(game, "KC")
    team = STANDARD.team_of(1)
    assert (cut.card_points[team], keep.card_points[team]) == (63 + 46, 63 + 73)
    for name in STYLES:
        bot = make_bot(name, STANDARD, seed=1)
        assert bot.choose(view) == Action(1, "play", "KC"), name
        est = bot.last_estimate
        assert est.mean(Action(1, "play", "KC")) > est.mean(Action(1, "play", "JH"))


def test_no_look_ahead_with_more_cards_than_the_style_looks_at():
    game = until_play(drive(deal(STANDARD, ENDGAME), ["1 trump QH"] + TRICKS[:3]))
    bot = make_bot("typical", STANDARD, seed=1)
    view = game.view(1)
    assert len(view.hand) > STYLES["typical"].look_ahead and len(view.legal) > 1
    assert bot.choose(view) == HeuristicBot(STANDARD, seed=1).choose(view) and bot.last_estimate is None


@pytest.mark.parametrize("seed", [0, 3])
def test_the_look_ahead_sees_only_the_view(seed):
    """Equal views, equal cards and equal estimates, whatever the hidden cards."""
    rng = random.Random(seed)
    checked = 0
    _, first_deal = play_prefix(STANDARD, seed, 200)  # (stops at the end of the first deal)
    for n in range(20, len(first_deal)):
        actions = first_deal[:n]
        game = GameState(STANDARD, seed=seed)
        for a in actions:
            game.apply(a)
        watcher = game.to_act
        view = game.view(watcher)
        if view.legal[0].verb != "play" or len(view.legal) < 2 or len(view.hand) > STYLES["typical"].look_ahead:
            continue
        found = twin(STANDARD, game, actions, watcher, rng)
        if found is None:
            continue
        other, swapped = found
        one, two = make_bot("typical", STANDARD, seed=7), make_bot("typical", STANDARD, seed=7)
        assert one.choose(view) == two.choose(other.view(watcher)), swapped
        ea, eb = one.last_estimate, two.last_estimate
        assert (ea is None) == (eb is None) and (ea is None or ea.results == eb.results)
        checked += ea is not None
    assert checked >= 1  # (decisions where cards were weighed)
