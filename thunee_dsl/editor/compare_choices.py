"""What the Compare page offers before anything is simulated: the two rulesets a newcomer starts with, and the
answer the rules' diff already gives when the two play the same rules (no games needed for that).

Plain functions of the session's values (a mapping), so they are tested without a browser.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, MutableMapping

from thunee_dsl.editor.session import editor_was_used  # noqa: F401 (the page and tests read it here too)

STANDARD = "shipped:standard"
# A shipped variant whose difference a card player reads at once (balls to win: 12 -> 13), and which shows in
# a default run (the games get longer); the first other valid ruleset when it is missing.
VARIANT = "shipped:thirteen-point"
PICKED = "cmp_b_picked"  # session key: the person chose Rules B (here, or a run found again chose it)
ARROW_WORDS = re.compile("\u2192|->")  # a rule's change: "8 balls \u2192 6 balls"


def default_rules(valid_refs: Iterable[str], editor_ref: str, editor_used: bool) -> tuple[str, str]:
    """Rules A and B for a page the person has not set: standard against ``editor_ref`` (the editor's text)
    once they worked on it, else against a shipped variant that differs."""
    refs = list(valid_refs)
    a = STANDARD if STANDARD in refs else refs[0]
    if editor_used and editor_ref in refs:
        return a, editor_ref
    if VARIANT in refs and VARIANT != a:
        return a, VARIANT
    others = [r for r in refs if r not in (a, editor_ref)]
    return a, (others or refs)[0]


def follow_default_b(ss: MutableMapping, default_b: str) -> None:
    """Until the person picks Rules B, B follows the default (the Editor's text once they use it). The page
    keeps its widgets' values in ``kept_<key>``; a value kept from a run found again counts as picked."""
    if ss.get(PICKED):
        return
    if "kept_cmp_b" in ss and ss["kept_cmp_b"] != ss.get("cmp_b_offered"):  # not what this page offered
        ss[PICKED] = True
        return
    ss["kept_cmp_b"] = ss["cmp_b_offered"] = default_b
    ss.pop("cmp_b", None)  # (a widget's value left over from a visit before: the default wins)


# -- a run found again after a reload ------------------------------------------------------------------

COMPARED = "compared:"  # a ref: the text a run compared, kept with it (compared:a, compared:b)
KEPT_TEXTS = "cmp_compared"  # session key: ref -> (text, the name it had) of the texts kept with runs found again


def texts_to_keep(refs: dict[str, str], editor_ref: str, editor_text: str, kept: MutableMapping | None = None) \
        -> dict[str, str]:
    """What a run keeps of the rulesets it compares, to be found as it was after a reload: the text of a side
    that is the editor's text (``refs``: side -> ref, "a" and "b"), or the text kept with a run found again.
    A saved or shipped ruleset is found again by its name."""
    out = {}
    for side, ref in refs.items():
        if ref == editor_ref:
            out[side] = editor_text
        elif ref.startswith(COMPARED) and kept is not None and ref in kept.get(KEPT_TEXTS, {}):
            out[side] = kept[KEPT_TEXTS][ref][0]
    return out


def found_again(ss: MutableMapping, about: dict, editor_ref: str, editor_text: str) -> None:
    """A reload found this session's run again (``about``: what the run was started with): its settings become
    the page's, and Rules A and B stay the rulesets it compared. A side that was the editor's text keeps the
    text compared when this session's editor holds another (the new session's template after a reload): it
    is offered as ``compared:<side>`` beside the others."""
    texts = about.get("texts") or {}
    names = about.get("names") or ("", "")
    for key, said in (("cmp_a", "a"), ("cmp_b", "b"), ("cmp_games", "games"), ("cmp_bots", "bots"),
                      ("cmp_seed", "seed"), ("cmp_jobs", "jobs"), ("cmp_mistakes", "mistakes")):
        if said not in about:
            continue
        value = about[said]
        if said in texts and texts[said] != editor_text:
            value = COMPARED + said
            ss.setdefault(KEPT_TEXTS, {})[value] = (texts[said], names["ab".index(said)])
        ss.setdefault(f"kept_{key}", value)


def kept_choices(ss: MutableMapping) -> dict[str, str]:
    """ref -> label of the texts kept with a run found again, for the Rules A and B boxes."""
    return {ref: f"{name} (the text you compared)" for ref, (_, name) in ss.get(KEPT_TEXTS, {}).items()}


def kept_text(ss: MutableMapping, ref: str) -> str | None:
    """The text kept for a ``compared:`` ref (None: not one)."""
    kept = ss.get(KEPT_TEXTS, {}).get(ref)
    return kept[0] if kept else None


def bold_head(sentence: str) -> str:
    """A verdict's sentence in markdown, the change it is about (before its first ": ") in bold: "**Playing to 13
    balls instead of 12**: games are ...". A sentence without one is left as it is."""
    head, colon, rest = sentence.partition(": ")
    if not colon:
        return sentence
    # (a colon inside the change, "Thunee partner catch: 8 balls -> 6 balls", belongs to it)
    if ARROW_WORDS.search(rest.split(": ", 1)[0]) and ": " in rest:
        more, _, rest = rest.partition(": ")
        head = f"{head}: {more}"
    return f"**{head}**: {rest}"


def picked_b(ss: MutableMapping) -> None:
    """The Rules B box's on_change: the person's choice stays from now on."""
    ss[PICKED] = True


def same_rules_note(name_a: str, name_b: str, rule_changes, same_choice: bool) -> str | None:
    """When A and B play the same rules, the answer in words at once (every deal comes out the same under
    both: games would only show zeros); None when the rules differ."""
    if rule_changes:
        return None
    if same_choice:
        said = f"**Rules A and B are both {name_a}**"
    elif name_a == name_b:
        said = f"**Both are {name_a}, with the same rules**"
    else:
        said = f"**{name_b} plays the same rules as {name_a}**"
    return (f"{said}: every deal comes out the same under both, so there is nothing to simulate. Choose a "
            "variant under Rules B to see what it changes.")


# -- a phone's width (390 px) --------------------------------------------------------------------------

NARROW = 640  # px: where Streamlit itself stacks columns
# The page's tables twice: the wide grid (sorting, copying) from NARROW up, below it a table whose cells wrap, so
# every column is on the screen (the grid, drawn on a canvas, cut the columns off with no scroll bar showing).
# Each table's pair sits in containers keyed "<name>_wide" and "<name>_narrow".
TABLES = ("cmp_glance", "cmp_reach", "cmp_every")
NARROW_SCREEN_STYLE = "<style>\n" + "\n".join(
    f"@media (max-width: {NARROW}px) {{ .st-key-{name}_wide {{ display: none !important; }} }}\n"
    f"@media (min-width: {NARROW + 1}px) {{ .st-key-{name}_narrow {{ display: none !important; }} }}\n"
    f".st-key-{name}_narrow table {{ font-size: 0.85rem; }}" for name in TABLES) + "\n</style>"


# A run's progress bar jumps to its new length instead of sliding there: the slide was drawn frame by frame
# (chromium's CPU, taken from the games on the same cores; benchmarks/bench_simulation.py --page --timeline).
STILL_PROGRESS_STYLE = """<style>
[data-testid="stProgress"], [data-testid="stProgress"] * { transition: none !important; animation: none !important; }
</style>"""


# A chart's legend (altair.Legend's settings): above the chart, one entry a line; side by side, the entries ran
# off a phone's screen (a legend starts where the plot does, right of the labels).
LEGEND = {"orient": "top", "direction": "vertical"}
