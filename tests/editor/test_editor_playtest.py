"""thunee_dsl.editor.playtest: one person against bots, with undo, seeds, transcripts, other variants."""

from __future__ import annotations

import io
import random
import zipfile

import pytest

from thunee_dsl import shipped_ruleset
from thunee_dsl.editor.checking import check_text
from thunee_dsl.editor.playtest import Playtest, bot_names
from thunee_dsl.errors import IllegalActionError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.transcript import replay_file, replay_text
from thunee_dsl.players import BOTS


def play_through(pt: Playtest, rng: random.Random, deals: int | None = None, undo_rate: float = 0.0) -> None:
    """The person picks random legal actions (sometimes taking one back) for ``deals`` deals or the game."""
    while not pt.is_over and (deals is None or len(pt.game.deals) <= deals):
        if pt.deal_over:
            if deals is not None and len(pt.game.deals) == deals:
                return
            assert pt.next_deal()
            continue
        view = pt.view()
        assert view.to_act == pt.seat and view.legal, "after the bots it is always the person's turn"
        pt.act(rng.choice(view.legal))
        if rng.random() < undo_rate:
            assert pt.undo()


def test_the_bots_play_up_to_the_persons_turn():
    pt = Playtest.start(shipped_ruleset("standard"), seat=2, seed=3)
    assert pt.view().to_act == 2 and pt.view().legal
    assert all(a.seat != 2 for a in pt.actions)
    assert pt.bots == ("random",) * 4 and "random" in bot_names() and set(bot_names()) == set(BOTS)


def test_the_same_seed_deals_the_same_cards():
    a = Playtest.start(shipped_ruleset("standard"), seed=42)
    b = Playtest.start(shipped_ruleset("standard"), seed=42)
    c = Playtest.start(shipped_ruleset("standard"), seed=43)
    assert a.view() == b.view()
    assert a.game.deals[0].hands == b.game.deals[0].hands != c.game.deals[0].hands


def test_undo_goes_back_to_the_persons_last_decision():
    pt = Playtest.start(shipped_ruleset("standard"), seat=1, seed=8)
    rng = random.Random(1)
    for _ in range(5):
        before, n = pt.view(), len(pt.actions)
        pt.act(rng.choice(before.legal))
        assert pt.undo()
        assert pt.view() == before and len(pt.actions) == n


def test_undo_takes_back_a_next_deal_too():
    pt = Playtest.start(shipped_ruleset("standard"), seat=0, seed=2)
    play_through(pt, random.Random(2), deals=1)
    assert pt.deal_over
    last_mine = max(i for i, a in enumerate(pt.actions) if a.seat == 0)
    pt.next_deal()
    assert len(pt.game.deals) == 2
    assert pt.undo()
    assert len(pt.game.deals) == 1 and len(pt.actions) == last_mine and not pt.deal_over


def test_nothing_to_undo_at_first():
    pt = Playtest.start(shipped_ruleset("standard"), seat=1, seed=5)  # seat 1 makes trumps: the first to act
    assert pt.actions == []
    assert not pt.can_undo and not pt.undo()


@pytest.mark.parametrize("name", ["standard", "nigerian-thuni", "six-player", "two-player", "blind-thunee",
                                  "cats-at-cards"])
def test_a_whole_game_matches_from_actions_and_replays(name):
    r = shipped_ruleset(name)
    pt = Playtest.start(r, seat=1, seed=11)
    play_through(pt, random.Random(11), undo_rate=0.05)
    assert pt.is_over
    rebuilt = GameState.from_actions(r, pt.actions, seed=pt.seed, dealer=pt.dealer)
    assert rebuilt.to_transcript() == pt.game.to_transcript()
    assert rebuilt.score == pt.game.score
    report = replay_text(pt.transcript_yaml())
    assert list(report.score) == list(pt.game.score) and report.winner == pt.game.winner


def test_a_shipped_rulesets_export_is_one_transcript_file():
    pt = Playtest.start(shipped_ruleset("standard"), seed=4)
    play_through(pt, random.Random(4), deals=1)
    name, data, mime = pt.export()
    assert name == "standard-seed4.yaml" and mime == "application/x-yaml"
    report = replay_text(data.decode("utf-8"))
    assert list(report.score) == list(pt.game.score)


def test_an_unsaved_variants_export_carries_its_text(tmp_path):
    text = "extends: standard\nname: our-rules\ngame: {target: 13}\n"
    pt = Playtest.start(check_text(text).ruleset, seed=6)
    play_through(pt, random.Random(6), deals=2)
    name, data, mime = pt.export()
    assert name == "our-rules-seed6.zip" and mime == "application/zip"
    zipfile.ZipFile(io.BytesIO(data)).extractall(tmp_path)
    assert (tmp_path / "our-rules.yaml").read_text(encoding="utf-8") == text
    report = replay_file(tmp_path / "transcript.yaml")
    assert report.game.ruleset.game.target == 13
    assert list(report.score) == list(pt.game.score)


def test_a_variant_of_a_users_file_exports_its_merged_rules(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "base.yaml").write_text("extends: standard\nname: base\ngame: {target: 13}\n", encoding="utf-8")
    pt = Playtest.start(check_text("extends: base.yaml\nname: top\n", base_dir=folder).ruleset, seed=1)
    play_through(pt, random.Random(1), deals=1)
    out = tmp_path / "out"
    zipfile.ZipFile(io.BytesIO(pt.export()[1])).extractall(out)
    assert "\nextends:" not in (out / "top.yaml").read_text(encoding="utf-8")
    report = replay_file(out / "transcript.yaml")
    assert report.game.ruleset.game.target == 13 and list(report.score) == list(pt.game.score)


def test_the_person_may_only_take_their_own_legal_actions():
    pt = Playtest.start(shipped_ruleset("standard"), seat=0, seed=3)
    with pytest.raises(IllegalActionError):
        pt.act(Action(1, "pass"))
    assert pt.view().to_act == 0


def test_replay_a_finished_deal_under_a_variant_with_the_same_play():
    pt = Playtest.start(shipped_ruleset("standard"), seat=0, seed=11)
    play_through(pt, random.Random(2), deals=1)
    replayed = pt.replay_deal_under(shipped_ruleset("thirteen-point"))
    new = replayed.playtest
    assert replayed.stopped is None and replayed.taken == replayed.total > 0
    assert new.ruleset.name == "thirteen-point" and new.deal_over
    assert new.game.deals[0].hands == pt.game.deals[-1].hands
    assert new.last_result.balls == pt.last_result.balls
    assert "All" in replayed.summary()


def test_replay_stops_where_the_other_rules_differ_and_play_goes_on():
    pt = Playtest.start(shipped_ruleset("standard"), seat=0, seed=11)
    play_through(pt, random.Random(2), deals=1)
    replayed = pt.replay_deal_under(shipped_ruleset("cats-at-cards"))
    assert replayed.stopped is not None and replayed.taken < replayed.total
    assert "not allowed here" in replayed.stopped
    new = replayed.playtest
    assert new.deal_over or new.view().to_act == 0
    assert new.game.deals[0].hands == pt.game.deals[-1].hands


@pytest.mark.parametrize("other, words", [("six-player", "for 6 players"), ("nigerian-thuni", "deals 8 cards")])
def test_replay_refuses_rules_the_cards_do_not_fit(other, words):
    pt = Playtest.start(shipped_ruleset("standard"), seat=0, seed=1)
    with pytest.raises(ValueError, match=words):
        pt.replay_deal_under(shipped_ruleset(other))


@pytest.mark.parametrize("kwargs, words", [({"seat": 4}, "seat must be"), ({"bots": "nobody"}, "unknown bot"),
                                           ({"bots": ["random"] * 3}, "one bot per seat")])
def test_bad_settings_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        Playtest.start(shipped_ruleset("standard"), **kwargs)


def test_who_is_winning_the_trick_so_far_is_the_engines_judgement_as_the_seat_may_know_it():
    """Seed 7, random bots, seat 0 passes and plays its first legal card; trumps are clubs (ranks J 9 A 10 K Q,
    standard.yaml). Checked by hand: 10♣ led, A♣ beats it; spades led 10♠ A♠, the 9♦ neither follows nor
    trumps; 9♠ led, the 9♣ trumps it."""
    import dataclasses

    pt = Playtest.start(shipped_ruleset("standard"), seat=0, seed=7, bots="random")
    seen = []
    while len(seen) < 5:
        view = pt.view()
        if view.trick:
            seen.append((view.trick, pt.winning_now(view)))
            hidden = dataclasses.replace(view, trump=None)  # trumps face down for this seat: nothing said
            assert pt.winning_now(hidden) is None
        plays = [a for a in view.legal if a.verb == "play"]
        pt.act(plays[0] if plays else view.legal[-1])
    assert view.trump == "C"
    assert seen[:5] == [(((2, "TC"),), 2), (((2, "TC"), (3, "AC")), 3),
                        (((1, "TS"), (2, "AS"), (3, "9D")), 2), (((2, "AD"), (3, "KD")), 2),
                        (((2, "9S"), (3, "9C")), 3)]
    # between tricks (nothing led yet) nobody is winning
    while pt.view().trick:
        view = pt.view()
        plays = [a for a in view.legal if a.verb == "play"]
        pt.act(plays[0] if plays else view.legal[-1])
    assert pt.winning_now() is None
