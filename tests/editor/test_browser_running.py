"""The "Running..." badge Streamlit shows in its top bar while the page is drawn again.

The toolbar's "minimal" mode hid it everywhere: a player had no sign that a tap was taken while the bots
thought. On a phone the app's row of pages, fixed over Streamlit's top bar (editor/app.py), covered it.
The app is served from a copy whose every run ends with a pause, so the badge stays up to be looked at."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from browser import launch, serve_app, wait_idle

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def test_the_running_badge_shows_and_the_pages_row_never_covers_it(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is part of the test extra")
    src = tmp_path / "src"
    shutil.copytree(ROOT / "editor", src / "editor", ignore=shutil.ignore_patterns("__pycache__"))
    app = src / "editor" / "app.py"
    text = app.read_text(encoding="utf-8")
    assert text.count("\ncurrent.run()") == 1
    app.write_text(text.replace("\ncurrent.run()", "\n__import__('time').sleep(3)  # a slow run\ncurrent.run()"),
                   encoding="utf-8")
    with serve_app(home=tmp_path / "home", app=app, timeout=120) as url, sync_api.sync_playwright() as p:
        browser = launch(p)
        try:
            for width, height in ((390, 844), (768, 1024), (1280, 800)):
                phone = width < 768
                page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
                page.goto(url)
                wait_idle(page)
                assert page.get_by_role("button", name="Deploy").count() == 0  # a player has nothing to deploy
                # another page, by the link a person sees at this width: a new run, the badge up while it lasts
                page.evaluate("""() => [...document.querySelectorAll('a')].find(a => a.innerText.includes('Editor')
                    && a.getBoundingClientRect().width && a.getBoundingClientRect().right <= innerWidth).click()""")
                badge = page.locator('[data-testid="stStatusWidget"]')
                badge.wait_for(timeout=20_000)
                page.wait_for_timeout(400)  # its fade-in
                page.screenshot(path=str(tmp_path / f"running-{width}.png"))
                box = badge.bounding_box()
                assert box and 0 <= box["x"] and box["x"] + box["width"] <= width and 0 <= box["y"] < 120, box
                # what is drawn at the badge's points is the badge itself, not the row of pages
                hidden = page.evaluate("""() => { const b = document.querySelector('[data-testid="stStatusWidget"]');
                    const r = b.getBoundingClientRect();
                    return [[.2, .5], [.5, .5], [.8, .5]].map(([x, y]) => document.elementFromPoint(
                            r.left + x * r.width, r.top + y * r.height))
                        .filter(e => !e || !b.contains(e)).map(e => e ? e.outerHTML.slice(0, 80) : 'nothing'); }""")
                assert not hidden, (width, hidden)
                wait_idle(page)
                page.close()
        finally:
            browser.close()
