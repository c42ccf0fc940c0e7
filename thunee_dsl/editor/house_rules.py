"""House rules to add to a variant without typing YAML keys from memory.

The examples shipped with thunee-dsl (``examples/*.yaml``, ``examples/house/*.yaml``) are each one house rule
as a small ``extends:`` overlay, with a comment that says where it comes from. The Editor offers those that
build on the ruleset the user's text builds on, and :func:`add_rule` puts one into the user's text: a new
top-level key is added at the end as the example writes it (its comments too); a key the text already has
gets the rule merged into it (mappings merge, lists replace, ``null`` removes, as ``extends:`` does).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from yaml.nodes import MappingNode

from thunee_dsl.errors import RulesetError
from thunee_dsl.loading import load_yaml_text
from thunee_dsl.loading.registry import read_header
from thunee_dsl.loading.safe_yaml import RulesetLoader

#: the keys that say which ruleset a file is, not how it plays
HEADER = ("extends", "name", "title", "aliases")


@dataclass(frozen=True)
class HouseRule:
    name: str  # the example's ``name:``
    title: str  # the example's ``title:``, what the rule is in words
    base: str  # the ruleset it extends
    about: str  # its leading comment (where the rule comes from), as one paragraph
    body: str  # its rule lines, as written (everything but the header keys and the leading comment)
    data: dict  # the same lines as data


def examples_folder() -> Path | None:
    """The examples: beside the package in a wheel (``thunee_dsl/examples``), else in the source tree."""
    here = Path(__file__).resolve().parents[1]
    for folder in (here / "examples", here.parent / "examples"):
        if folder.is_dir():
            return folder
    return None


@lru_cache(maxsize=1)
def house_rules() -> tuple[HouseRule, ...]:
    """Every example that is one house rule on a ruleset, by title (an unreadable example is left out)."""
    folder = examples_folder()
    if folder is None:
        return ()
    found = []
    for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*/*.yaml")):
        try:
            rule = _read(path.read_text(encoding="utf-8"), path.name)
        except (OSError, UnicodeDecodeError, RulesetError):
            continue
        if rule is not None:
            found.append(rule)
    return tuple(sorted(found, key=lambda r: r.title.lower()))


def _read(text: str, filename: str) -> HouseRule | None:
    data = load_yaml_text(text, filename).data
    base, name, title = data.get("extends"), data.get("name"), data.get("title")
    rule = {k: v for k, v in data.items() if k not in HEADER}
    if not (isinstance(base, str) and isinstance(name, str) and isinstance(title, str) and rule):
        return None
    lines = text.splitlines()
    about = []
    for line in lines:
        if not line.startswith("#"):
            break
        about.append(line.lstrip("#").strip())
    spans = _top_spans(text)
    body = "\n".join("\n".join(lines[start:end]).rstrip() for key, (start, end) in spans.items() if key in rule)
    return HouseRule(name, " ".join(title.split()), base, " ".join(about), body + "\n", rule)


def _top_spans(text: str) -> dict[str, tuple[int, int]]:
    """Each top-level key's lines, 0-based ``[start, end)``: from its key to the next key (comments and
    blank lines just above the next key go with that one)."""
    node = yaml.compose(text, Loader=RulesetLoader)
    if not isinstance(node, MappingNode):
        return {}
    lines = text.splitlines()
    starts = [(k.value, k.start_mark.line) for k, _ in node.value]
    spans = {}
    for i, (key, start) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else len(lines)
        while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
            end -= 1
        spans[key] = (start, end)
    return spans


def names_of(files) -> set[str]:
    """The names and aliases of the ruleset files a text builds on (a merged source's ``files``)."""
    names = set()
    for f in files:
        header = read_header(f)
        names.update(n.lower() for n in (header.name, *header.aliases))
    return names


def offered(names) -> tuple[HouseRule, ...]:
    """The house rules that build on one of the rulesets ``names`` (a text's name and what it extends)."""
    names = {n.lower() for n in names}
    return tuple(rule for rule in house_rules() if rule.base.lower() in names)


def short_titles(rules) -> dict[str, str]:
    """Each rule's title without the words all of them begin with ("Standard Thunee, partner catch costs 6
    balls" -> "Partner catch costs 6 balls"): in a list of them, on a phone, only the differences fit."""
    titles = {rule.name: rule.title for rule in rules}
    if len(titles) < 2:
        return titles
    cut = len(os.path.commonprefix(list(titles.values())))
    while cut and not all(title[cut:cut + 1] in ("", " ", ",") for title in titles.values()):
        cut -= 1  # whole words only
    out = {}
    for name, title in titles.items():
        rest = title[cut:].lstrip(" ,")
        out[name] = rest[:1].upper() + rest[1:] if rest else title
    return out


class CannotAdd(ValueError):
    """The text cannot take a house rule yet (it is not a YAML mapping): what to do, in words."""


def add_rule(text: str, rule: HouseRule) -> str:
    """``text`` with ``rule`` in it. What the text says elsewhere is kept as typed, its comments too; a
    top-level key that both have is written again, merged (the comments inside it are lost: the caller
    keeps the text before, to restore)."""
    try:
        only_comments = all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines())
        doc = None if only_comments else load_yaml_text(text, "your text")
    except RulesetError as err:
        problem = err.problems[0]
        where = f"line {problem.location.line}, column {problem.location.column}" if problem.location.line else "it"
        raise CannotAdd(f"fix {where} of your text first ({problem.message})") from None
    data = doc.data if doc is not None else {}
    if not data:  # nothing but comments (or nothing): the rule's own variant, on its own base
        head = text.rstrip("\n") + "\n" if text.strip() else ""
        return head + f"extends: {rule.base}\nname: my-{rule.name}\ntitle: {rule.title}\n\n" + rule.body
    shared = [key for key in rule.data if key in data]
    if not shared:
        return text.rstrip("\n") + "\n\n" + f"# {rule.title}\n" + rule.body
    lines = text.splitlines()
    spans = _top_spans(text)
    for key in sorted(shared, key=lambda k: spans[k][0], reverse=True):  # from the bottom: the spans stay true
        start, end = spans[key]
        merged = _merge(data[key], rule.data[key])
        block = yaml.safe_dump({key: merged}, sort_keys=False, allow_unicode=True, default_flow_style=False,
                               width=100).rstrip("\n").splitlines()
        lines[start:end] = block
    added = {k: v for k, v in rule.data.items() if k not in shared}
    out = "\n".join(lines).rstrip("\n") + "\n"
    if added:
        out += "\n" + yaml.safe_dump(added, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)
    return out


def _merge(base, over):
    """An overlay's merge: mappings merge key by key, anything else (lists too) replaces."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = _merge(base[key], value) if key in base else value
        return out
    return over


__all__ = ["CannotAdd", "HouseRule", "add_rule", "examples_folder", "house_rules", "names_of", "offered", "short_titles"]
