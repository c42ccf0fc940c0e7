"""A game taken up mid-way (a transcript that starts later: ``deals_played``, ``games``, ``game_points``) exports a
transcript that replays to the same game: ``to_transcript()`` says where it was taken up.

A whole game is played by random players, cut after some deal, and taken up there from a transcript of the deals
after the cut (what a player writes for the second half of a game). That game's own transcript must replay to
it exactly: the score, each deal's balls, the deals played (Oh Hell's hand size and the end of a game of a
number of deals go by them), a rubber's games and game points, the winner.
"""

from __future__ import annotations

import json
import random

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.loading import shipped_rulesets

RULESETS = sorted(shipped_rulesets())


def random_game(ruleset, seed: int) -> GameState:
    """A whole game by players who choose at random among the legal actions."""
    game, rng = GameState(ruleset, seed=seed), random.Random(seed)
    for _ in range(50_000):
        if game.is_over:
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("a random game did not end")


def taken_up_after(game: GameState, k: int) -> dict:
    """The transcript of ``game``'s deals after its ``k``-th, taken up where the game stood then (worked out
    here from the records: the deals scored, the games of a rubber won before the cut)."""
    whole, g = game.to_transcript(), game.ruleset.game
    before = game.deals[:k]
    transcript = {"ruleset": whole["ruleset"], "dealer": whole["deals"][k]["dealer"],
                  "score": list(before[-1].score_after), "deals": whole["deals"][k:]}
    played = sum(not rec.result.cancelled for rec in before)
    if g.deals is not None and played:
        transcript["deals_played"] = played
    if g.rubber is not None:
        games, points = [0] * game.ruleset.teams, [0] * game.ruleset.teams
        for rec in before:
            if rec.game_won is not None:
                games[rec.game_won[0]] += 1
                points[rec.game_won[0]] += rec.game_won[1]
        transcript.update(games=games, game_points=points)
    return transcript


def state(game: GameState) -> dict:
    """What a replay must give back: the game as it stands and each deal as it was dealt and scored."""
    # (the deals played are said only of a game of a number of deals: elsewhere nothing goes by them)
    played = game.deals_played if game.ruleset.game.deals is not None else None
    return {"score": list(game.score), "winner": game.winner, "tied": game.tied, "over": game.is_over,
            "deals_played": played, "games": list(game.games), "game_points": list(game.game_points),
            "rubber_points": game.rubber_points, "next dealer": game.dealer,
            "balls": [rec.result.balls for rec in game.deals],
            "hand sizes": [len(rec.hands[0]) for rec in game.deals],
            "hands": [rec.hands for rec in game.deals]}


def deuce_before(game: GameState, k: int) -> bool:
    """The scores went back to zero at the deuce before the cut: a transcript cannot say so (its score is the
    score), so the game taken up there is not the whole game's second half (two to clear)."""
    return any(rec.deuce for rec in game.deals[:k])


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_game_taken_up_mid_way_replays_from_its_own_transcript(name, data):
    ruleset = shipped_ruleset(name)
    whole = random_game(ruleset, data.draw(st.integers(0, 2**32 - 1), label="seed"))
    if len(whole.deals) < 2:
        return  # (won in its first deal: no middle to take it up in)
    k = data.draw(st.integers(1, len(whole.deals) - 1), label="deals before the cut")
    taken_up = replay_text(json.dumps(taken_up_after(whole, k)), "second-half.json").game
    if not deuce_before(whole, k):  # the second half of the whole game, deal for deal
        # (the deals are compared below; a next dealer drawn between contenders is the replay's own draw)
        apart = {"balls": None, "hand sizes": None, "hands": None}
        if len(whole.dealer_contenders) > 1:
            apart["next dealer"] = None
        assert state(taken_up) | apart == state(whole) | apart
        assert state(taken_up)["balls"] == state(whole)["balls"][k:]
        assert state(taken_up)["hand sizes"] == state(whole)["hand sizes"][k:]

    exported = taken_up.to_transcript()
    for text in (yaml.safe_dump(exported, sort_keys=False), json.dumps(exported)):
        again = replay_text(text, "exported").game
        assert state(again) == state(taken_up)


def test_a_game_from_the_start_says_nothing_of_where_it_was_taken_up():
    game = random_game(shipped_ruleset("whist"), 1)
    assert game.games != [0, 0]  # (a rubber's games were won in it)
    assert not {"deals_played", "games", "game_points"} & set(game.to_transcript())
    game = random_game(shipped_ruleset("oh-hell"), 1)
    assert "deals_played" not in game.to_transcript()


def test_a_rubber_taken_up_in_its_third_game_says_the_games_before_it():
    whole = random_game(shipped_ruleset("whist"), 1)
    firsts = [i for i, rec in enumerate(whole.deals) if rec.game_won is not None]
    k = firsts[0] + 1  # taken up after the first game of the rubber
    side, value = whole.deals[firsts[0]].game_won[:2]
    taken_up = replay_text(json.dumps(taken_up_after(whole, k)), "rest.json").game
    exported = taken_up.to_transcript()
    assert exported["games"][side] == 1 and sum(exported["games"]) == 1
    assert exported["game_points"][side] == value and sum(exported["game_points"]) == value
    assert "deals_played" not in exported  # (a rubber is not a number of deals)


def test_oh_hell_taken_up_at_its_tenth_deal_says_the_nine_before():
    whole = random_game(shipped_ruleset("oh-hell"), 2)
    nine = [i for i, rec in enumerate(whole.deals) if rec.result is not None and not rec.result.cancelled][8] + 1
    taken_up = replay_text(json.dumps(taken_up_after(whole, nine)), "rest.json").game
    exported = taken_up.to_transcript()
    assert exported["deals_played"] == 9
    # the tenth deal is the one-card deal of 10, 9, ... 1: the transcript's first deal holds one card a seat
    assert [len(cards) for cards in exported["deals"][0]["hands"].values()] == [1, 1, 1, 1]
