"""Issue 25, item 7a: sides of one and a score per player (Oh Hell). ``players.teams`` the number of seats makes
every player a side of one; ``scoring.each_player`` scores each player for their side; the result, the game's
end and the transcript's score have one entry per side; ``other`` (and the other names of "the other side") is
refused where it is written when there are more than two sides. The test ruleset is
tests/game/rulesets/sides-of-one.yaml: five cards each from A K Q J 10 of four suits, the dealer names trumps,
each player bids once (the hook), an exact bid scores 10 + the bid, three deals."""

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.match import how_it_ended
from thunee_dsl.game.transcript import replay_file

ROOT = Path(__file__).resolve().parents[2]
SIDES = str(ROOT / "tests" / "game" / "rulesets" / "sides-of-one.yaml")

# each seat one suit: a player void in the suit led may trump (the trump maker's suit) or throw anything
ONE_SUIT_EACH = ("AS KS QS JS TS", "AH KH QH JH TH", "AD KD QD JD TD", "AC KC QC JC TC")
MIXED = ("AS KH QD JC TS", "KS AH KD QC JS", "QS QH AD KC TD", "JH TH JD AC TC")


def said(text: str) -> Action:
    seat, verb, *arg = text.split()
    return Action(int(seat), verb, (int(arg[0]) if arg[0].isdigit() else arg[0]) if arg else None)


def deal(game: GameState, hands, actions: str) -> None:
    """The next deal of ``game`` with ``hands`` (seat 0's first), each action said as written."""
    r = game.ruleset
    game.start_deal(hands=[[r.deck.card(c) for c in cards.split()] for cards in hands])
    for text in actions.split(","):
        game.apply(said(text.strip()))


def plays(*tricks: str) -> str:
    """'1 AH 2 AD 3 AC 0 AS' tricks as play actions."""
    out = []
    for trick in tricks:
        words = trick.split()
        out += [f"{seat} play {card}" for seat, card in zip(words[::2], words[1::2])]
    return ", ".join(out)


def test_three_deals_played_card_by_card_each_player_for_themselves():
    game = GameState(load_ruleset(SIDES), dealer=0, auto_deal=False)
    assert game.score == [0, 0, 0, 0]  # one total a side: four sides of one
    # Deal 1, dealer 0 names spades. Bids (from seat 1): 0, 0, 0; the dealer may not bid 5 (0 + 5 = 5 tricks):
    # bids 4. Seat 1 leads; seat 0 trumps the first trick and wins every spade lead after it: tricks 5, 0, 0, 0.
    # Seat 0 bid 4, took 5: 0. Seats 1, 2, 3 bid 0, took 0: 10 + 0 = 10 each.
    deal(game, ONE_SUIT_EACH, "0 trump S, 1 bid 0, 2 bid 0, 3 bid 0, 0 bid 4, " + plays(
        "1 AH 2 AD 3 AC 0 TS", "0 AS 1 KH 2 KD 3 KC", "0 KS 1 QH 2 QD 3 QC", "0 QS 1 JH 2 JD 3 JC",
        "0 JS 1 TH 2 TD 3 TC"))
    first = game.results[0]
    assert first.balls == (0, 10, 10, 10) and first.seat_tricks == (5, 0, 0, 0)
    assert first.explanation == (
        "seat 0 scores 0: if seat.tricks [5] == seat.bid [4] then 10 + seat.bid [4] else 0 = 0",
        "seat 1 scores 10: if seat.tricks [0] == seat.bid [0] then 10 + seat.bid [0] else 0 = 10",
        "seat 2 scores 10: if seat.tricks [0] == seat.bid [0] then 10 + seat.bid [0] else 0 = 10",
        "seat 3 scores 10: if seat.tricks [0] == seat.bid [0] then 10 + seat.bid [0] else 0 = 10")
    assert game.score == [0, 10, 10, 10] and not game.is_over and game.dealer == 1
    # Deal 2, dealer 1 names hearts. Bids (from seat 2): 1, 0, 0; the dealer may not bid 4 (1 + 4 = 5): bids 5.
    # Seat 2 leads; seat 1 trumps it and wins the rest: tricks 0, 5, 0, 0. Seat 1 exact: 10 + 5 = 15; seat 2 bid 1,
    # took 0: 0; seats 3 and 0 exact at 0: 10 each. Totals 0 + 10, 10 + 15, 10 + 0, 10 + 10 = 10, 25, 10, 20.
    deal(game, ONE_SUIT_EACH, "1 trump H, 2 bid 1, 3 bid 0, 0 bid 0, 1 bid 5, " + plays(
        "2 AD 3 AC 0 AS 1 TH", "1 AH 2 KD 3 KC 0 KS", "1 KH 2 QD 3 QC 0 QS", "1 QH 2 JD 3 JC 0 JS",
        "1 JH 2 TD 3 TC 0 TS"))
    assert game.results[1].balls == (10, 15, 0, 10) and game.score == [10, 25, 10, 20] and game.dealer == 2
    # Deal 3, dealer 2 names diamonds. Bids (from seat 3): 1, 1, 1; the dealer may not bid 2 (3 + 2 = 5): bids 1.
    # Trick 1: seat 3 leads AC, all follow (JC, QC, KC): seat 3. Trick 2: seat 3 JH, KH, AH, QH: seat 1.
    # Trick 3: seat 1 KS, seat 2 QS, seat 3 (no spade) trumps JD, seat 0 AS: seat 3. Trick 4: seat 3 TC, seat 0
    # (no club) TS, seat 1 trumps KD, seat 2 over-trumps AD: seat 2. Trick 5: seat 2 TD, seat 3 TH, seat 0 QD,
    # seat 1 JS: QD the highest diamond, seat 0. Tricks 1, 1, 1, 2: seats 0, 1, 2 exact at 1 (11 each), seat 3 bid
    # 1 and took 2 (0). Totals 10 + 11, 25 + 11, 10 + 11, 20 + 0 = 21, 36, 21, 20: seat 1 has the highest.
    deal(game, MIXED, "2 trump D, 3 bid 1, 0 bid 1, 1 bid 1, 2 bid 1, " + plays(
        "3 AC 0 JC 1 QC 2 KC", "3 JH 0 KH 1 AH 2 QH", "1 KS 2 QS 3 JD 0 AS", "3 TC 0 TS 1 KD 2 AD",
        "2 TD 3 TH 0 QD 1 JS"))
    third = game.results[2]
    assert third.seat_tricks == (1, 1, 1, 2) and third.balls == (11, 11, 11, 0)
    assert game.score == [21, 36, 21, 20] and game.is_over and game.winner == 1 and game.tied == ()
    assert how_it_ended(game) == "seat 1 wins the game"
    assert game.to_transcript()["score"] == [0, 0, 0, 0]  # where the game began: one entry a side


def test_the_dealer_is_hooked_as_a_player_alone():
    game = GameState(load_ruleset(SIDES), dealer=0, auto_deal=False)
    deal(game, MIXED, "0 trump S, 1 bid 1, 2 bid 2, 3 bid 1")
    bids = [a.arg for a in game.legal_actions() if a.verb == "bid"]
    assert bids == [0, 2, 3, 4, 5]  # 1 + 2 + 1 + 1 = 5: not 1


def test_level_at_the_top_after_the_last_deal_is_a_tie_between_players():
    text = Path(SIDES).read_text().replace("deals: 3", "deals: 1")
    r = load_ruleset_text(text)
    game = GameState(r, dealer=0, auto_deal=False)
    # one deal: tricks 5, 0, 0, 0 as in the first deal above, but seat 0 bids 4 and seats 1-3 bid 0: 0, 10, 10, 10
    deal(game, ONE_SUIT_EACH, "0 trump S, 1 bid 0, 2 bid 0, 3 bid 0, 0 bid 4, " + plays(
        "1 AH 2 AD 3 AC 0 TS", "0 AS 1 KH 2 KD 3 KC", "0 KS 1 QH 2 QD 3 QC", "0 QS 1 JH 2 JD 3 JC",
        "0 JS 1 TH 2 TD 3 TC"))
    assert game.is_over and game.winner is None and game.tied == (1, 2, 3)
    assert how_it_ended(game) == "a tie between seats 1, 2 and 3"


def load_ruleset_text(text: str):
    """The ruleset written as ``text`` (a changed copy of the test ruleset), from a file of its own."""
    path = Path(tempfile.mkdtemp()) / "sides.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def sides_ruleset(seats: int, cards: int):
    """The test ruleset for ``seats`` players, each alone, ``cards`` each."""
    text = Path(SIDES).read_text().replace("seats: 4", f"seats: {seats}").replace("teams: 4", f"teams: {seats}") \
        .replace("batches: [5]", f"batches: [{cards}]")
    return load_ruleset_text(text)


RULESETS_BY_SEATS = {}


@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(shape=st.sampled_from([(3, 5), (3, 6), (5, 4), (6, 3)]), seed=st.integers(0, 2**32 - 1))
def test_three_to_six_players_each_alone_play_to_the_end_each_scoring_their_own(shape, seed):
    seats, cards = shape
    if shape not in RULESETS_BY_SEATS:  # (compiled once a shape)
        RULESETS_BY_SEATS[shape] = sides_ruleset(seats, cards)
    r = RULESETS_BY_SEATS[shape]
    rng = random.Random(seed)
    game = GameState(r, seed=seed, dealer=seed % seats)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.score) == seats and len(game.results) == 3
    # each total is what its player scored deal by deal; an exact bid gives 10 + the bid, else nothing
    assert game.score == [sum(res.balls[s] for res in game.results) for s in range(seats)]
    for res in game.results:
        assert sum(res.seat_tricks) == cards
        bids = res.deal.seat_bids
        assert list(res.balls) == [10 + bids[s] if res.seat_tricks[s] == bids[s] else 0 for s in range(seats)]
    best = max(game.score)
    leaders = tuple(s for s in range(seats) if game.score[s] == best)
    assert (game.winner,) == leaders if len(leaders) == 1 else game.tied == leaders


def problems_of(text: str) -> list[str]:
    with pytest.raises(RulesetError) as err:
        load_ruleset_text(text)
    return [f"{p.location.line}:{p.location.column}: {p.message}" for p in err.value.problems]


@pytest.mark.parametrize("formula, name", [
    ("each_player: 10 - other.tricks", "other"), ("each_player: counting.tricks", "counting"),
    ("each_team: team.tricks + other.tricks", "other")])
def test_the_other_side_is_refused_with_a_caret_when_there_are_more_than_two(formula, name):
    text = Path(SIDES).read_text().replace(
        "  each_player: if seat.tricks == seat.bid then 10 + seat.bid else 0", f"  {formula}")
    line = text.splitlines().index(f"  {formula}") + 1
    column = 2 + formula.index(name) + 1  # the name's first character, counted from 1
    said = problems_of(text)
    assert len(said) == 1 and said[0].startswith(f"{line}:{column}: scoring.")
    assert f"'{name}' names the one opposing side" in said[0]
    assert "this game has 4 sides, every player for themselves" in said[0]
    caret = said[0].splitlines()[-1]
    assert caret.strip() == "^" and said[0].splitlines()[-2][len(caret) - 1:].startswith(name)


def test_two_teams_of_partners_still_name_the_other_team():
    text = Path(SIDES).read_text().replace("teams: 4", "teams: 2").replace(
        "each_player: if seat.tricks == seat.bid then 10 + seat.bid else 0", "each_team: team.tricks + other.tricks")
    r = load_ruleset_text(text)
    assert r.teams == 2 and r.each_team is not None and not r.sides_of_one


def test_teams_that_do_not_split_the_seats_are_refused_where_written():
    said = problems_of(Path(SIDES).read_text().replace("teams: 4", "teams: 3"))
    assert said == ["19:10: 4 seats cannot form 3 equal teams"]


def test_three_teams_of_two_are_refused_where_written():
    text = Path(SIDES).read_text().replace("seats: 4", "seats: 6").replace("teams: 4", "teams: 3") \
        .replace("batches: [5]", "batches: [3]")
    said = problems_of(text)
    assert said == ["19:10: players.teams: 3 teams of 2 players are not played; give 2 (two teams of partners) "
                    "or 6 (every player a side of one)"]


def test_scores_for_the_opponents_need_two_sides():
    text = Path(SIDES).read_text().replace(
        "  each_player: if seat.tricks == seat.bid then 10 + seat.bid else 0",
        "  outcomes:\n    - when: true\n      winner: counting\n      balls: 1")
    said = problems_of(text)
    assert any("scoring.outcomes[0].winner: 'counting' is the trump makers' opponents; this game has 4 sides"
               in p for p in said)


GOLDEN = ROOT / "tests" / "transcripts" / "sides" / "sides_of_one_three_deals.yaml"


def test_the_golden_game_replays_with_one_score_a_player():
    # the three deals of the first test, as a transcript (its comments work the totals by hand)
    report = replay_file(GOLDEN)
    deals = report.to_json()["deals"]
    assert [d["balls"] for d in deals] == [[0, 10, 10, 10], [10, 15, 0, 10], [11, 11, 11, 0]]
    assert report.game.score == [21, 36, 21, 20] and report.game.winner == 1


def test_the_replay_in_words_says_each_player_scores():
    from thunee_dsl.cli.replay_text import replay_text
    text = replay_text(replay_file(GOLDEN))
    assert "  Seat 2 scores 15 points.\n" in text and "team" not in text.lower() and "partner" not in text.lower()
    assert text.rstrip().endswith("Score 21-36-21-20; Seat 2 wins the game.")


def test_a_team_value_of_each_side_is_explained_without_a_counting_side():
    # a side's team value read by each player's formula: 'taken' is its tricks. Deal 1 of the golden game: the
    # dealer (seat 0) names trumps and takes 5 tricks; seats 1-3 take none
    text = Path(SIDES).read_text().replace(
        "  each_player: if seat.tricks == seat.bid then 10 + seat.bid else 0",
        "  team_values:\n    taken:\n      formula: team.tricks\n  each_player: if team.taken == seat.bid then 10 + seat.bid else 0")
    game = GameState(load_ruleset_text(text), dealer=0, auto_deal=False)
    deal(game, ONE_SUIT_EACH, "0 trump S, 1 bid 0, 2 bid 0, 3 bid 0, 0 bid 4, " + plays(
        "1 AH 2 AD 3 AC 0 TS", "0 AS 1 KH 2 KD 3 KC", "0 KS 1 QH 2 QD 3 QC", "0 QS 1 JH 2 JD 3 JC",
        "0 JS 1 TH 2 TD 3 TC"))
    result = game.results[0]
    assert result.balls == (0, 10, 10, 10)
    assert result.explanation[:4] == ("makers seat 0 taken: team.tricks [5] = 5", "seat 1 taken: team.tricks [0] = 0",
                                      "seat 2 taken: team.tricks [0] = 0", "seat 3 taken: team.tricks [0] = 0")


@pytest.mark.parametrize("score, says", [
    ("[0, 0]", "7:8: score must be a list of 4 whole numbers of points (one a player)"),
    ("[0, 0, 0, 0, 0]", "7:8: score must be a list of 4 whole numbers of points (one a player)"),
])
def test_a_transcript_gives_one_score_a_player_or_is_refused_where_it_says_so(tmp_path, score, says):
    from thunee_dsl.errors import TranscriptError
    text = GOLDEN.read_text().replace("score: [0, 0, 0, 0]", f"score: {score}").replace(
        "../../game/rulesets/sides-of-one.yaml", SIDES)
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises((RulesetError, TranscriptError)) as err:
        replay_file(path)
    assert says in str(err.value)


def test_a_game_started_with_a_score_a_player():
    game = GameState(load_ruleset(SIDES), dealer=0, score=[5, 0, 7, 0], auto_deal=False)
    assert game.score == [5, 0, 7, 0]
    with pytest.raises(ValueError, match=r"score: expected 4 whole numbers of points \(one per player\), got \[1, 2\]"):
        GameState(load_ruleset(SIDES), score=[1, 2])


def test_standard_with_every_player_alone_is_refused_at_each_rule_that_needs_two_sides(tmp_path):
    # undertakings and claims (their failure scores for the opponents), the counting team's outcome, and every
    # formula naming the other side: each refused where standard.yaml writes it
    path = tmp_path / "alone.yaml"
    path.write_text("extends: standard\nname: alone\nplayers: {teams: 4}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    said = {(Path(p.location.file).name, p.message.split(":")[0]) for p in err.value.problems}
    assert {("standard.yaml", "undertakings.thunee"), ("standard.yaml", "claims.double"),
            ("standard.yaml", "scoring.team_values.count.formula"), ("standard.yaml", "scoring.outcomes[0].winner"),
            ("standard.yaml", "dealer.passes_if"), ("standard.yaml", "cancellation.cancel_if")} <= said
    other = next(p for p in err.value.problems if "'other.declared'" in p.message)
    assert other.message.splitlines()[-1].strip() == "^" and other.location.column > 1
