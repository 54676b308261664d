"""The standalone tabletop's Macros panel in headless Chromium against a real bridge, worker and
Redis: the GM points the world at the shipped examples (examples/scripts, with a macro anyone may
run and a broken script beside them), reloads them from the page, runs the Molotov on two tokens
picked, and every page sees them burn; a player sees only the macro meant for the whole table."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bridge.scripting import shelf

from .test_tabletop import conditions_of, conditions_shown, gm_logs_in, invite_link, register, token_on

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scripts"

#: Beside the examples: a macro anyone at the table may run, taking each kind of field the forms know
#: (it says its arguments back as JSON), one that fails on its line 8, and a script that does not load.
EVERY_FIELD = Path(__file__).resolve().parents[2] / "plugin" / "tests" / "scripts" / "every_field.py"
EXTRA = {
    "half_done.py": '''
from bridge.scripting.api import Who, macro


@macro("half_done", "Knocks the first target out, then trips.", who=Who.GM)
def half_done(table):
    table.set_condition(table.targets[0], "unconscious", source="half done")
    raise RuntimeError("the bottle slipped")
''',
    "broken.py": "def oops(:\n    pass\n",
}


@pytest.fixture
def scripts(store, world, tmp_path):
    """The world's scripts folder, as `vtt-bridge world scripts --set` makes it."""
    folder = tmp_path / "scripts"
    shutil.copytree(EXAMPLES, folder)
    shutil.copy(EVERY_FIELD, folder)
    for name, text in EXTRA.items():
        (folder / name).write_text(text)
    shelf.set_scripts_folder(store.redis, world.world_id, folder)
    return folder


def macros_listed(page) -> list[str]:
    return page.locator("#macro-list details.macro").evaluate_all("items => items.map(i => i.dataset.macro)")


def gm_reloads(gm_page, folder: Path) -> None:
    gm_page.click("#macros-reload")
    expect(gm_page.locator("#script-report .script-loaded")).to_have_text(
        f"Loaded from {folder.resolve()}: ambush, half_done, molotov, sleeping_gas.")
    expect(gm_page.locator("#jobs")).to_be_hidden()


def test_the_gm_reloads_the_scripts_and_sets_two_tokens_on_fire_with_the_molotov(
    bridge, world, gm, scripts, open_page, shot
):
    for token_id in ("ann", "bob", "cid"):
        register(gm, token_id, name=token_id.title(), hit_points=30)
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    player = open_page(invite_link(gm, bridge, world, "allison", []))
    expect(player.locator("#who")).to_have_text("allison (player)")
    expect(gm_page.locator("#macros-empty")).to_be_visible()  # nothing loaded yet
    expect(player.locator("#macros-reload")).to_be_hidden()

    gm_reloads(gm_page, scripts)
    failed = gm_page.locator("#script-report .script-errors li")
    expect(failed).to_have_count(1)
    expect(failed).to_have_attribute("data-file", "broken.py")
    expect(failed).to_have_attribute("data-line", "1")
    expect(failed).to_contain_text("broken.py line 1: SyntaxError")
    assert macros_listed(gm_page) == ["ambush", "half_done", "molotov", "sleeping_gas"]
    shot(gm_page, "gm-reloaded-the-scripts")

    player.click("#macros-refresh")
    expect(player.locator("#macro-list details.macro")).to_have_count(1)
    assert macros_listed(player) == ["ambush"], "a player sees no GM macro"
    expect(player.locator("#script-report")).to_be_hidden()
    shot(player, "player-sees-the-table-macro")

    molotov = gm_page.locator('#macro-list details[data-macro="molotov"]')
    molotov.locator("summary").click()
    expect(molotov.locator(".macro-description")).to_have_text("Set the targeted tokens on fire (5d6 to start).")
    dice = molotov.locator("[name=starting_dice]")
    expect(dice).to_have_value("5")
    expect(dice).to_have_attribute("min", "1")
    expect(dice).to_have_attribute("max", "10")
    dice.fill("3")
    token_on(gm_page, "ann").click()
    token_on(gm_page, "cid").click(modifiers=["Shift"])
    expect(gm_page.locator("#board .token.selected")).to_have_count(2)
    molotov.locator("button[type=submit]").click()
    card = gm_page.locator("#log .vb-rule-macro-run")
    expect(card).to_have_count(1)
    expect(gm_page.locator("#jobs")).to_be_hidden()
    expect(card.locator(".vb-said")).to_have_text("The bottle bursts: 2 caught in the flames.")
    shot(gm_page, "gm-threw-the-molotov")

    entry = gm.request("roll.log", limit=1)["result"]["rolls"][-1]
    assert (entry["rule"], entry["user"], entry["label"]) == ("macro.run", "gm", "molotov")
    effects = entry["result"]["effects"]
    assert [(effect["effect"], effect["token_id"]) for effect in effects] == [("ignite", "ann"), ("ignite", "cid")]
    assert [len(effect["fire"]["damage"][0]["faces"]) for effect in effects] == [3, 3]
    snapshot = gm.request("table.snapshot")["result"]
    states = {state["token_id"]: state for state in snapshot["tokens"]}
    assert [states[t]["fire"] is not None for t in ("ann", "bob", "cid")] == [True, False, True]
    for name, page in (("gm", gm_page), ("player", player)):
        expect(page.locator(f'#log .vb-card[data-roll-id="{entry["roll_id"]}"]')).to_have_count(1)
        for token_id in ("ann", "cid"):
            expect(token_on(page, token_id).get_by_role("img", name="on fire", exact=True)).to_have_count(1)
            assert conditions_shown(page, token_id) == conditions_of(snapshot, token_id)
        assert conditions_shown(page, "bob") == []
        shot(page, f"{name}-sees-them-burn")

    # The player runs the table's macro, each kind of field filled in or left to its default; what the
    # macro was given comes back on its card, in both pages.
    ambush = player.locator('#macro-list details[data-macro="ambush"]')
    ambush.locator("summary").click()
    ambush.locator("[name=dice]").fill("4")
    ambush.locator("[name=shout]").fill("Now! <run>")
    ambush.locator("[name=silent]").check()
    ambush.locator("[name=statistic]").select_option("perception")
    ambush.locator("[name=leader]").select_option("ann")
    ambush.locator("[name=hostages]").select_option(["bob", "cid"])
    ambush.locator("[name=rounds]").fill("1, 2")
    ambush.locator("[name=cover]").fill('{"dice": 2}')
    shot(player, "player-fills-in-the-ambush")
    ambush.locator("button[type=submit]").click()
    given = {"bonus": None, "cover": {"dice": 2}, "dice": 4, "hostages": ["bob", "cid"], "leader": "ann", "rounds": [1, 2],
             "share": 0.5, "shout": "Now! <run>", "silent": True, "statistic": "perception"}
    for page in (player, gm_page):
        said = page.locator("#log .vb-rule-macro-run .vb-said")
        expect(said).to_have_count(2)  # the Molotov's, then the ambush's
        expect(said.last).to_have_text(json.dumps(given, sort_keys=True))
    shot(player, "player-ran-the-ambush")


def test_a_macro_that_fails_shows_the_gm_an_error_card_with_its_line_and_changes_nothing(
    bridge, world, gm, scripts, open_page, shot
):
    register(gm, "dee", name="Dee", hit_points=30)
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    gm_reloads(gm_page, scripts)
    half_done = gm_page.locator('#macro-list details[data-macro="half_done"]')
    half_done.locator("summary").click()
    token_on(gm_page, "dee").click()
    half_done.locator("button[type=submit]").click()
    error = gm_page.locator("#log .vb-rule-macro-run .vb-card-error")
    expect(error).to_have_count(1)
    expect(error).to_have_text("half_done.py line 8: RuntimeError: the bottle slipped")
    shot(gm_page, "gm-sees-the-error-card")
    snapshot = gm.request("table.snapshot")["result"]
    assert ([state["token_id"] for state in snapshot["tokens"]], conditions_of(snapshot, "dee")) == (["dee"], [])
    assert conditions_shown(gm_page, "dee") == []
