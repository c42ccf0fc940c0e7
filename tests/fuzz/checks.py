"""What every fuzzed input must satisfy: a located error, or a ruleset that plays and replays."""

from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path

import yaml

from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.cli.main import main
from thunee_dsl.editor.checking import check_text
from thunee_dsl.errors import RulesetError, TranscriptError
from thunee_dsl.game import GameState
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted((REPO / "rulesets").glob("*.yaml"))
_EXAMPLES = sorted((REPO / "examples").glob("*.yaml")) + sorted((REPO / "examples" / "house").glob("*.yaml"))
OVERLAYS = [p for p in _EXAMPLES if not p.read_text(encoding="utf-8").count("\nruleset:")]
TRANSCRIPTS = sorted((REPO / "tests" / "transcripts").rglob("*.yaml")) + [p for p in _EXAMPLES if p not in OVERLAYS]

MAX_ACTIONS_PER_DEAL = 2_000
# a located line: file:line:column: message (the file may be a path with colons only on Windows)
LOCATED = re.compile(r"^.+:\d+:\d+: \S")


def cli(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(list(args))
    return code, err.getvalue()


def assert_located_ruleset_problems(path: Path, text: str, error: RulesetError) -> None:
    """Every problem has a line and column; the CLI says the same and exits 1; the editor too."""
    for problem in error.problems:
        assert problem.location.line > 0, f"problem without a line: {problem}\n--- text:\n{text}"
        assert "internal error" not in problem.message
    code, err = cli("validate", str(path))
    assert code == 1, f"validate exit {code}: {err}\n--- text:\n{text}"
    first_lines = [line for line in err.splitlines() if not line.startswith("    ")]
    assert first_lines and all(LOCATED.match(line) for line in first_lines), err
    check = check_text(text, filename=str(path), base_dir=path.parent)
    assert not check.ok
    # the editor holds the text itself: only text over the size cap is said of the whole text, without a line
    assert all((p.line > 0 or "too large" in p.message) and "internal error" not in p.message
               for p in check.problems), check.problems


def check_ruleset_file(path: Path, games: int, seed: int, max_deals: int = 12):
    """Validate ``path``: a located error, or a ruleset whose random games play and replay."""
    text = path.read_text(encoding="utf-8")
    try:
        ruleset = load_ruleset(str(path))
    except RulesetError as error:
        assert_located_ruleset_problems(path, text, error)
        return None
    check = check_text(text, filename=str(path), base_dir=path.parent)
    assert check.ok, f"the library accepts what the editor refuses: {check.problems}"
    assert render_rulebook(ruleset).startswith("#")  # `thunee-dsl rules` works on it
    diff_rulesets(shipped_ruleset("standard"), ruleset)  # and `thunee-dsl diff`
    for g in range(games):
        # every other game starts a ball short of the end (of the target, or a side with one stone left), so that
        # games are also played to their end
        score = None if g % 2 == 0 else short_of_the_end(ruleset)
        game = play_and_replay(ruleset, path, seed * 7 + g, max_deals, score)
        if game.is_over:
            assert game.legal_actions() == []
            assert_ended_by_its_rules(game)
    return ruleset


def short_of_the_end(ruleset) -> list[int] | None:
    """A score a deal or two short of the game's end: a ball below the target, one stone left to a side (None for
    a game of a number of deals alone)."""
    g = ruleset.game
    if g.transfer:
        return [1, 2 * g.start - 1]
    if g.target is None:
        return None
    return [g.target - 1] + [g.start] * (ruleset.teams - 1)


def assert_ended_by_its_rules(game: GameState) -> None:
    """The game is over as its ``game:`` says: a target reached alone at the top (or two to clear), a side with
    no stones left, or the last deal of a game of a number of deals played (the highest total wins; sides
    level at the top tie)."""
    g, score = game.ruleset.game, game.score
    if g.transfer:  # stones only change hands
        assert sum(score) == sum(game.initial_score) and min(score) >= 0, score
    top = max(score)
    leaders = [t for t, s in enumerate(score) if s == top]
    if game.tied:
        assert game.winner is None and g.deals is not None and game.deals_played >= g.deals
        assert list(game.tied) == leaders and len(leaders) > 1, (game.tied, score)
        return
    assert game.winner is not None and leaders == [game.winner], (game.winner, score)
    if g.rubber is not None:  # the winners of the rubber won most of its games
        assert game.games[game.winner] * 2 > g.rubber.best_of and sum(game.games) <= g.rubber.best_of, game.games
        assert game.rubber_points[game.winner] >= 0
    if g.transfer and 0 in score:
        return
    if g.deals is not None and game.deals_played >= g.deals:
        return
    assert g.target is not None
    assert top >= min(g.target, g.raised_target or g.target) or game.after_deuce


def play_and_replay(ruleset, path: Path, seed: int, max_deals: int, score=None) -> GameState:
    """A random game (at most ``max_deals`` deals): every deal ends, card points are conserved, and the
    game's transcript replays to the same balls."""
    game = GameState(ruleset, seed=seed, score=score)
    rng = random.Random(seed)
    deck = ruleset.deck
    while not game.is_over and len(game.deals) <= max_deals:
        deal = game.deal
        actions = 0
        while game.deal is deal and not game.is_over:
            legal = game.legal_actions()
            assert legal, "no legal action in a game that is not over"
            pass_ = legal[-1] if legal[-1].verb == "pass" else None
            game.apply(pass_ if pass_ is not None and rng.random() < 0.8 else rng.choice(legal))
            actions += 1
            assert actions < MAX_ACTIONS_PER_DEAL, "a deal that does not end"
            if deal is not None and deal.over:
                break
        if deal is not None and deal.over and len(deal.tricks) == deal.r.hand_size and deal.offence is None:
            won = [c for _, trick, _ in deal.tricks for _, c in trick]
            points = deck.points_for[deck.row(deal.trump)]  # (a trump may count otherwise: deck.trumps)
            assert sum(deal.team_cards) == sum(points[c] for c in won), "card points not conserved"
            dealt = 0
            for seat, mask in enumerate(deal.dealt):
                if seat != deal.sits_out:  # (a seat that sits out, its partner alone, plays none of its cards)
                    dealt |= mask
            assert sum(points[c] for c in won) == sum(points[c] for c in range(len(points)) if dealt >> c & 1)
    for record in game.deals:  # balls are only ever opened (a formula below 0 is refused when validated)
        assert record.result is None or min(record.result.balls) >= 0, f"negative balls: {record.result.balls}"
    transcript = game.to_transcript()
    finished = [d for d, rec in zip(transcript["deals"], game.deals) if rec.result is not None]
    if not finished:
        return game
    transcript["deals"] = finished
    transcript["ruleset"] = str(path)
    report = replay_text(yaml.safe_dump(transcript, sort_keys=False, allow_unicode=True), "t.yaml", path.parent)
    assert [list(r.balls) for r in report.deals] == [list(r.result.balls) for r in game.deals if r.result is not None]
    if game.is_over:
        assert (list(report.score), report.winner) == (list(game.score), game.winner)
    return game


def check_transcript_text(text: str, folder: Path) -> str:
    """A transcript: a correct replay, or a located error (RulesetError) / a one-line TranscriptError.
    Returns which: "replayed", "refused"."""
    try:
        report = replay_text(text, "t.yaml", folder)
    except RulesetError as error:
        for problem in error.problems:
            assert problem.location.file, problem
            assert "internal error" not in problem.message
        return "refused"
    except TranscriptError as error:
        assert "\n" not in str(error) and str(error).startswith("t.yaml"), str(error)
        return "refused"
    assert report.to_text() and report.to_json()["score"] == list(report.score)
    return "replayed"


# --- a ruleset written into, then mutated further (issue 25's families: the trump order, counted declarations) ---

OWN = sorted((REPO / "tests" / "game" / "rulesets").glob("*.yaml"))  # the test rulesets of tests/game/rulesets


def written(path: Path, data) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def check_written_in(tmp_path: Path, source: Path, seed: int, count: int, write) -> None:
    """``write(data, rng)`` into ``source``'s data, then ``count`` more mutations: refused with located
    problems, or it plays and replays (:func:`check_ruleset_file`)."""
    from mutate import mutant  # (a sibling module of the fuzz tests)
    from thunee_dsl.loading import load_yaml_file, ruleset_schema
    rng = random.Random(seed)
    data = load_yaml_file(source).data
    done = [write(data, rng)]
    data, more = mutant(data, rng, count, schema=ruleset_schema())
    try:
        check_ruleset_file(written(tmp_path / source.name, data), games=2, seed=seed, max_deals=3)
    except AssertionError as err:
        raise AssertionError(f"{source.name} after {done + more}: {err}") from None
