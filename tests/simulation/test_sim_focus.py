"""Focused replays (simulation.focus): the parent announcement of every kind of rule path the shipped rulesets
and overlays change; hand-checked effects per replay (a partner catch under partner-catch-six costs the
caller's opponents 2 balls less, under partner-catch-four 4 less; a Khanaak read the simple way moves the balls
by exactly its success and failure balls); the seeded comparison at the Compare page's defaults; the same
numbers whatever the number of processes."""

from __future__ import annotations

import glob
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.simulation import simulate
from thunee_dsl.simulation.focus import EARLY, ENOUGH, Focused, Replay, Replayer, focus_rule, parent_of, settled, spots
from thunee_dsl.simulation.play import play_game

ROOT = Path(__file__).resolve().parents[2]
PARTNER_SIX = str(ROOT / "examples" / "partner-catch-six.yaml")
PARTNER_FOUR = str(ROOT / "examples" / "house" / "partner-catch-four.yaml")
KHANAAK_SIMPLE = str(ROOT / "examples" / "house" / "khanaak-simple.yaml")
TYPICAL = ("typical",) * 4
PARTNER_CATCH = "undertakings.thunee.balls.partner_catch"

# every kind of path the shipped rulesets and overlays change (against standard), and its parent:
# (kind, name) of the announcement, or None when no announcement comes before the rule
PARENTS = {
    "undertakings.thunee.balls.partner_catch": ("undertaking", "thunee"),
    "undertakings.thunee.caught": ("undertaking", "thunee"),
    "undertakings.thunee.after_batch": ("undertaking", "thunee"),
    "undertakings.thunee.allowed_if": ("undertaking", "thunee"),
    "undertakings.thunee.late": ("undertaking", "thunee"),
    "undertakings.thunee.during_calling": ("undertaking", "thunee"),
    "undertakings.blind-thunee": None,  # an undertaking standard has not: it never happens in A's games
    "undertakings.royals": None,
    "undertakings.blind-royals": None,
    "undertakings.trips": None,
    "undertakings.moenie": None,
    "undertakings": None,  # the whole section
    "claims.khanaak.succeeds_if": ("claim", "khanaak"),
    "claims.khanaak.balls.success": ("claim", "khanaak"),
    "claims.khanaak.combine": ("claim", "khanaak"),
    "claims.double.allowed_if": ("claim", "double"),
    "claims.double.forbidden_if": ("claim", "double"),
    "claims.double.balls.success": ("claim", "double"),
    "claims.double.balls.failure": ("claim", "double"),
    "claims.double.balls.partner_catch": ("claim", "double"),
    "claims.double.combine": ("claim", "double"),
    "claims": None,
    "declarations.jodie.any_time": ("declaration", "jodie"),
    "declarations.jodie.wrong_time": ("declaration", "jodie"),
    "declarations.jodie.after_team_trick": ("declaration", "jodie"),
    "declarations.jodie.suit_hidden_for": ("declaration", "jodie"),
    "declarations.jodie.face_up_only": ("declaration", "jodie"),
    "declarations": None,
    "calling.simultaneous_extra": ("call", None),
    "calling.allowed_if": ("call", None),  # who may call (a house rule of issue 23): the calls are its parent
    "undertakings.thunee.trump": ("undertaking", "thunee"),  # the caller names trumps
    "calling": None,
    "bidding": None,
    "penalties": None,
    "penalties.balls_for": None,
    "redeal": None,
    "cancellation": None,
    "cancellation.cancel_if": None,
    "concede": None,
    "game.target": None, "game.corner_house": None, "game.deuce": None, "game.win_by": None,
    "game.raised_target": None,
    "dealer.passes_if": None, "dealer.passes_to": None, "dealer.next": None,
    "deal.cut": None, "deal.batches": None, "deal.face_down": None,
    "sequence": None, "players.seats": None, "players.direction": None,
    "deck.ranks": None, "deck.points.J": None, "deck.points.9": None, "deck.points.A": None, "deck.points.T": None,
    "deck.points.K": None, "deck.points.Q": None,
    "trumps.ways": None, "trumps.caller_ways": None, "trumps.revealed": None,
    "play.undercut": None, "play.lay_out": None, "play.first_leader": None, "play.first_lead_not_trump": None,
    "scoring.outcomes.0.balls": None, "scoring.outcomes.0.when": None, "scoring.outcomes": None,
    "scoring.team_values": None, "scoring.each_team": None,
    # whist (issue 25): the turn-up, honours (a declaration standard has not), the game value and the rubber
    "deal.turn_up": None, "trumps.chooser": None, "declarations.honours": None,
    "declarations.jodie": ("declaration", "jodie"),  # removed whole: the Jodie is still its parent under A
    "game.unit": None, "game.keeps_excess": None, "game.game_value": None, "game.rubber": None,
    # euchre against standard: the turn-up, its rounds, the bowers, points as the unit; Thunee and its call gone
    "deal.undealt": None, "deck.colours": None, "deck.trumps": None, "trumps.all_pass": None, "trumps.rounds": None, "undertakings.alone": None,
    "undertakings.thunee": ("undertaking", "thunee"),
    # the games beyond Thunee (issue 25): Klaverjas, Oh Hell, 304
    "deal.hand_sizes": None, "deck.sequence_order": None, "declarations.roem": None, "game.deals": None,
    "game.start": None, "game.transfer": None, "play.obligations.0": None, "play.obligations.1": None,
    "play.obligations.2": None, "play.void_while_closed": None, "players.teams": None, "scoring.each_player": None,
    "scoring.outcomes.0.winner": None, "scoring.outcomes.1.balls": None, "scoring.outcomes.1.winner": None,
    "scoring.team_values.count": None, "scoring.team_values.total": None, "trumps.revealed_if": None,
}


@pytest.fixture(scope="module")
def standard():
    return load_ruleset("standard")


@pytest.mark.parametrize("path", sorted(PARENTS))
def test_parent_of_every_kind_of_path(standard, path):
    parent, reason = parent_of(path, standard)
    want = PARENTS[path]
    if want is None:
        assert parent is None and reason  # and says why, in words
    else:
        assert reason is None and (parent.kind, parent.name) == want
        verbs = {"undertaking": {u.verb for u in standard.undertakings if u.name == want[1]},
                 "claim": {c.verb for c in standard.claims if c.name == want[1]},
                 "declaration": {d.verb for d in standard.declarations if d.name == want[1]},
                 "call": {"call"}}[want[0]]
        assert parent.verbs == verbs


def test_every_path_the_shipped_rulesets_and_overlays_change_is_listed(standard):
    files = sorted(glob.glob(str(ROOT / "rulesets" / "*.yaml")) + glob.glob(str(ROOT / "examples" / "house" / "*.yaml"))
                   + [PARTNER_SIX])
    found = set()
    for f in files:
        found |= {".".join(map(str, c.path)) for c in diff_rulesets(standard, load_ruleset(f))}
    assert found - set(PARENTS) == set()
    assert len(found) > 40


def test_a_bid_rung_has_the_bid_as_parent():
    thuni = load_ruleset("nigerian-thuni")
    parent, _ = parent_of("bidding.highest", thuni)
    assert (parent.kind, parent.verbs) == ("bid", frozenset({"bid"}))
    parent, reason = parent_of("bidding.highest", load_ruleset("standard"))  # no bidding in A: nothing to replay
    assert parent is None and "no bidding" in reason


@pytest.fixture(scope="module")
def games(standard):
    """Twenty seeded games of standard with typical bots: the deals the replays start from."""
    return [play_game(standard, i, 0, TYPICAL) for i in range(20)]


def each_replay(a, b, games, path, counters, parent_path=None, replays=400):
    parent, _ = parent_of(parent_path or path, a)
    found = spots(games, parent)
    assert found, "the games had no deal with the announcement"
    r = Replayer(a, b, TYPICAL, TYPICAL, 0, path, counters, found)
    return [x for x in (r.one(n) for n in range(replays)) if x is not None]


@pytest.mark.parametrize("overlay, less", [(PARTNER_SIX, 2), (PARTNER_FOUR, 4)])
def test_a_partner_catch_costs_the_callers_opponents_what_the_overlay_says(standard, games, overlay, less):
    # standard: "If a Thunee is caught by the caller's partner the opponents open 8 balls"; the overlays say 6, 4
    b = load_ruleset(overlay)
    assert standard.data.data["undertakings"]["thunee"]["balls"]["partner_catch"] == 8
    assert b.data.data["undertakings"]["thunee"]["balls"]["partner_catch"] == 8 - less
    got = focus_rule(standard, b, games, PARTNER_CATCH, "partner catch", ("undertakings.thunee.partner_catch",),
                     TYPICAL, TYPICAL, 0, max_replays=3000, seconds=None)
    # stopped early: every change the same way (or at ENOUGH changes)
    assert got.changed >= EARLY and got.stopped == "enough"
    assert got.others_each == (-less,) and got.own_each == (0,)  # every partner catch, and only those
    assert got.fired == got.changed  # the rule fired exactly where the balls changed
    assert got.others.high < 0 and got.own.value == 0
    assert got.others.value == pytest.approx(-less * got.changed / got.replays, abs=1e-6)
    words = got.words()
    assert f"the caller's opponents open {less} balls less each time" in words
    assert "deals with a Thunee called" in words and "could still be chance" not in words


KHANAAK_MOVES = {(3, -4), (6, -4), (-3, 4), (-6, 4)}


def test_khanaak_read_the_simple_way_moves_the_balls_only_by_its_success_and_failure_balls(standard, games):
    # standard: a Khanaak succeeds for 3 balls (6 when the callers are the counting team and there was a
    # call: a backward Khanaak); it fails for 4 to the opponents. khanaak-simple reads the condition
    # "opponents' cards < callers' Jodies + 10" instead of standard's count < 0, which differ only by the
    # opponents' Jodies and the call: a claim that fails under one reading and succeeds under the other moves
    # its team by +3/+6 and the opponents by -4, or back; nothing else can change.
    b = load_ruleset(KHANAAK_SIMPLE)
    got = each_replay(standard, b, games, "claims.khanaak.succeeds_if", ("claims.khanaak",))
    assert len(got) == 400 and all(x.fired for x in got)  # the claim is made in every replay
    assert {(x.own, x.others) for x in got if x.changed} <= KHANAAK_MOVES
    assert not any(x.played_b for x in got)  # the same actions are legal under both readings


def test_a_khanaak_that_can_never_succeed_costs_exactly_its_balls(standard, games, tmp_path):
    # the same machinery where the readings surely differ: every Khanaak that succeeded under standard now
    # fails, so its team loses its 3 (or 6) and the opponents get 4; one that failed anyway changes nothing
    never = tmp_path / "khanaak-never.yaml"
    never.write_text("extends: standard\nname: khanaak-never\nclaims:\n  khanaak:\n    succeeds_if: false\n")
    got = each_replay(standard, load_ruleset(str(never)), games, "claims.khanaak.succeeds_if", ("claims.khanaak",),
                      replays=200)
    moved = {(x.own, x.others) for x in got if x.changed}
    assert moved and moved <= {(-3, 4), (-6, 4)}
    assert sum(x.changed for x in got) > len(got) / 2  # the bots claim a Khanaak that succeeds, mostly


def test_no_parent_in_the_games_is_said_plainly(standard):
    game = play_game(standard, 0, 0, ("random",) * 4, max_deals=1)
    b = load_ruleset(PARTNER_SIX)
    got = focus_rule(standard, b, [game._replace(deals=())], PARTNER_CATCH, "partner catch",
                     ("undertakings.thunee.partner_catch",), TYPICAL, TYPICAL, 0, seconds=None)
    assert got.replays == 0 and got.parents == 0
    assert got.words() == ("Focused replays could not make it come into play: no deal of the 1 games of A had a "
                           "Thunee called.")
    got = focus_rule(standard, load_ruleset(str(ROOT / "examples" / "house" / "friendly-table.yaml")), [game],
                     "penalties", "no penalties", ("penalties.revoke",), TYPICAL, TYPICAL, 0, seconds=None)
    assert got.parent is None and "only mistakes make a penalty fire" in got.words()


def _numbers(cmp):
    return [f.to_json() for f in cmp.focused]


def test_the_same_numbers_whatever_the_number_of_processes(standard):
    b = load_ruleset(PARTNER_SIX)
    one = simulate([standard, b], games=12, seed=3, jobs=1, focus_seconds=None, focus_replays=600)
    two = simulate([standard, b], games=12, seed=3, jobs=2, focus_seconds=None, focus_replays=600)
    assert _numbers(one) == _numbers(two)
    assert one.focused[0].replays > 0 and one.to_json()["focused"][0]["path"] == PARTNER_CATCH
    # a pool of the caller's (the app's warm one): the same numbers, and the pool left running
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
        warm = simulate([standard, b], games=12, seed=3, focus_seconds=None, focus_replays=600, focus_pool=pool)
        assert pool.submit(int, "7").result() == 7
    assert _numbers(warm) == _numbers(one)


def test_the_comparison_says_it_in_json_csv_and_text(standard):
    b = load_ruleset(PARTNER_SIX)
    cmp = simulate([standard, b], games=6, seed=1, focus_seconds=None, focus_replays=300)
    [f] = cmp.focused
    assert isinstance(f, Focused) and cmp.focused_on(PARTNER_CATCH) is f
    j = cmp.to_json()["focused"][0]
    assert j["replays"] == f.replays and j["budget"] == {"replays": 300, "seconds": None, "enough": 8}
    assert j["words"] == f.words() and j["parent"] == {"kind": "undertaking", "name": "thunee", "title": "Thunee"}
    csv = cmp.to_csv()
    assert f"focused,partner-catch-six - standard,{PARTNER_CATCH}:others:per_deal" in csv
    text = cmp.to_text()
    deals_a = sum(len(g.deals) for g in cmp.rulesets[0].games)
    assert f.deals == deals_a and f"    Focused: It decided {f.decided} of the {deals_a} deals of A's games. In " in text
    assert "deals with a Thunee called in the games" in " ".join(text.split())  # (wrapped at 100)
    assert all(d.opening is None for r in cmp.rulesets for g in r.games for d in g.deals)  # (not kept)
    off = simulate([standard, b], games=2, seed=1, focus=False)
    assert off.focused == [] and off.to_json()["focused"] == []


@pytest.mark.slow
def test_the_compare_pages_defaults_show_the_partner_catch(standard):
    # the Compare page's defaults: 200 games of each, typical bots, no mistakes, seed 0 (and two processes here)
    b = load_ruleset(PARTNER_SIX)
    cmp = simulate([standard, b], games=200, seed=0, jobs=2, focus_seconds=None)
    [rule] = cmp.rules_compared
    assert rule.most < 4  # the games alone cannot show it
    f = cmp.focused_on(PARTNER_CATCH)
    assert f.parents >= 50 and f.changed >= EARLY and f.stopped == "enough"
    assert f.others.high < 0 and f.clear and f.others_each == (-2,)
    per_deal = f.per_deal(f.others)
    assert per_deal.low < per_deal.value < per_deal.high < 0


def test_a_replay_does_not_depend_on_the_replays_run_before_it(standard, games):
    # (a worker runs a share of each batch: replay n must come out the same whichever ran before it)
    b = load_ruleset(PARTNER_SIX)
    parent, _ = parent_of(PARTNER_CATCH, standard)
    found = spots(games, parent)
    counters = ("undertakings.thunee.partner_catch",)
    forward = Replayer(standard, b, TYPICAL, TYPICAL, 0, PARTNER_CATCH, counters, found)
    backward = Replayer(standard, b, TYPICAL, TYPICAL, 0, PARTNER_CATCH, counters, found)
    numbers = range(40)
    ahead = [forward.one(n) for n in numbers]
    behind = [backward.one(n) for n in reversed(numbers)][::-1]
    assert ahead == behind and all(x is not None for x in ahead)


PARTS = ["undertakings", "claims", "declarations", "calling", "bidding", "penalties", "game", "thunee", "khanaak",
         "double", "jodie", "royals", "balls", "partner_catch", "succeeds_if", "0", "amounts", "", "x.y", "?"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PARTS), min_size=0, max_size=5))
def test_any_path_has_a_parent_or_a_reason_and_never_an_error(path):
    standard = load_ruleset("standard")
    parent, reason = parent_of(path, standard)
    assert (parent is None) != (reason is None)
    if parent is not None:
        assert path[0] in ("undertakings", "claims", "declarations", "calling") and len(path) >= 2
        assert parent.made.startswith(("a ", "an ")) and parent.verbs


@pytest.mark.parametrize("replays", [0, -3, True, 2.5, "300", 1_000_001])
def test_a_replay_count_one_could_not_mean_is_refused_before_any_game(standard, replays):
    with pytest.raises(ValueError, match="focus_replays must be"):
        simulate([standard, load_ruleset(PARTNER_SIX)], games=1, focus_replays=replays)


def _replays(*moves, quiet=0):
    return [Replay(own, others, True, True, False) for own, others in moves] + [Replay(0, 0, False, False, False)] * quiet


def test_replays_stop_early_only_when_every_change_went_the_same_way():
    # six changes alike in sign have probability 1/32 by chance alone; five (1/16) or mixed signs go on to ENOUGH
    assert (EARLY, ENOUGH) == (6, 8)
    same = [(0, -2)] * 6
    assert settled(_replays(*same, quiet=300), 6)
    assert not settled(_replays(*same[:5], quiet=300), 5)
    assert not settled(_replays(*same[:5], (0, 2), quiet=300), 6)  # the other team's way once
    assert not settled(_replays(*same[:5], (3, -4), quiet=300), 6)  # the caller's team moved once
    assert not settled(_replays(*same[:5], (0, 2), (0, -2), quiet=300), 7)
    assert settled(_replays(*same[:5], (0, 2), (0, -2), (0, 2), quiet=300), 8)  # ENOUGH, whichever way


def test_stopping_early_gives_the_numbers_of_the_same_replays_made_one_by_one(standard, games):
    # the stop looks at whole batches: the replays kept are exactly replays 0 .. n - 1, as made one by one
    from thunee_dsl.simulation.focus import BATCH
    b = load_ruleset(PARTNER_SIX)
    got = focus_rule(standard, b, games, PARTNER_CATCH, "partner catch", ("undertakings.thunee.partner_catch",),
                     TYPICAL, TYPICAL, 0, max_replays=3000, seconds=None)
    assert got.replays + got.failed == -(-(got.replays + got.failed) // BATCH) * BATCH
    parent, _ = parent_of(PARTNER_CATCH, standard)
    one = Replayer(standard, b, TYPICAL, TYPICAL, 0, PARTNER_CATCH, ("undertakings.thunee.partner_catch",),
                   spots(games, parent))
    each = [r for r in (one.one(n) for n in range(got.replays + got.failed)) if r is not None]
    assert sum(r.changed for r in each) == got.changed and len(each) == got.replays
    # and the stop came at the first batch where it could
    first = next(k for k in range(1, len(each) // BATCH + 1) if settled(each[:k * BATCH], sum(r.changed for r in each[:k * BATCH])))
    assert first * BATCH == len(each)


@pytest.mark.parametrize("workers", [2, 3])
def test_replays_on_any_number_of_workers_are_the_replays_made_here(standard, games, workers):
    # tasks are cut from each batch (with 3 workers, 17 replays a task: never across a batch) and sent ahead;
    # a budget that ends inside a batch (250) is cut the same way
    b = load_ruleset(PARTNER_SIX)
    args = (standard, b, games, PARTNER_CATCH, "partner catch", ("undertakings.thunee.partner_catch",), TYPICAL,
            TYPICAL, 0)
    here = focus_rule(*args, max_replays=250, seconds=None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
        there = focus_rule(*args, max_replays=250, seconds=None, jobs=workers, pool=pool)
    assert here.replays + here.failed == 250 or here.stopped == "enough"
    assert there.to_json() == here.to_json()
