"""A card player's slips in the Editor, in a real browser on a phone (Debian's chromium; skipped without it):
what they see right under the text says where the slip is and what to write instead."""

from __future__ import annotations

import pytest

from browser import replace_code_editor_text, wait_idle

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_on_a_phone_a_formula_slip_is_said_under_the_text_with_its_caret_and_what_to_write(browser_app, tmp_path):
    """'=' for '==' said "unexpected '='; expected one of: end of formula, '!=', '*' ..." under the text, with no
    caret there (the caret was a screen below, after the Save box)."""
    url, browser = browser_app
    page = browser.new_page(**PHONE)
    try:
        page.goto(f"{url}/editor")
        wait_idle(page)
        replace_code_editor_text(page, "extends: standard\nname: slips\nclaims:\n  double:\n"
                                       "    succeeds_if: callers.tricks = tricks\n")
        box = page.locator(".st-key-ed_phone_check")
        box.get_by_text("to compare, write '=='").wait_for(timeout=30_000)
        page.screenshot(path=str(tmp_path / "phone-formula-slip.png"))
        caret = box.locator('[data-testid="stCode"]')
        assert caret.is_visible()
        assert "succeeds_if: callers.tricks = tricks" in caret.inner_text()
        save = page.get_by_role("button", name="Save", exact=True).bounding_box()
        assert caret.bounding_box()["y"] < save["y"]  # under the text, before the Save box
    finally:
        page.close()
