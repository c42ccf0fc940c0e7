"""The registry of shipped rulesets: names, aliases, case, suggestions."""

from __future__ import annotations

from pathlib import Path

import pytest

from thunee_dsl.errors import Location, RulesetError
from thunee_dsl.loading import aliases, find_ruleset, registry, rulesets_dir, shipped_rulesets


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    d = tmp_path / "rulesets"
    d.mkdir()
    (d / "standard.yaml").write_text("name: standard\naliases: [thunee, SA-Thunee]\n", encoding="utf-8")
    (d / "royal_variant.yaml").write_text("name: royal\naliases: [Royals]\n", encoding="utf-8")
    (d / "no_name.yaml").write_text("title: nameless\n", encoding="utf-8")
    (d / "broken.yaml").write_text("name: [oops\n", encoding="utf-8")
    (d / "notes.txt").write_text("not a ruleset\n", encoding="utf-8")
    monkeypatch.setattr(registry, "rulesets_dir", lambda: d)
    return d


def test_shipped_rulesets_by_name_with_stem_fallback(folder):
    assert shipped_rulesets() == {
        "broken": folder / "broken.yaml",  # does not load: listed by stem, fails when loaded
        "no_name": folder / "no_name.yaml",
        "royal": folder / "royal_variant.yaml",
        "standard": folder / "standard.yaml",
    }


def test_aliases(folder):
    assert aliases() == {"Royals": "royal", "thunee": "standard", "SA-Thunee": "standard"}


def test_find_by_name(folder):
    assert find_ruleset("standard") == folder / "standard.yaml"
    assert find_ruleset("royal") == folder / "royal_variant.yaml"


def test_find_by_alias_and_stem(folder):
    assert find_ruleset("thunee") == folder / "standard.yaml"
    assert find_ruleset("royals") == folder / "royal_variant.yaml"
    assert find_ruleset("royal_variant") == folder / "royal_variant.yaml"


def test_find_is_case_insensitive(folder):
    assert find_ruleset("STANDARD") == folder / "standard.yaml"
    assert find_ruleset("sa-thunee") == folder / "standard.yaml"
    assert find_ruleset("  Royal ") == folder / "royal_variant.yaml"


def test_unknown_name_suggests_and_lists(folder, problems_of):
    assert problems_of(find_ruleset, "standrd") == [
        f"{folder}: unknown ruleset 'standrd' (did you mean 'standard'?); "
        "known rulesets: broken, no_name, royal, standard"
    ]


def test_unknown_alias_like_name_suggests_the_alias(folder, problems_of):
    assert problems_of(find_ruleset, "thune") == [
        f"{folder}: unknown ruleset 'thune' (did you mean 'thunee'?); "
        "known rulesets: broken, no_name, royal, standard"
    ]


def test_unknown_name_without_suggestion_at_a_given_location(folder):
    with pytest.raises(RulesetError) as excinfo:
        find_ruleset("zzzzzz", where=Location("house.yaml", 1, 10))
    assert [str(p) for p in excinfo.value.problems] == [
        "house.yaml:1:10: unknown ruleset 'zzzzzz'; known rulesets: broken, no_name, royal, standard"
    ]


def test_explicit_directory(tmp_path, folder):
    other = tmp_path / "other"
    other.mkdir()
    (other / "x.yaml").write_text("name: Kaalia\n", encoding="utf-8")
    assert shipped_rulesets(other) == {"Kaalia": other / "x.yaml"}
    assert find_ruleset("kaalia", directory=other) == other / "x.yaml"


def test_duplicate_names_first_file_wins(tmp_path, monkeypatch):
    d = tmp_path / "dups"
    d.mkdir()
    (d / "a.yaml").write_text("name: same\naliases: [one]\n", encoding="utf-8")
    (d / "b.yaml").write_text("name: Same\naliases: [one, two]\n", encoding="utf-8")
    monkeypatch.setattr(registry, "rulesets_dir", lambda: d)
    assert shipped_rulesets() == {"same": d / "a.yaml"}
    assert aliases() == {"one": "same"}


def test_header_cache_sees_edits(folder):
    path = folder / "standard.yaml"
    assert find_ruleset("thunee") == path
    path.write_text("name: standard\naliases: [durban-thunee]\n", encoding="utf-8")
    assert find_ruleset("durban-thunee") == path


def test_empty_folder(tmp_path, monkeypatch, problems_of):
    d = tmp_path / "empty"
    monkeypatch.setattr(registry, "rulesets_dir", lambda: d)
    assert shipped_rulesets() == {}
    assert problems_of(find_ruleset, "standard") == [
        f"{d}: unknown ruleset 'standard'; no rulesets are installed (looked in {d})"
    ]


def test_rulesets_dir_prefers_package_data_then_the_source_tree():
    here = Path(registry.__file__).resolve()
    packaged = here.parents[1] / "rulesets"
    expected = packaged if packaged.is_dir() else here.parents[2] / "rulesets"
    assert rulesets_dir() == expected


# --- the real shipped rulesets against the real schema -------------------------------------------


def _real_shipped() -> list[str]:
    return sorted(registry.shipped_rulesets())


@pytest.mark.parametrize("name", _real_shipped())
def test_every_shipped_ruleset_loads_and_validates(name):
    from thunee_dsl.loading import load_ruleset_source

    merged = load_ruleset_source(name)
    assert merged.name == name
    assert merged.files[-1].endswith(".yaml")
    assert "extends" not in merged.data
