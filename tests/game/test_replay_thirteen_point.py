"""The 13-point game: the same deals as the standard golden transcripts, a different game result."""

from pathlib import Path

from thunee_dsl.game.transcript import replay_text

STANDARD = Path(__file__).resolve().parents[1] / "transcripts" / "standard"


def replay_as(name: str, ruleset: str):
    text = (STANDARD / name).read_text().replace("ruleset: standard", f"ruleset: {ruleset}")
    return replay_text(text, name).to_json()


def test_eleven_plus_a_ball_wins_at_twelve_but_not_at_thirteen():
    # corner_house_game_won.yaml starts at 11-10 and team 0 wins the deal: 12 balls win the standard
    # game, but the 13-point game goes on
    standard = replay_as("corner_house_game_won.yaml", "standard")
    thirteen = replay_as("corner_house_game_won.yaml", "thirteen-point")
    assert standard["score"] == thirteen["score"] and standard["score"][0] == 12
    assert standard["winner"] == 0
    assert thirteen["winner"] is None


def test_double_on_eleven_is_no_offence_when_corner_house_is_twelve():
    # penalty_double_on_corner_house.yaml: team 0 on 11 calls Double: standard penalises it (4 balls to
    # the opponents); with 13 to win, 11 is not corner house and the Double is scored as a Double:
    # team 0 wins all six tricks and seat 0 the last (36 points, TC) -> 2 balls, 11 + 2 = 13: game won
    standard = replay_as("penalty_double_on_corner_house.yaml", "standard")
    thirteen = replay_as("penalty_double_on_corner_house.yaml", "thirteen-point")
    assert standard["deals"][0].get("offence") == "forbidden claim" and standard["deals"][0]["balls"] == [0, 4]
    assert standard["score"] == [11, 9] and standard["winner"] is None
    deal = thirteen["deals"][0]
    assert deal.get("offence") is None and deal["claim"] == "double" and deal["balls"] == [2, 0]
    assert thirteen["score"] == [13, 5] and thirteen["winner"] == 0


def test_golden_twelve_is_corner_house():
    path = Path(__file__).resolve().parents[1] / "transcripts" / "thirteen-point" / "twelve_is_corner_house.yaml"
    report = replay_text(path.read_text(), path.name).to_json()
    assert report["deals"][0]["balls"] == [1, 0] and report["score"] == [12, 10] and report["winner"] is None
