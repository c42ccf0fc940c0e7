"""simulate(): seeding and pairing, identical results whatever the number of jobs, statistics that agree
with the raw figures, rule coverage, the three output formats and argument checking."""

from __future__ import annotations

import csv
import io
import json
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.simulation import simulate
from thunee_dsl.simulation import runner
from thunee_dsl.simulation.play import play_game

ROOT = Path(__file__).resolve().parents[2]
PARTNER_SIX = str(ROOT / "examples" / "partner-catch-six.yaml")
BOTS = ("random",) * 4

# standard without undertakings or claims (so the outcome table decides the deals), with a first outcome row
# no deal can reach (card points never exceed the pack's total plus Jodies, call and last trick)
IMPOSSIBLE_ROW = """\
extends: standard
name: impossible-row
sequence: [deal 1, make trumps, calling, deal 2, play]
undertakings: null
claims: null
scoring:
  outcomes:
    - when: counting.count > 1000
      winner: counting
      balls: 9
      says: the counting team passes 1000
    - when: counting.count >= 105
      winner: counting
      balls: if call > 0 then 2 else 1
    - when: true
      winner: makers
      balls: 1
"""


@pytest.fixture(scope="module")
def standard():
    return load_ruleset("standard")


@pytest.fixture(scope="module")
def partner_six():
    return load_ruleset(PARTNER_SIX)


@pytest.fixture(scope="module")
def pair(standard, partner_six):
    return simulate([standard, partner_six], games=16, bots="random", seed=7)


def dumps(comparison) -> str:
    return json.dumps(comparison.to_json(), sort_keys=True)


# -- seeding and pairing ----------------------------------------------------------------------


def test_same_seed_same_json_for_one_and_two_jobs(standard, partner_six, pair):
    two = simulate([standard, partner_six], games=16, bots="random", seed=7, jobs=2)
    assert dumps(two) == dumps(pair)
    again = simulate([standard, partner_six], games=16, bots="random", seed=7)
    assert dumps(again) == dumps(pair)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6000), st.integers(1, 16))
def test_chunks_cover_every_game_once_in_order_and_shrink_to_single_games(games, workers):
    parts = runner.chunks(games, workers)
    assert parts[0].start == 0 and parts[-1].stop == games
    assert all(a.stop == b.start for a, b in zip(parts, parts[1:]))  # in order, no gap, no overlap
    sizes = [c.stop - c.start for c in parts]
    assert all(1 <= n <= runner.MOST_IN_A_CHUNK for n in sizes)
    assert sizes == sorted(sizes, reverse=True)  # the big ones first: every worker busy to the end
    assert sizes[-1] == 1  # the last is a single game


@pytest.mark.parametrize("cut", ["single games", "uneven", "one chunk"])
def test_the_same_numbers_however_the_games_are_cut_into_chunks(standard, partner_six, pair, monkeypatch, cut):
    def chunks(games, workers):
        if cut == "single games":
            return [runner.Chunk(i, i + 1) for i in range(games)]
        if cut == "one chunk":
            return [runner.Chunk(0, games)]
        edges = [0, 1, 2, 9, 10, games]  # (16 games: 1, 1, 7, 1, 6)
        return [runner.Chunk(a, b) for a, b in zip(edges, edges[1:])]

    monkeypatch.setattr(runner, "chunks", chunks)
    two = simulate([standard, partner_six], games=16, bots="random", seed=7, jobs=2)
    assert dumps(two) == dumps(pair)
    assert two.timings["games_cpu"] > 0 and len(two.timings["games_cpu_by_worker"]) <= 2
    # the wall time the workers spent on chunks: some, and no more than two workers had in the games' time
    assert 0 < two.timings["games_busy"] <= 2 * two.timings["games"]


def test_jobs_beside_other_threads_start_fresh_workers(standard):
    """The app calls simulate() from a process with other threads: forking it could copy a held lock, so
    the workers start from a fresh interpreter, with the same result."""
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    try:
        assert runner._context().get_start_method() != "fork"
        two = simulate([standard], games=8, bots="random", seed=4, jobs=2)
    finally:
        stop.set()
        thread.join()
    assert dumps(two) == dumps(simulate([standard], games=8, bots="random", seed=4))


def test_another_seed_gives_other_games(standard, partner_six, pair):
    other = simulate([standard, partner_six], games=16, bots="random", seed=8)
    assert [g.deals for g in other.rulesets[0].games] != [g.deals for g in pair.rulesets[0].games]


def test_paired_games_deal_the_same_cards_under_both_rulesets(standard, partner_six):
    same_later = 0
    for index in range(12):
        _, a = play_game(standard, index, 3, BOTS, keep_state=True)
        _, b = play_game(partner_six, index, 3, BOTS, keep_state=True)
        assert a.deals[0].dealer == b.deals[0].dealer == index % 4
        assert a.deals[0].hands == b.deals[0].hands  # the first deal: always the same cards
        assert a.deals[0].actions == b.deals[0].actions  # same cards, same bot seeds, same rules so far
        for k, (da, db) in enumerate(zip(a.deals[1:], b.deals[1:]), 1):
            if da.dealer == db.dealer:  # deal k: the same shuffle, so the same hands from the same dealer
                assert da.hands == db.hands
                same_later += 1
    assert same_later > 0


def test_games_of_a_simulation_differ_from_each_other(standard):
    _, a = play_game(standard, 0, 3, BOTS, keep_state=True)
    _, b = play_game(standard, 1, 3, BOTS, keep_state=True)
    assert a.deals[0].hands != b.deals[0].hands


def test_pairing_makes_identical_rulesets_differ_by_exactly_zero(standard):
    same = simulate([standard, standard], games=10, bots="random", seed=1)
    diff = same.differences[0]
    assert diff.statistics
    for s in diff.statistics:
        e = s.estimate
        assert e.value in (None, 0.0), s.key
        assert e.low in (None, 0.0) and e.high in (None, 0.0), s.key


# -- statistics agree with the raw figures ----------------------------------------------------


def test_statistics_agree_with_the_raw_games(pair):
    for result in pair.rulesets:
        games = result.games
        finished = [g for g in games if g.winner is not None]
        wins0 = result.statistic("game.team_wins.0").estimate
        wins1 = result.statistic("game.team_wins.1").estimate
        assert wins0.n == wins1.n == len(finished)
        assert wins0.value + wins1.value == pytest.approx(1.0)
        assert wins0.value == pytest.approx(sum(g.winner == 0 for g in finished) / len(finished))
        deals = result.statistic("game.deals").estimate
        assert deals.value == pytest.approx(sum(len(g.deals) for g in games) / len(games))
        first = result.statistic("game.first_dealer_wins").estimate
        assert first.value == pytest.approx(sum(g.winner == g.first_dealer % 2 for g in finished) / len(finished))
        scored = [d for g in games for d in g.deals if not d.cancelled]
        balls = result.statistic("deal.balls").estimate
        assert balls.n == len(scored)
        assert balls.value == pytest.approx(sum(sum(d.balls) for d in scored) / len(scored))
        for g in finished:  # the winner reached the target
            assert max(g.score) >= 12 and g.score[g.winner] == max(g.score)


def test_differences_are_b_minus_a(pair):
    a, b = pair.rulesets
    diff = pair.differences[0]
    assert (diff.a, diff.b) == (a.name, b.name)
    for key in ("game.deals", "deal.balls", "game.team_wins.0", "deal.makers_win"):
        d = diff.statistic(key).estimate
        assert d.value == pytest.approx(b.statistic(key).estimate.value - a.statistic(key).estimate.value)
        assert d.low <= d.value <= d.high
        assert d.n == pair.games


def test_call_frequencies_add_up_to_one(pair):
    for result in pair.rulesets:
        calls = [s for s in result.statistics if s.key.startswith("call.") and not s.key.endswith(".success")]
        assert sum(s.estimate.value for s in calls) == pytest.approx(1.0)


# -- rule coverage ----------------------------------------------------------------------------


def test_coverage_flags_a_rule_that_cannot_fire(tmp_path):
    path = tmp_path / "impossible-row.yaml"
    path.write_text(IMPOSSIBLE_ROW, encoding="utf-8")
    result = simulate([load_ruleset(str(path))], games=8, bots="random", seed=2).rulesets[0]
    rows = {c.rule: c for c in result.coverage}
    assert not rows["scoring.outcomes.0"].fired
    assert "scoring.outcomes.0" in result.never_fired
    assert rows["scoring.outcomes.0"].label == "outcome 1: the counting team passes 1000"
    # the reachable rows did fire: together they decided every scored deal
    scored = sum(1 for g in result.games for d in g.deals if not d.cancelled and d.offence is None)
    assert rows["scoring.outcomes.1"].deals + rows["scoring.outcomes.2"].deals == scored > 0
    # bots play only legal actions: no penalty can fire
    assert {f"penalties.{o}" for o in ("revoke", "out of turn")} <= set(result.never_fired)


def test_coverage_lists_every_rule_of_the_ruleset(standard, pair):
    rules = {c.rule for c in pair.rulesets[0].coverage}
    expected = {f"calling.amounts.{a}" for a in standard.calling.amounts}
    expected |= {"calling.simultaneous_extra", "trumps.ways.card", "trumps.ways.last card", "cancellation",
                 "undertakings.thunee", "undertakings.thunee.success", "undertakings.thunee.failure",
                 "undertakings.thunee.partner_catch", "declarations.jodie", "claims.double", "claims.khanaak",
                 "scoring.outcomes.0", "scoring.outcomes.1", "game.corner_house", "dealer.passes", "dealer.stays"}
    expected |= {f"penalties.{o}" for o in standard.penalties.offences}
    assert expected <= rules


def test_coverage_of_game_rules_of_other_rulesets():
    deuce = simulate([load_ruleset("two-to-clear")], games=2, bots="random").rulesets[0]
    assert "game.deuce" in {c.rule for c in deuce.coverage}
    raised = simulate([load_ruleset(str(ROOT / "examples/house/thirteen-after-khanaak.yaml"))], games=2,
                      bots="random").rulesets[0]
    assert "game.raised_target" in {c.rule for c in raised.coverage}


def test_coverage_counts_match_the_games(pair):
    result = pair.rulesets[0]
    rows = {c.rule: c for c in result.coverage}
    thunee = sum(1 for g in result.games for d in g.deals if d.undertaking == "thunee")
    assert rows["undertakings.thunee"].deals == thunee
    caught = sum(rows[f"undertakings.thunee.{x}"].deals for x in ("success", "failure", "partner_catch"))
    fair = sum(1 for g in result.games for d in g.deals if d.undertaking == "thunee" and not d.cancelled)
    assert caught == fair
    cancelled = sum(1 for g in result.games for d in g.deals if d.cancelled and not d.redeal)
    assert rows["cancellation"].deals == cancelled


def test_other_rulesets_run(standard):
    for name in ("nigerian-thuni", "two-player", "six-player", "cats-at-cards"):
        result = simulate([load_ruleset(name)], games=3, bots="random", seed=4).rulesets[0]
        assert sum(len(g.deals) for g in result.games) >= 3
        assert result.coverage


def test_rulesets_with_different_decks_can_be_compared(standard):
    cmp = simulate([standard, load_ruleset("nigerian-thuni")], games=4, bots="random", seed=4)
    keys = {s.key for s in cmp.differences[0].statistics}
    assert "game.deals" in keys and "call.10" not in keys  # nigerian thuni bids instead of calling


# -- outputs ----------------------------------------------------------------------------------


def test_json_is_plain_data_with_raw_figures(pair):
    data = json.loads(json.dumps(pair.to_json()))
    assert data["format"] == "thunee-dsl-simulation/1"
    assert data["games"] == 16 and data["seed"] == 7 and data["bots"] == "random"
    first = data["rulesets"][0]
    assert first["name"] == "standard" and first["bots"] == ["random"] * 4
    assert len(first["games"]) == 16
    game = first["games"][0]
    assert sum(b[game["winner"]] for b in game["balls"]) >= 1
    assert len(game["balls"]) == len(game["cancelled"])
    stat = first["statistics"][0]
    assert set(stat) == {"key", "label", "value", "low", "high", "n", "method"}
    assert set(first["never_fired"]) == {c["rule"] for c in first["coverage"] if not c["fired"]}
    assert data["differences"][0]["a"] == "standard" and data["differences"][0]["b"] == "partner-catch-six"


def test_csv_has_every_statistic_difference_and_rule(pair):
    rows = list(csv.DictReader(io.StringIO(pair.to_csv())))
    assert list(rows[0]) == ["table", "ruleset", "key", "label", "value", "low", "high", "n", "method"]
    a, b = pair.rulesets
    stats = [r for r in rows if r["table"] == "statistic"]
    assert len(stats) == len(a.statistics) + len(b.statistics)
    diffs = [r for r in rows if r["table"] == "difference"]
    assert {r["ruleset"] for r in diffs} == {"partner-catch-six - standard"}
    assert len(diffs) == len(pair.differences[0].statistics)
    coverage = [r for r in rows if r["table"] == "coverage" and r["ruleset"] == "standard"]
    assert {r["key"] for r in coverage if r["method"] == "never fired"} == set(a.never_fired)
    deals = next(r for r in stats if r["ruleset"] == "standard" and r["key"] == "game.deals")
    assert float(deals["value"]) == pytest.approx(a.statistic("game.deals").estimate.value, abs=1e-6)


def test_text_is_a_comparison_table_with_coverage(pair):
    text = pair.to_text()
    assert "A: standard" in text and "B: partner-catch-six" in text and "B - A" in text
    assert "deals per game" in text and "Thunee called" in text
    lines = text.splitlines()
    revoke = next(line for line in lines if line.startswith("penalty: revoke"))
    assert revoke.endswith("0 !")
    assert any(line.startswith("Never fired in standard") and "penalties.revoke" in line for line in lines)


def test_progress_is_reported_up_to_the_total(standard):
    seen = []
    simulate([standard], games=5, bots="random", progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    seen.clear()
    simulate([standard], games=6, bots="random", jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (6, 6)


# -- arguments --------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, message", [
    (dict(games=0), "games must be"),
    (dict(games=2, jobs=0), "jobs must be"),
    (dict(games="3"), "games must be"),
    (dict(games=2, bots="clever"), "unknown bot 'clever'"),
    (dict(games=2, bots=["random"] * 3), "3 names given"),
    (dict(games=2, seed=1.5), "seed must be"),
    (dict(games=2, mistakes=1.5), "mistakes must be a rate between 0 and 1"),
    (dict(games=2, mistakes=-0.1), "mistakes must be"),
    (dict(games=2, mistakes="0.1"), "mistakes must be"),
])
def test_bad_arguments_are_value_errors(standard, kwargs, message):
    kwargs.setdefault("bots", "random")
    with pytest.raises(ValueError, match=message):
        simulate([standard], **kwargs)


def test_no_rulesets_is_a_value_error():
    with pytest.raises(ValueError, match="at least one ruleset"):
        simulate([], games=1, bots="random")


def test_one_bot_per_seat(standard):
    cmp = simulate([standard], games=3, bots=["random"] * 4, seed=2)
    assert cmp.to_json()["bots"] == "random"
    assert dumps(cmp) == dumps(simulate([standard], games=3, bots="random", seed=2))


def test_max_deals_stops_a_game(standard):
    result = simulate([standard], games=6, bots="random", max_deals=1).rulesets[0]
    assert all(len(g.deals) == 1 for g in result.games)
    unfinished = result.statistic("game.unfinished").estimate
    assert unfinished.value == sum(g.winner is None for g in result.games) / 6 > 0
