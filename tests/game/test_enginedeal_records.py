"""A deal's record names its hands only when read, and a game's clone shares only the records of scored
deals: the records read exactly as before, and playing on in a clone never touches the original's."""

from __future__ import annotations

import dataclasses
import pickle
import random
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(p.name for p in (ROOT / "rulesets").glob("*.yaml"))


@pytest.mark.parametrize("name", RULESETS)
def test_record_hands_name_the_cards_each_seat_received(name):
    r = load_ruleset(ROOT / "rulesets" / name)
    game = GameState(r, seed=11)
    rng = random.Random(11)
    names = r.deck.names
    while not game.is_over and len(game.deals) < 6:
        received = [[names[c] for c in cards] for cards in game.deal.order]  # before any card moves
        record = game.deals[-1]
        assert [list(h) for h in record.hands] == received
        assert record.hands is record.hands  # named once, then kept
        number = len(game.deals)
        while not game.is_over and len(game.deals) == number:
            game.apply(rng.choice(game.legal_actions()))


def test_a_record_reads_compares_copies_and_pickles_like_the_dataclass():
    game = GameState(load_ruleset("standard"), seed=5)
    record = game.deals[-1]
    same = type(record)(record.dealer, record.hands, list(record.actions), cut=record.cut)
    assert same == record and repr(same) == repr(record)
    assert dataclasses.replace(record) == record
    assert dataclasses.asdict(record)["hands"] == record.hands
    assert pickle.loads(pickle.dumps(record)) == record
    unread = GameState(load_ruleset("standard"), seed=5).deals[-1]  # its names not read yet
    assert pickle.loads(pickle.dumps(unread)).hands == record.hands
    record.hands = (("AS",),) * 4  # a caller may still set them (the transcript replay does)
    assert record.hands == (("AS",),) * 4


def seen(game: GameState) -> list:
    """Everything a game's records hold, as values."""
    return [(rec.dealer, rec.hands, list(map(str, rec.actions)), rec.result, rec.score_after, set(rec.silent), rec.cut,
             rec.deuce) for rec in game.deals]


def test_playing_on_in_a_clone_leaves_the_originals_records_as_they_were():
    r = load_ruleset("standard")
    for seed in range(6):
        game = GameState(r, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40, 160)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        before = seen(game)
        copy = game.clone()
        assert copy.deals[-1] is not game.deals[-1]  # the deal in play: its own record
        while not copy.is_over and len(copy.deals) < len(game.deals) + 3:
            copy.apply(rng.choice(copy.legal_actions()))
        assert seen(game) == before
        # and the other way round: the original plays on, the clone's records stay
        kept = seen(copy)
        while not game.is_over and len(game.deals) < len(before) + 2:
            game.apply(rng.choice(game.legal_actions()))
        assert seen(copy) == kept
