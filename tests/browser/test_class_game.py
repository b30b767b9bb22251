"""A class game in the browser: the teacher makes its link from the lobby, two groups play it to the
end and send their result links, and the results page ranks them, exports them and refuses a
tampered link."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from support import Site, goto_app, reload_app


def play_to_the_end(page: Page, last: bool) -> None:
    """The human takes the first (or last) move offered, every turn, until the game is over."""
    targets = page.locator("#actions button[data-move], #board-position [data-move]")
    while page.locator("html[data-game-over]").count() == 0:
        if targets.count():
            (targets.last if last else targets.first).dispatch_event("click")
        page.wait_for_timeout(30)


def group_plays(context: BrowserContext, class_url: str, names: tuple[str, str], last: bool) -> str:
    page = context.new_page()
    goto_app(page, class_url)
    expect(page.locator("#curtain")).to_be_visible()
    page.fill('[data-class-name="0"]', names[0])
    page.fill('[data-class-name="2"]', names[1])
    page.click('[data-curtain="class-start"]')
    expect(page.locator("#table")).to_be_visible()
    play_to_the_end(page, last)
    page.click('[data-curtain="result_link"]')
    expect(page.locator("#curtain .send-qr svg")).to_be_visible()  # and its QR code
    url = page.input_value("#curtain .share-url")
    page.close()
    return url


def test_a_class_game_from_link_to_ranked_results(app: Page, context: BrowserContext, site: Site) -> None:
    app.check('#new-game input[name=game][value="locomotion"]')
    app.select_option("#player-count", "3")
    for seat, kind in enumerate(("human", "greedy", "human")):
        app.select_option(f'#seats .seat[data-seat="{seat}"] select', kind)
    app.click("details.more summary")
    app.select_option("#bot-speed", "instant")
    app.click("#class-game")
    expect(app.locator("#curtain .send-qr svg")).to_be_visible()
    class_url = app.input_value("#curtain .share-url")
    assert "#class=" in class_url

    first = group_plays(context, class_url, ("Ann", "Bob"), last=False)
    second = group_plays(context, class_url, ("Cy", "Di"), last=True)
    assert first != second

    app.click('[data-curtain="class-results"]')
    expect(app.locator("#results")).to_be_visible()
    tampered = first[:-4] + ("A" if first[-4] != "A" else "B") + first[-3:]
    app.fill("#results-links", f"{first}\n{second}\n{tampered}\n{first}")
    app.click("#results-add button[type=submit]")
    expect(app.locator("#results-news li")).to_have_count(4)
    news = app.locator("#results-news li").all_text_contents()
    assert news[0] == "Link 1: added." and news[1] == "Link 2: added."
    assert news[3] == "Link 4: already in the table."
    assert news[2].startswith("Link 3: ")  # refused, and says why
    expect(app.locator("#results-table tbody tr")).to_have_count(2)
    expect(app.locator("#results-chart svg rect")).to_have_count(2 * 3)

    with app.expect_download() as download:
        app.click("#results-csv")
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert rows[0][:2] == ["Class rank", "Group"] and len(rows) == 1 + 2 * 3
    groups = {row[1] for row in rows[1:]}
    assert groups == {"Ann and Bob", "Cy and Di"}
    ranks = [int(row[0]) for row in rows[1:]]
    assert ranks == sorted(ranks) and ranks[0] == 1

    reload_app(app)  # the class's results are kept in this browser
    expect(app.locator("#results-table tbody tr")).to_have_count(2)
