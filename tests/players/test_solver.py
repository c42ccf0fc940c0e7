"""The double-dummy solver agrees with plain minimax (written in solver_positions.py over the game's own
legal actions and copies) on seeded end positions of every shipped ruleset, for every objective and both
ways of handling windows; the line it returns plays out, action by action legal, to the value it says; and
hand-checked positions give the figures worked out by hand from the rules.

The larger count (the issue's 10,000 positions) is ``benchmarks/solver_vs_minimax.py``."""

from __future__ import annotations

import pytest

from solver_positions import choices, end_positions, minimax, played_out
from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.deal import NOT_LEGAL
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.solver import BALLS, POINTS, TRICKS, Solver, makes, position_key, succeeds_if, solve

RULESETS = sorted(shipped_rulesets())
NO_BOUNDS: set = set()  # rulesets whose positions the solver cannot bound (none today)


@pytest.mark.parametrize("name", RULESETS)
def test_solver_equals_minimax(name):
    ruleset = shipped_ruleset(name)
    checked = 0
    for deal in end_positions(ruleset, seed=7, tricks_left=2, count=4):
        team = deal.team_of[deal.to_act]
        for objective in (POINTS, TRICKS, BALLS):
            for windows in ("pass", "choose"):
                solution = Solver(ruleset, objective, windows).solve(deal, team)
                expected = minimax(deal, team, objective, windows)
                assert solution.value == expected, (name, objective.name, windows)
                assert played_out(deal, solution.line, team, objective) == expected
                checked += 1
    assert checked == 24


@pytest.mark.parametrize("name", ["standard", "royals", "two-player"])
def test_claims_and_undertakings_made(name):
    """Whether a claim or an undertaking in progress succeeds: the rule's success step (windows chosen, so
    a claim before the last trick is a choice of its side) and a claim's condition read at the deal's end."""
    ruleset = shipped_ruleset(name)
    objectives = [makes("claims", c.name) for c in ruleset.claims]
    objectives += [makes("undertakings", u.name) for u in ruleset.undertakings]
    for deal in end_positions(ruleset, seed=11, tricks_left=2, count=8):
        team = deal.team_of[deal.to_act]
        checks = objectives + [succeeds_if(c, deal.to_act) for c in ruleset.claims]
        for objective in checks:
            solution = Solver(ruleset, objective, "choose").solve(deal, team)
            assert solution.value == minimax(deal, team, objective, "choose")
            assert played_out(deal, solution.line, team, objective) == solution.value


def test_the_other_side_minimises():
    """Solving for the other team gives that team's own best: for tricks, the two sides' values add up to
    the tricks left plus those already won (a zero-sum objective)."""
    ruleset = shipped_ruleset("standard")
    for deal in end_positions(ruleset, seed=3, tricks_left=3, count=5):
        if deal.undertaking is not None:
            continue
        mine = deal.team_of[deal.to_act]
        solver = Solver(ruleset, TRICKS)
        ours = solver.solve(deal, mine).value
        theirs = solver.solve(deal, 1 - mine).value
        assert ours + theirs == deal.n_tricks


def test_count_by_hand():
    """Standard's count (rulesets/standard.yaml: team.cards + team.declared - other.declared, 10 more for the
    last trick's winners and 10 less for its losers, the call to the counting team and from the others)
    adds up to the pack's points for the two teams at every deal's end, and the pack holds 304 (each suit: J
    30, 9 20, A 11, 10 10, K 3, Q 2 = 76, four suits): so what one team can force and what the other can are
    304 apart, whoever leads."""
    ruleset = shipped_ruleset("standard")
    assert sum(ruleset.deck.points) == 304
    checked = 0
    for deal in end_positions(ruleset, seed=13, tricks_left=3, count=8):
        if deal.undertaking is not None:
            continue
        mine = deal.team_of[deal.to_act]
        solver = Solver(ruleset, POINTS)
        assert solver.solve(deal, mine, line=False).value + solver.solve(deal, 1 - mine, line=False).value == 304
        checked += 1
    assert checked


def test_relative_and_exact_tables_agree():
    """The table keyed without what was won so far (the objective's so_far) gives the exact key's values."""
    ruleset = shipped_ruleset("standard")
    for deal in end_positions(ruleset, seed=17, tricks_left=3, count=4):
        team = deal.team_of[deal.to_act]
        for objective in (POINTS, TRICKS):
            relative = Solver(ruleset, objective)
            exact = Solver(ruleset, objective)
            exact._not_additive = True  # (the exact key, as after a failed check)
            assert relative.solve(deal, team).value == exact.solve(deal, team).value


def _ends(deal, team, objective, base):
    """What the rest of the deal adds to ``base`` at every end reachable from ``deal`` (windows passed)."""
    if deal.over:
        return [objective.value(deal, team) - base]
    out = []
    for action in choices(deal, "pass"):
        child = deal.clone()
        assert child.apply_if_legal(action) != NOT_LEGAL
        out += _ends(child, team, objective, base)
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_what_the_rest_can_add_is_sure(name):
    """The bounds the search cuts at (Objective.left: the count's card points not yet won and its formula's
    other terms, bounded with what the rest of the play cannot change known; the tricks left) hold every end
    reachable from a position: no cut can lose the best line."""
    ruleset = shipped_ruleset(name)
    checked = 0
    for deal in end_positions(ruleset, seed=23, tricks_left=2, count=6):
        team = deal.team_of[deal.to_act]
        for objective in (POINTS, TRICKS):
            left = objective.left(deal, team)
            if left is None or left[0](deal) is None:
                continue
            least, most = left[0](deal)
            ends = _ends(deal, team, objective, objective.so_far(deal, team))
            assert least <= min(ends) and max(ends) <= most, (objective.name, least, most, min(ends), max(ends))
            checked += 1
    assert checked or name in NO_BOUNDS, "no position of this ruleset was bounded"


def test_the_count_is_bounded_by_the_call_and_the_last_trick():
    """standard's count: team.cards + team.declared - other.declared + (10 or -10 for the last trick) +
    (the call, or less it): with the call and the Jodies known, what the rest adds is between -10 and all
    the card points not yet won + 10 (here, about the team's own call)."""
    ruleset = shipped_ruleset("standard")
    deal = next(iter(end_positions(ruleset, seed=29, tricks_left=3, count=1)))
    team = deal.team_of[deal.to_act]
    least, most = POINTS.left(deal, team)[0](deal)
    call = deal.call if deal.team_of[deal.to_act] == deal.counting else -deal.call
    declared = deal.team_declared[team] - deal.team_declared[1 - team]
    not_won = sum(ruleset.deck.points_for[deal.trump]) - sum(deal.team_cards)
    assert (least, most) == (declared + call - 10, not_won + declared + call + 10)


def test_equivalent_cards_and_table_change_nothing_but_the_work():
    ruleset = shipped_ruleset("standard")
    for deal in end_positions(ruleset, seed=5, tricks_left=3, count=4):
        team = deal.team_of[deal.to_act]
        plain = Solver(ruleset, POINTS, equivalence=False, table=False)
        fast = Solver(ruleset, POINTS)
        a, b = plain.solve(deal, team, line=False), fast.solve(deal, team, line=False)
        assert a.value == b.value
        assert b.nodes <= a.nodes


@pytest.mark.parametrize("name", RULESETS)
def test_hands_by_rank_change_nothing_but_the_work(name):
    """Between tricks the table reads the hands by rank (the transpositions of different cards gone share an
    entry): the values are those of the solver without it, counting tricks (points not read) and the count."""
    ruleset = shipped_ruleset(name)
    for deal in end_positions(ruleset, seed=11, tricks_left=3, count=2):
        team = deal.team_of[deal.to_act]
        for objective in (TRICKS, POINTS):
            plain = Solver(ruleset, objective, equivalence=False)
            assert Solver(ruleset, objective).solve(deal, team).value == plain.solve(deal, team).value, objective.name


def test_roem_cards_are_not_one():
    """Klaverjas counts roem from each trick's cards: the 8 and the 7 of a suit, alike in the play, differ
    beside a 9 (a sequence). A position where searching one of them gave the defence too little (the count
    136 forced, not 140): equivalent cards are not searched as one there."""
    ruleset = shipped_ruleset("klaverjas")
    assert not Solver(ruleset).equivalence
    deal = list(end_positions(ruleset, seed=7, tricks_left=4, count=22))[21]
    team = deal.team_of[deal.to_act]
    assert Solver(ruleset, POINTS).solve(deal, team, line=False).value == 136
    assert Solver(ruleset, POINTS, equivalence=False).solve(deal, team, line=False).value == 136


def test_values_of_each_action_and_the_position_left_alone():
    ruleset = shipped_ruleset("standard")
    for deal in end_positions(ruleset, seed=9, tricks_left=3, count=3):
        key = position_key(deal)
        team = deal.team_of[deal.to_act]
        solver = Solver(ruleset, POINTS)
        values = solver.values(deal, team)
        assert position_key(deal) == key  # the position solved is not changed
        assert max(values.values()) == solver.solve(deal, team).value
        for action, value in values.items():
            child = deal.clone()
            assert child.apply_if_legal(action) != NOT_LEGAL
            assert value == minimax(child, team, POINTS)


def test_refusals_in_words():
    ruleset = shipped_ruleset("standard")
    with pytest.raises(ValueError, match="windows: expected 'pass' or 'choose'"):
        Solver(ruleset, windows="sometimes")
    with pytest.raises(TypeError, match="expected a game or a deal"):
        solve("a deal")


def test_a_closed_trump_asked_for_is_searched_with_the_cards():
    """304's closed trump (trumps.revealed: on demand): a seat that cannot follow may ask for trumps to be shown,
    an action that names no card. The solver searches it beside the cards played face down (it once read every
    choice as a card and failed), and agrees with minimax; its line plays out."""
    ruleset = shipped_ruleset("304")
    checked = 0
    for game_seed in range(40):
        game = GameState(ruleset, seed=game_seed)
        bots = [make_bot("typical", ruleset, seed=s) for s in range(ruleset.seats)]
        while not game.is_over and len(game.deals) < 3 and checked < 3:
            deal = game.deal
            legal = game.legal_actions()
            if any(a.verb == "ask" for a in legal) and len(legal) > 1 and deal.n_tricks - len(deal.tricks) <= 3:
                team = deal.team_of[deal.to_act]
                for objective in (TRICKS, POINTS):
                    solution = Solver(ruleset, objective).solve(deal, team)
                    assert solution.value == minimax(deal, team, objective)
                    assert played_out(deal, solution.line, team, objective) == solution.value
                checked += 1
                while game.deal is deal and not game.is_over:
                    game.apply(decide(bots[game.to_act], game))
                continue
            game.apply(decide(bots[game.to_act], game))
        if checked >= 3:
            break
    assert checked == 3
