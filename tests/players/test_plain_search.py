"""The search of a deal's plain rest on integers (players/plain_search.py) against the game and the general search.

- ``play.plain_rest`` says what the game does from the moment it holds, and it holds to the deal's end: on
  random play of every shipped ruleset, each legal card, each trick's winner and its points are the plain
  rule's (the suit led if held, else any card but where the undercut rule forbids it; the card no later card
  beat; the row's points to the winner's team);
- the solver with the plain search gives the value of the solver without it (every node played on the deal),
  on seeded positions of every shipped ruleset and on whole deals of standard, for the tricks and the count,
  with every variant of its table and of equivalent cards, and its lines play out to that value;
- the count's rest is read from the ruleset's formula (hand-checked: standard's 10 for the last trick, -10
  for the other side's), and a team value the plain rule cannot say (one that reads the tricks won) is left
  to the general search, which still agrees with minimax.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver_positions import end_positions, first_lead, minimax, played_out
from thunee_dsl import shipped_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.play import Play, not_undercut, plain_rest
from thunee_dsl.loading import load_ruleset_text, shipped_rulesets
from thunee_dsl.model import compile_ruleset
from thunee_dsl.players import decide, make_bot
from thunee_dsl.players.plain_search import PlainSearch, RestValue
from thunee_dsl.players.solver import POINTS, TRICKS, Solver, _points_rest, _tricks_rest

RULESETS = sorted(shipped_rulesets())
# duties of play and combinations counted from a trick (Klaverjas), cards turned up at a trick's end (open face)
NEVER_PLAIN = {"klaverjas", "klaverjas-amsterdam", "two-player-open-face"}


def _plain_legal(deal, seat: int) -> int:
    """The plain rule's legal cards (play.plain_rest's words), worked here from the deal's tables."""
    hand = deal.hands[seat]
    if not deal.trick:
        return hand
    t = deal.t
    row = t.no_trump if deal.trump is None else deal.trump
    led = deal.trick[0][1]
    follow = hand & t.led_masks[row][led]
    if follow:
        return follow
    if t.undercut_only_with_all_trumps and deal.trump is not None:
        narrowed = not_undercut(hand, t.trump_masks[row], led, deal.best, deal.beats[row][deal.best])
        if narrowed:
            return narrowed
    return hand


@pytest.mark.parametrize("name", RULESETS)
def test_the_plain_rest_is_what_the_game_plays(name):
    ruleset = shipped_ruleset(name)
    plain_cards = plain_tricks = 0
    for game_seed in range(6):
        game = GameState(ruleset, seed=1000 + game_seed)
        # (the typical bots: random ones call an undertaking in most deals of standard, and then nothing is plain)
        bots = [make_bot("typical" if game_seed % 3 else "random", ruleset, seed=game_seed * 10 + s)
                for s in range(ruleset.seats)]
        deals = 0
        while not game.is_over and deals < 3:
            deal = game.deal
            plain = False
            while game.deal is deal and not game.is_over:
                if deal.window is None and type(deal.pending) is Play:
                    now = plain_rest(deal)
                    assert now or not plain, "the plain rest ended before the deal's end"
                    plain = now
                    if plain:
                        seat = deal.pending.seat
                        legal = {deal.card_of[a.arg] for a in deal.legal_actions() if a.verb == "play"}
                        expected = _plain_legal(deal, seat)
                        assert legal == {c for c in range(deal.t.size) if (expected >> c) & 1}
                        plain_cards += 1
                before = (len(deal.tricks), list(deal.team_cards)) if plain else None
                game.apply(decide(bots[game.to_act], game))
                if before is not None and len(deal.tricks) == before[0] + 1:
                    leader, cards, winner = deal.tricks[-1]
                    row = deal.t.no_trump if deal.trump is None else deal.trump
                    best_seat, best = cards[0]
                    for s, c in cards[1:]:
                        if (deal.beats[row][best] >> c) & 1:
                            best_seat, best = s, c
                    assert winner == best_seat
                    points = sum(ruleset.deck.points_for[row][c] for _, c in cards)
                    team = deal.team_of[winner]
                    assert deal.team_cards[team] == before[1][team] + points
                    plain_tricks += 1
            deals += 1
    if name not in NEVER_PLAIN:
        assert plain_cards and plain_tricks, "no plain rest was played"


@pytest.mark.parametrize("name", RULESETS)
def test_the_plain_search_gives_the_general_value(name):
    ruleset = shipped_ruleset(name)
    checked = 0
    for tricks_left in (2, 3, 4):
        for deal in end_positions(ruleset, seed=300 + tricks_left, tricks_left=tricks_left, count=4):
            team = deal.team_of[deal.to_act]
            for objective in (POINTS, TRICKS):
                general = Solver(ruleset, objective, plain=False).solve(deal, team, line=False).value
                for equivalence in (True, False):
                    for table in (True, False):
                        solution = Solver(ruleset, objective, equivalence=equivalence, table=table).solve(deal, team)
                        assert solution.value == general, (name, objective.name, equivalence, table)
                        assert played_out(deal, solution.line, team, objective) == general
                checked += 1
    assert checked == 24


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_deals_of_standard(seed):
    """From the first lead (the general search plays the lead, which shows trumps; the plain search the rest), both
    objectives, both teams; a table too small for the deal (every slot taken over again and again) answers the same."""
    ruleset = shipped_ruleset("standard")
    game = first_lead(ruleset, seed)
    for objective in (TRICKS, POINTS):
        for team in (0, 1):
            general = Solver(ruleset, objective, plain=False).solve(game, team, line=False).value
            solution = Solver(ruleset, objective).solve(game, team)
            assert solution.value == general
            assert played_out(game.deal, solution.line, team, objective) == general
    small = Solver(ruleset, POINTS)
    value = small.solve(game, 0, line=False).value
    deal = game.deal.clone()
    deal.apply_if_legal(deal.legal_actions()[0])
    search = small._plain_search(deal)
    tiny = PlainSearch(deal, 0, _points_rest(deal, 0)[0], small._suits_of(deal, deal.trump), slots=256)
    assert tiny.slots == 256
    base = deal.team_cards[0]
    assert base + tiny.value(deal, -10 ** 6, 10 ** 6) == base + search.value(deal, -10 ** 6, 10 ** 6)
    assert small.solve(game, 0, line=False).value == value
    tiny.forget()
    assert base + tiny.value(deal, -10 ** 6, 10 ** 6) == base + search.value(deal, -10 ** 6, 10 ** 6)


def test_the_counts_rest_by_hand():
    """Standard's count (team.cards + team.declared - other.declared, 10 for the last trick's winners and -10 for
    its losers, the call to the counting team): with no card points won, no Jodies and no call, a seat of the
    team winning the last trick gives it 10 and a seat of the other team -10; with a call of 20 made by the
    other team's side as the counting team, 20 less again."""
    ruleset = shipped_ruleset("standard")
    game = first_lead(ruleset, 4)
    deal = game.deal.clone()
    deal.apply_if_legal(deal.legal_actions()[0])
    assert plain_rest(deal)
    rest, names = _points_rest(deal, 0)
    assert rest.per_trick == 0 and rest.points
    call = deal.call
    counting = deal.counting
    sign = 1 if counting == 0 else -1
    assert rest.last == tuple((10 if deal.team_of[s] == 0 else -10) + sign * call for s in range(4))
    assert "team_cards" not in names and "call" in names
    deal.call = 20
    rest20, _ = _points_rest(deal, 0)
    assert rest20.last == tuple(v + sign * (20 - call) for v in rest.last)
    tricks, _ = _tricks_rest(deal, 0)
    assert (tricks.per_trick, tricks.points, tricks.last) == (1, False, (0, 0, 0, 0))


RULESET_READING_TRICKS = """
name: counts-tricks
extends: standard
scoring:
  team_values:
    count:
      description: card points and five for every trick won
      formula: team.cards + 5 * team.tricks + (if team.won_last_trick then 10 else -10)
"""


def test_a_team_value_reading_the_tricks_is_left_to_the_general_search():
    ruleset = compile_ruleset(load_ruleset_text(RULESET_READING_TRICKS))
    checked = 0
    for deal in end_positions(ruleset, seed=41, tricks_left=2, count=4):
        if not plain_rest(deal) or deal.window is not None:
            continue
        team = deal.team_of[deal.to_act]
        rest, names = _points_rest(deal, team)
        assert rest is None and "team_tricks" in names
        assert Solver(ruleset, POINTS).solve(deal, team, line=False).value == minimax(deal, team, POINTS)
        checked += 1
    assert checked


def test_rest_value_holds_what_it_is_given():
    rest = RestValue(1, False, [0, 0])
    assert (rest.per_trick, rest.points, rest.last) == (1, False, (0, 0))


@pytest.mark.parametrize("formula, plain", [
    ("team.cards + (if team.won_last_trick then 10 else -10)", True),
    ("(team.cards - other.declared) + 5 - (if team.won_last_trick then 0 else 10)", True),
    ("if team.cards == 17 then 100 else team.cards", False),  # (one for one at 0 and 1000, not at 17)
    ("team.cards * 2", False),
    ("-team.cards + 300", False),
    ("team.cards + team.cards / 100", False),
    ("max(team.cards, 60)", False),
    ("team.cards + (if team.won_last_trick then 10 else team.cards)", False),  # (a branch not taken till the end)
    ("team.cards - other.cards", False),
])
def test_the_count_plain_only_where_it_grows_with_the_card_points(formula, plain):
    """A team value is searched on integers only where it is the team's card points plus terms that read none:
    else (a formula a house could write) the general search solves it, and it still agrees with minimax."""
    text = ("name: odd-count\nextends: standard\nscoring:\n  team_values:\n    count:\n"
            f"      description: a count\n      formula: '{formula}'\n")
    ruleset = compile_ruleset(load_ruleset_text(text))
    checked = 0
    for deal in end_positions(ruleset, seed=43, tricks_left=2, count=6):
        if deal.window is not None or not plain_rest(deal):
            continue
        team = deal.team_of[deal.to_act]
        assert (_points_rest(deal, team)[0] is not None) == plain
        assert Solver(ruleset, POINTS).solve(deal, team, line=False).value == minimax(deal, team, POINTS)
        checked += 1
    assert checked


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(set(RULESETS) - NEVER_PLAIN)), seed=st.integers(0, 10 ** 6),
       tricks_left=st.integers(2, 4), objective=st.sampled_from([POINTS, TRICKS]))
def test_any_seeded_position_solves_alike(name, seed, tricks_left, objective):
    """A property over seeds: the solver with the plain search and without it agree on any position drawn."""
    ruleset = shipped_ruleset(name)
    for deal in end_positions(ruleset, seed=seed, tricks_left=tricks_left, count=1):
        team = deal.team_of[deal.to_act]
        assert Solver(ruleset, objective).solve(deal, team, line=False).value == \
            Solver(ruleset, objective, plain=False).solve(deal, team, line=False).value
