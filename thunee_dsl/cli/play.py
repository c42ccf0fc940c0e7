"""``thunee-dsl play``: a game in the terminal against bots, seeing only your seat's view."""

from __future__ import annotations

import sys

from thunee_dsl.game import Action, GameState, SeatView
from thunee_dsl.players import RandomBot


def describe(view: SeatView) -> str:
    lines = [f"-- deal {view.deal_number}, dealer seat {view.dealer}; score "
             + ", ".join(f"team {t}: {b}" for t, b in enumerate(view.score))
             + f"; you are seat {view.seat} (team {view.seat % view.teams})"]
    trump = view.trump or "??"
    if view.undertaking:
        lines.append(f"   {view.undertaking} by seat {view.undertaker}; trumps: {trump}")
    elif view.trump_maker is not None:
        lines.append(f"   trumps: {trump} (made by seat {view.trump_maker})"
                     + (f"; call {view.call}" if view.call else ""))
    for d in view.declarations:
        lines.append(f"   seat {d.seat}: {d.verb} {d.value}" + (f" in {d.suit}" if d.suit else ""))
    if view.tricks:
        last = view.tricks[-1]
        lines.append(f"   last trick: {' '.join(f'{s}:{c}' for s, c in last.cards)} -> seat {last.winner}")
    if view.trick:
        lines.append(f"   this trick: {' '.join(f'{s}:{c}' for s, c in view.trick)}")
    lines.append(f"   card points so far: " + ", ".join(f"team {t}: {p}" for t, p in enumerate(view.team_cards)))
    lines.append(f"   your hand: {' '.join(view.hand) or '(empty)'}")
    return "\n".join(lines)


def ask(view: SeatView, read=input, write=print) -> Action | None:
    write(describe(view))
    options = "  ".join(f"{i}) {a.verb}{'' if a.arg is None else ' ' + str(a.arg)}" for i, a in enumerate(view.legal, 1))
    while True:
        write(f"   choose: {options}")
        try:
            answer = read("> ").strip()
        except EOFError:
            return None
        if answer.lower() in ("q", "quit", "exit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(view.legal):
            return view.legal[int(answer) - 1]
        for action in view.legal:
            if answer.lower() in (f"{action.verb} {action.arg}".lower(), str(action.verb).lower()):
                return action
        write(f"   '{answer}' is not one of the choices")


def play(ruleset, seat: int, seed: int | None, read=input, write=print) -> int:
    game = GameState(ruleset, seed=seed)
    bots = {s: RandomBot(seed=None if seed is None else seed + s, speak=0.1) for s in range(ruleset.seats) if s != seat}
    shown = 0
    while not game.is_over:
        to_act = game.to_act
        if to_act == seat:
            action = ask(game.view(seat), read, write)
            if action is None:
                write("bye")
                return 0
        else:
            action = bots[to_act].choose(game.view(to_act))
            if action.verb != "pass":
                write(f"   seat {to_act}: {action.verb}{'' if action.arg is None or action.verb == 'trump' and to_act != seat else ' ' + str(action.arg)}")
        game.apply(action)
        for result in game.results[shown:]:
            write(f"== deal over: balls " + ", ".join(f"team {t} +{b}" for t, b in enumerate(result.balls)))
            for line in result.explanation:
                write(f"   {line}")
        shown = len(game.results)
    write(f"== team {game.winner} wins the game, {'-'.join(map(str, game.score))}")
    return 0


def main_play(args) -> int:
    from thunee_dsl import load_ruleset
    ruleset = load_ruleset(args.ruleset)
    if not 0 <= args.seat < ruleset.seats:
        print(f"error: --seat must be 0 to {ruleset.seats - 1}", file=sys.stderr)
        return 2
    return play(ruleset, args.seat, args.seed)
