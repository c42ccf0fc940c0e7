"""A playout's Tracker that takes over what the last world's prefix showed (worlds._FOLLOWED) follows the
same play as one that reads its whole prefix: checked for every world the typical bots build in games of
every shipped ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.players import expected, heuristic, montecarlo, worlds
from thunee_dsl.simulation.play import play_game

STATE = ("played", "trick", "tricks_done", "trump", "beats", "undertaker", "first_lead_sets", "makers", "plays",
         "in_trick")


GOING_ALONE = str(Path(__file__).resolve().parents[1] / "game" / "rulesets" / "going-alone.yaml")  # (a seat sits out)


@pytest.mark.parametrize("name", sorted(shipped_rulesets()) + [GOING_ALONE])
def test_a_tracker_taking_over_the_last_prefix_follows_what_reading_it_whole_does(name, monkeypatch):
    built = worlds.Tracker  # (an extension type in the compiled build: its __init__ cannot be replaced, so
    seen = {"taken over": 0, "worlds": 0}  # the modules that make Trackers are given a checking maker)

    def checked(k, world):
        before = getattr(worlds._FOLLOWED, "last", None)
        taken = before is not None and before[0] is k.ruleset and world.prefix[:len(before[1])] == before[1]
        tracker = built(k, world)
        kept = worlds._FOLLOWED.last
        worlds.forget_followed()
        whole = built(k, world)
        worlds._FOLLOWED.last = kept
        assert [getattr(tracker, a) for a in STATE] == [getattr(whole, a) for a in STATE]
        seen["worlds"] += 1
        seen["taken over"] += taken and len(before[1]) > 0
        return tracker

    for module in (expected, heuristic, montecarlo):
        monkeypatch.setattr(module, "Tracker", checked)
    worlds.forget_followed()
    r = load_ruleset(name) if name == GOING_ALONE else shipped_ruleset(name)
    for i in range(2):
        # (with going alone, random makers go alone half the time: the typical seats then follow tricks of three)
        play_game(r, i, 77, ["typical"] * r.seats if name != GOING_ALONE else ["typical", "random"] * 2, max_deals=3)
    assert seen["worlds"] > 0 and seen["taken over"] > 0
