"""Seat views kept with the deal (each seat's history and declarations carried from its last view, the
view's fields written without the frozen dataclass's __init__) are exactly the views worked out afresh."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.view import Declared, SeatView, TrickSeen, seat_view

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(p.name for p in (ROOT / "rulesets").glob("*.yaml"))


def fresh_view(game: GameState, seat: int) -> SeatView:
    """The view as a first look at the deal works it out (nothing kept from earlier views)."""
    deal = game.deal
    kept, deal._view_cache = deal._view_cache, None
    try:
        return seat_view(game, seat)
    finally:
        deal._view_cache = kept


def choose(rng: random.Random, legal):
    """Mostly cards and passes (so deals reach their tricks and declarations), now and then anything."""
    plain = [a for a in legal if a.verb in ("play", "pass", "trump", "jodie")]
    return rng.choice(plain if plain and rng.random() < 0.9 else legal)


def same_as_made(view) -> None:
    """``view`` equals, hashes and prints like the dataclass made by its own __init__, and stays frozen."""
    made = type(view)(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)})
    assert made == view and hash(made) == hash(view) and repr(made) == repr(view)
    assert vars(made) == vars(view)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 0


@pytest.mark.parametrize("name", RULESETS)
def test_kept_views_equal_fresh_ones(name):
    r = load_ruleset(ROOT / "rulesets" / name)
    for seed in range(3):
        rng = random.Random(seed)
        game = GameState(r, seed=seed)
        steps = 0
        while not game.is_over and steps < 300:
            # views at irregular moments, as bots and the app ask them (a seat may skip many actions)
            for seat in range(r.seats):
                if rng.random() < 0.4:
                    view = game.view(seat)
                    assert view == fresh_view(game, seat)
                    assert repr(view) == repr(fresh_view(game, seat))
            game.apply(choose(rng, game.legal_actions()))
            steps += 1


def test_views_are_the_dataclasses_their_init_makes():
    r = load_ruleset("standard")
    game = GameState(r, seed=4)
    rng = random.Random(4)
    seen = {SeatView: 0, Declared: 0, TrickSeen: 0}
    while not game.is_over and len(game.deals) < 4:
        for seat in range(r.seats):
            view = game.view(seat)
            same_as_made(view)
            seen[SeatView] += 1
            for part in view.tricks + view.declarations:
                same_as_made(part)
                seen[type(part)] += 1
        game.apply(choose(rng, game.legal_actions()))
    assert all(seen.values()), seen  # each kind was checked


def test_the_face_down_trump_is_shown_in_earlier_history_once_turned_up():
    """A seat's history is not simply extended: the trump maker's face-down choice reads "trump ??" to the
    others until the trump card is turned up, then the same entry shows the card."""
    r = load_ruleset("standard")
    for seed in range(40):
        game = GameState(r, seed=seed)
        rng = random.Random(seed)
        maker = game.to_act
        game.apply(game.legal_actions()[0])  # the trump maker chooses a card face down
        other = (maker + 1) % r.seats
        before = game.view(other).history
        if f"{maker} trump ??" not in before:
            continue
        while not game.deal.trump_revealed and len(game.deals) == 1 and not game.is_over:
            game.apply(choose(rng, game.legal_actions()))
            game.view(other)
        if len(game.deals) != 1 or not game.deal.trump_revealed:
            continue
        after = game.view(other).history
        assert after[0] != before[0] and after[0].startswith(f"{maker} trump ") and "??" not in after[0]
        assert after == fresh_view(game, other).history
        return
    pytest.fail("no seed turned up a face-down trump in its first deal")
