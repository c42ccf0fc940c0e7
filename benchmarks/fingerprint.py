#!/usr/bin/env python3
"""Behaviour fingerprint: seeded random games over every shipped ruleset and examples/house/*.yaml.

    python benchmarks/fingerprint.py [GAMES]      (default 100 games a ruleset; about 5 s)

For each ruleset, GAMES games with fixed seeds and three policies (uniformly random over
legal_actions(); rarely speaking in announcement windows; random with now and then a card of some
seat's hand tried as an offence). Every legal-action list and seat to act, every action, every deal's
record, result (fields and explanation) and score, the final score and the transcript are hashed.
Prints one hash per ruleset and a total: a change to the engine that is meant to keep behaviour
(a speed-up) must leave every line the same.
"""
import glob
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from thunee_dsl import load_ruleset  # noqa: E402
from thunee_dsl.game import GameState  # noqa: E402
from thunee_dsl.game.actions import Action  # noqa: E402
from thunee_dsl.game.play import Play  # noqa: E402
from thunee_dsl.loading import registry  # noqa: E402

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 100
names = sorted(registry.shipped_rulesets()) + sorted(glob.glob(str(ROOT / "examples" / "house" / "*.yaml")))
total = hashlib.sha256()
for name in names:
    r = load_ruleset(name)
    h = hashlib.sha256()
    for g in range(GAMES):
        policy = g % 3
        rng = random.Random(1000 + g)
        game = GameState(r, seed=g, dealer=g % r.seats)
        n = 0
        while not game.is_over and n < 3000:
            legal = game.legal_actions()
            h.update(("|".join(map(str, legal)) + f"@{game.to_act}").encode())
            if policy == 2 and rng.random() < 0.01 and game.deal is not None and isinstance(game.deal.pending, Play):
                # try an offence: a card of some seat's hand
                seat = rng.randrange(r.seats)
                hand = [c for c in range(r.deck.size) if (game.deal.hands[seat] >> c) & 1]
                if hand:
                    a = Action(seat, "play", r.deck.names[rng.choice(hand)])
                    off = game.offence_of(a)
                    h.update(f"off {a} {off}".encode())
                    if off is not None:
                        game.apply(a); n += 1; continue
            if policy == 1 and legal[-1].verb == "pass":
                a = legal[-1] if rng.random() < 0.9 else rng.choice(legal)
            else:
                a = rng.choice(legal)
            rec = game.apply(a)
            h.update(str(rec).encode())
            n += 1
        for d in game.deals:
            h.update(repr((d.dealer, d.hands, [str(a) for a in d.actions], sorted(d.silent), d.score_after, d.cut, d.deuce)).encode())
            if d.result is not None:
                h.update(json.dumps(d.result.to_json(), sort_keys=True).encode())
                h.update(repr(d.result.applied).encode()); h.update(repr(d.result).encode())
        h.update(repr((game.score, game.winner, game.dealer, game.after_deuce, game.raised)).encode())
        h.update(json.dumps(game.to_transcript(), sort_keys=True).encode())
    total.update(h.digest())
    print(name.split("/")[-1], h.hexdigest()[:16], flush=True)
print("TOTAL", total.hexdigest())
