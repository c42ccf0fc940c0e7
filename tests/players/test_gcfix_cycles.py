"""A typical game leaves (almost) nothing for the cyclic garbage collector.

Every sampled deal a typical bot replays is a whole GameState; caught in a reference cycle, each one waits
for a collection (with the compiled build, an inner function of ``worlds._replay_from`` that called another
one put both in one closure object holding itself and the game: ~11,000 cyclic objects a game, the
collector's passes ~4% of a worker's CPU). Two guards: the garbage of a few whole games counted, under
whichever build is loaded; and, since the pure modules make no such cycle, the shape that made it looked
for in the bots' source.
"""

from __future__ import annotations

import contextlib
import gc
import pathlib
import types

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.simulation.play import play_game

#: The cyclic objects a typical game of `standard` may leave: before the fix, ~11,000 a game (compiled).
MOST_A_GAME = 100
GAMES = 3


@contextlib.contextmanager
def quiet_collector():
    """The automatic collector off while the games run (it would free the cycles before they are counted)."""
    was_on = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def test_typical_games_of_standard_leave_almost_no_cyclic_garbage():
    ruleset = load_ruleset("standard")
    play_game(ruleset, 0, 1000, ["typical"] * 4)  # (what the first game fills once: the caches, the tables)
    with quiet_collector():
        cyclic, deals = _games(ruleset)
    assert deals >= GAMES  # whole games were played (each at least a deal)
    assert cyclic <= MOST_A_GAME * GAMES, f"{cyclic} objects in reference cycles after {GAMES} typical games"


def _games(ruleset) -> tuple[int, int]:
    """The objects in reference cycles that GAMES typical games leave, and the deals they played."""
    deals = 0
    for i in range(1, GAMES + 1):
        record = play_game(ruleset, i, 1000 + i, ["typical"] * 4)
        deals += len(record.deals)
    return gc.collect(), deals


def test_the_collector_counts_a_cycle_here():
    """The counting above sees a cycle when there is one (so a pass is not for want of looking)."""
    class Node:
        pass

    with quiet_collector():
        a, b = Node(), Node()
        a.other, b.other = b, a
        del a, b
        assert gc.collect() >= 2


def _code_objects(code: types.CodeType):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_objects(const)


def inner_functions_closed_over(source: str, filename: str) -> list[str]:
    """The functions whose inner function is a variable another inner function closes over: compiled by
    Cython, the function's inner functions share one closure object, which then refers to itself."""
    found = []
    for code in _code_objects(compile(source, filename, "exec")):
        inner = {const.co_name for const in code.co_consts if isinstance(const, types.CodeType)}
        for name in sorted(inner & set(code.co_cellvars)):
            found.append(f"{filename}: {code.co_name} keeps {name} in its closure")
    return found


def test_the_shape_is_found():
    source = (
        "def replay(game, prefix):\n"
        "    def do(action):\n"
        "        game.apply(action)\n"
        "    def passing(action):\n"
        "        do(action)\n"
        "    return passing\n"
    )
    assert inner_functions_closed_over(source, "x.py") == ["x.py: replay keeps do in its closure"]
    assert inner_functions_closed_over(source.replace("        do(action)", "        game.apply(action)"),
                                       "x.py") == []


HOT = sorted((pathlib.Path(__file__).parents[2] / "thunee_dsl").glob("players/*.py")) + [
    pathlib.Path(__file__).parents[2] / "thunee_dsl" / "simulation" / "play.py"]


@pytest.mark.parametrize("path", HOT, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_inner_function_kept_in_a_closure_in_a_games_modules(path):
    assert inner_functions_closed_over(path.read_text(encoding="utf-8"), path.name) == []
