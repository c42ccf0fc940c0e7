"""The game's end: how a deal's score counts towards the game, when the game is won (or tied), and who deals
next. The one home of ``game:`` (the target, two to clear, a raised target, a game of a number of deals, stones)
and ``dealer:`` in play.

A deal's score is *added* to each side's total, or with stones (``game.transfer``) *moved*: the winners take
it from the losers, who give what they have. The game ends when a side reaches the target (alone at the top),
when a side with stones has none left, or after the last deal of a game of ``game.deals`` deals: then the
highest total wins, and sides level at the top have tied (``GameState.tied``).

This module owns the game's part of a :class:`~thunee_dsl.game.state.GameState` that these rules change
(``GAME_STATE``): it makes it for a new game (:func:`begin`) and is the only one that writes it once play
has begun (:func:`deal_scored`, after each deal).
"""

from __future__ import annotations

from operator import add

from thunee_dsl.model.quantities import Env

# The game's state this module owns (on the GameState): what each attribute holds
GAME_STATE = {
    "score": "each side's total (balls, points, stones), after any deuce reset",
    "winner": "the side that won the game, or None (a tie, or not over)",
    "tied": "the sides level at the top after the last deal of a game of a number of deals (else empty)",
    "deals_played": "deals scored so far, those thrown in apart (a game of game.deals deals ends at that many)",
    "after_deuce": "two to clear: the scores went back to zero at the deuce",
    "raised": "a call that raises the target has been made in this game",
    "dealer": "the seat that deals next",
    "dealer_contenders": "the seats between whom the last dealer was drawn",
    "games": "games each side has won in the rubber (game.rubber)",
    "game_points": "each side's game points in the rubber: the values of the games it won",
    "rubber_points": "each side's points for the rubber once it is over (its winners' game points and bonus, less "
                     "the losers' when they are deducted), else None",
    "game_won": "the game the last deal won within a rubber: (side, value, says, row of game_value or -1, final "
                "score), else None",
}


def begin(game, score) -> None:
    """The game's part of a new game: each side's total (``score``, or what each side starts with: the
    ruleset's ``game.start``), no winner yet, no deal played."""
    r = game.ruleset
    game.initial_score = tuple(score) if score is not None else (r.game.start,) * r.teams
    game.score = list(game.initial_score)
    game.winner = None  # (GameState.winner's setter: is_over kept equal to a winner's being known)
    game.tied = ()
    game.deals_played = 0
    game.after_deuce = False
    game.raised = False
    game.dealer_contenders = ()
    game.games = [0] * r.teams
    game.game_points = [0] * r.teams
    game.rubber_points = None
    game.game_won = None


def resume(game, deals_played: int = 0, games=None, game_points=None) -> None:
    """A game taken up where it stands (a transcript that starts later): ``deals_played`` deals of a game of a
    number of deals already scored; in a rubber, the games each side has won and their game points."""
    game.deals_played = deals_played
    if games is not None:
        game.games = list(games)
    if game_points is not None:
        game.game_points = list(game_points)


def deal_scored(game, result, deal) -> None:
    """A deal's ``result`` counted towards the game: its score added (or moved), the game's end decided,
    and the next dealer chosen (``deal``: the deal just scored)."""
    g = game.ruleset.game
    if g.transfer:
        _move(game.score, result.balls)
    else:
        game.score[:] = map(add, game.score, result.balls)
    if not result.cancelled:
        game.deals_played += 1
    game.game_won = None
    _decide(game, result, deal)
    _rotate_dealer(game, result, deal)


def _move(score: list, balls) -> None:
    """Stones: what a deal gives one side beyond the other moves to it from the other, as far as the other
    has stones (two sides: the compile step refuses stones between more)."""
    net = balls[0] - balls[1]
    giver, taker = (1, 0) if net > 0 else (0, 1)
    moved = min(abs(net), score[giver])
    score[giver] -= moved
    score[taker] += moved


def _decide(game, result, deal) -> None:
    g = game.ruleset.game
    if g.raised_after and (result.claim in g.raised_after or result.undertaking in g.raised_after):
        game.raised = True
    score = game.score
    best = max(score)
    if g.transfer and 0 in score:  # a side with no stones left has lost
        game.winner = score.index(best)
        return
    target = game.target
    if target is not None:
        if game.after_deuce:
            # two to clear: the first team to lead by win_by wins
            if best - sorted(score)[-2] >= g.win_by:
                _won(game, score.index(best), deal)
            return
        if g.deuce is not None and all(s == g.deuce for s in score):
            game.score = [0] * len(score)  # both close their ball cards and start again
            game.after_deuce = True
            return
        if best >= target and score.count(best) == 1:
            _won(game, score.index(best), deal)
            return
    if g.deals is not None and game.deals_played >= g.deals:
        # the last deal of the game: the highest total wins; sides level at the top have tied
        leaders = tuple(t for t, s in enumerate(score) if s == best)
        if len(leaders) == 1:
            game.winner = leaders[0]
        else:
            game.tied = leaders
            game.is_over = True


def _won(game, side: int, deal) -> None:
    """``side`` has reached the target: it wins the game, or in a rubber the game is counted (its value in game
    points) and the next begins from the start, until a side has won most of the rubber's games."""
    g = game.ruleset.game
    if not g.keeps_excess:  # points beyond the target are not kept
        game.score[side] = min(game.score[side], game.target)
    rubber = g.rubber
    if rubber is None:
        game.winner = side
        return
    env = Env(deal, tuple(game.score)).bind_team(side, game.ruleset.teams)
    row = next((i for i, v in enumerate(g.game_value) if v.when.evaluate(env)), -1)
    value, says = (g.game_value[row].value, g.game_value[row].says) if row >= 0 else (1, "")
    # new lists, not changed in place: a clone of the game (GameState.clone, a bot's search) shares them
    game.games = [n + (t == side) for t, n in enumerate(game.games)]
    game.game_points = [n + value * (t == side) for t, n in enumerate(game.game_points)]
    game.game_won = (side, value, says, row, tuple(game.score))
    if game.games[side] * 2 > rubber.best_of:
        losers = sum(p for t, p in enumerate(game.game_points) if t != side)
        won = game.game_points[side] + rubber.bonus - (losers if rubber.losers_games_deducted else 0)
        game.rubber_points = tuple(won if t == side else 0 for t in range(len(game.score)))
        game.winner = side
        return
    # the next game of the rubber: the scores start again
    game.score = [g.start] * len(game.score)
    game.after_deuce = False
    game.raised = False


def _rotate_dealer(game, result, deal) -> None:
    r = game.ruleset
    if result.cancelled:
        if not deal.redealt and not r.cancellation.same_dealer or _nobody_made_trumps_and_the_deal_passes(deal):
            game.dealer = r.dealer.passes_to.resolve(r.seats, dealer=game.dealer)
        return
    if r.dealer.most_tricks:
        game.dealer = _most_tricks_dealer(game, deal)
        return
    dealers = game.dealer % r.teams
    env = Env(deal, tuple(game.score), dealers=dealers, others=r.other_side(dealers))
    env.deal_balls = result.balls
    if r.dealer.passes_if.evaluate(env):
        game.dealer = r.dealer.passes_to.resolve(r.seats, dealer=game.dealer)


def _nobody_made_trumps_and_the_deal_passes(deal) -> bool:
    """Every round of making trumps passed, thrown in by nobody, where the turn to deal then passes on
    (trumps.all_pass: throw in, next dealer)."""
    trumps = deal.r.trumps
    return deal.redealt and deal.redealer is None and trumps is not None and trumps.all_pass == "throw in, next dealer"


def _most_tricks_dealer(game, deal) -> int:
    """The player who won most tricks deals; between opponents the team with the higher score;
    otherwise the contenders draw (the game's random source; a transcript names the winner)."""
    teams = game.ruleset.teams
    tricks = deal.seat_tricks
    best = max(tricks)
    contenders = [s for s, n in enumerate(tricks) if n == best]
    sides = {s % teams for s in contenders}
    if len(sides) > 1:
        top = max(game.score[t] for t in sides)
        leaders = [t for t in sides if game.score[t] == top]
        if len(leaders) == 1:
            contenders = [s for s in contenders if s % teams == leaders[0]]
    game.dealer_contenders = tuple(contenders)
    return contenders[0] if len(contenders) == 1 else game.rng.choice(contenders)


def how_it_ended(game) -> str:
    """The game's end in words, for a report: who won (and how), a tie, or that it is not over.

    >>> from thunee_dsl import load_ruleset
    >>> from thunee_dsl.game.state import GameState
    >>> how_it_ended(GameState(load_ruleset("standard"), seed=1))
    'the game is not over'
    """
    side = "seat" if game.ruleset.sides_of_one else "team"  # (a side of one's number is its seat's)
    if game.winner is not None and game.rubber_points is not None:
        return (f"{side} {game.winner} wins the rubber, {'-'.join(map(str, game.games))} in games, "
                f"{'-'.join(map(str, game.rubber_points))} in points")
    if game.winner is not None:
        return f"{side} {game.winner} wins the game"
    if len(game.tied) > 2:
        return f"a tie between {side}s {', '.join(map(str, game.tied[:-1]))} and {game.tied[-1]}"
    if game.tied:
        return f"a tie between {side}s " + " and ".join(map(str, game.tied))
    return "the game is not over"
