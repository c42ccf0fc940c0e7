"""The bots' card play where a bid scores only when made exactly (issue 25: Oh Hell's exact bids): read from
the scoring data, never from the game's name; a player who has made its bid ducks; one typical player beats
three random players at Oh Hell."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.tactics import aims_at_bid

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name,aims", [("oh-hell", True), ("standard", False), ("whist", False),
                                       ("euchre", False), ("304", False), ("klaverjas", False)])
def test_a_bid_scored_only_when_made_exactly_is_read_from_the_scoring(name, aims):
    assert aims_at_bid(shipped_ruleset(name)) is aims


def test_the_house_rules_with_an_exact_bid_bonus_aim_at_the_bid_and_a_trick_for_a_point_does_not(tmp_path):
    # dkmgames' scoring (a point a trick + 10 for the exact bid) still pays most for the exact bid
    assert aims_at_bid(load_ruleset(str(ROOT / "examples" / "house" / "oh-hell-a-point-a-trick.yaml")))
    assert aims_at_bid(load_ruleset(str(ROOT / "tests" / "game" / "rulesets" / "sides-of-one.yaml")))
    # the same game scored a point a trick whatever the bid: nothing to aim at, every trick is worth taking
    text = (ROOT / "rulesets" / "oh-hell.yaml").read_text()
    plain = text.replace("each_player: if seat.tricks == seat.bid then 10 + seat.bid else 0",
                         "each_player: seat.tricks")
    assert plain != text
    path = tmp_path / "a-point-a-trick-only.yaml"
    path.write_text(plain.replace("$schema=../thunee_dsl", f"$schema={ROOT}/thunee_dsl"))
    assert not aims_at_bid(load_ruleset(str(path)))


def _winning_card(r, trump: int, trick) -> int:
    row = r.beats[trump]
    best = trick[0][1]
    for _, c in trick[1:]:
        if (row[best] >> c) & 1:
            best = c
    return best


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_player_who_has_made_its_bid_ducks_under_the_card_winning_the_trick(seed):
    """At every card of three games of heuristic players: a seat that has taken as many tricks as it bid and
    follows to a trick holding a card that does not beat the one winning it plays such a card (it does not
    take the trick); and a seat still short of its bid, last to play, takes a trick it can take."""
    r = shipped_ruleset("oh-hell")
    bots = [make_bot("heuristic", r, seed=seed * 10 + s) for s in range(4)]
    game = GameState(r, seed=seed, dealer=seed % 4)
    ducked = took = 0
    while not game.is_over:
        seat = game.to_act
        view = game.view(seat)
        action = decide(bots[seat], game)
        if action.verb == "play" and view.trick and len(view.legal) > 1:
            deck = game.ruleset.deck
            bids = {int(e.split()[0]): int(e.split()[2]) for e in view.history if e.split()[1] == "bid"}
            taken = sum(tr.winner == seat for tr in view.tricks)
            trump = deck.suits.index(view.trump)
            trick = [(s, deck.card(c)) for s, c in view.trick]
            best = _winning_card(r, trump, trick)
            row = r.beats[trump]
            legal = [deck.card(a.arg) for a in view.legal]
            quiet = [c for c in legal if not (row[best] >> c) & 1]
            mine = deck.card(action.arg)
            if taken == bids[seat] and quiet:
                assert mine in quiet, (view.hand, view.trick, action)
                ducked += 1
            elif taken < bids[seat] and len(view.trick) == view.seats - 1 and len(quiet) < len(legal):
                assert mine not in quiet, (view.hand, view.trick, action)
                took += 1
        game.apply(action)
    assert ducked and took  # (both cases came up)


def test_one_typical_player_beats_three_random_players_at_oh_hell():
    """Each seat in turn the typical one, each first dealer in turn; measured: 766 of 800 games (95.8%, ties
    counted half; Wilson 95%: 94.1-96.9%)."""
    r = shipped_ruleset("oh-hell")
    games, wins = 12, 0
    for g in range(games):
        me = (g + g // 4) % 4
        bots = [make_bot("typical" if s == me else "random", r, seed=g * 10 + s) for s in range(4)]
        game = GameState(r, seed=100 + g, dealer=g % 4)
        while not game.is_over:
            game.apply(decide(bots[game.to_act], game))
        wins += game.winner == me
    # a seat of four chosen at random wins about a quarter (3 of 12)
    assert wins >= 10, wins
