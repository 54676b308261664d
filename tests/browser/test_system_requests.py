"""The Requests panel of the standalone tabletop, in headless Chromium against a real bridge, worker and
Redis: in a 2d20 world the GM starts a session and writes a character's sheet through the panel alone
(a refusal shown at the field it names), then a player's test from the roll panel banks Momentum that
every page's System panel shows; a switch of system lists the new system's requests."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from .test_systems import shows_the_system
from .test_tabletop import gm_logs_in, invite_link

SHEET = {"name": "Nikita", "styles": json.dumps({"Boldly": 10, "Forcefully": 1})}


def choose(page, event: str):
    """Picks a request in the panel; its form, once drawn for it."""
    page.select_option("#requests select[name=request]", event)
    form = page.locator("#request-form")
    expect(form).to_have_attribute("data-event", event)
    return form


def fill(form, values: dict[str, str]) -> None:
    for name, value in values.items():
        form.locator(f"[name='{name}']").fill(value)


def test_the_gm_plays_a_2d20_session_from_the_requests_panel(bridge, world, gm, open_page, shot):
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    expect(gm_page.locator("#requests")).to_be_hidden()  # Moment of Truth's requests have their own controls
    gm_page.fill("#register-form [name=name]", "Nikita")  # a token on the grid, its actor picked by a click
    gm_page.fill("#register-form [name=actor_id]", "nikita")
    gm_page.click("#register-form button[type=submit]")
    expect(gm_page.locator("#board .token")).to_have_count(1)
    gm_page.select_option("#system-switch select", "two_d20")
    expect(gm_page.locator("#requests")).to_be_visible()
    offered = gm_page.locator("#requests select[name=request] option")
    listed = gm.request("system.requests")["result"]["requests"]
    expect(offered).to_have_count(len(listed))
    assert sorted(offered.evaluate_all("options => options.map(o => o.value)")) == sorted(r["event"] for r in listed)
    expect(gm_page.locator("#requests option[value='2d20.session.start']")).to_have_text("Session start (GM)")
    expect(gm_page.locator("#requests optgroup[label='Session'] option[value='2d20.session.start']")).to_have_count(1)

    form = choose(gm_page, "2d20.session.start")
    expect(form.locator("[name=request_id]")).to_have_count(0)  # the client adds it
    fill(form, {"players": "1"})
    form.locator("button[type=submit]").click()
    expect(gm_page.locator("#request-answer summary")).to_have_text("Session start: done")
    started = gm.request("system.get")["result"]
    assert (started["state"]["momentum"]["cap"], started["state"]["chaos"]["tokens"]) == (6, 2)
    shows_the_system(gm_page, started)

    # A rating over 20: the bridge refuses the sheet, the form says so at the field it names, nothing is kept.
    form = choose(gm_page, "2d20.character")
    expect(form.locator("[name=actor_id]")).to_have_value("")
    gm_page.locator("#board .token").click()
    expect(form.locator("[name=actor_id]")).to_have_value("nikita")
    fill(form, {**SHEET, "skills": json.dumps({"Survive": 2, "Fight": 25})})
    form.locator("button[type=submit]").click()
    fault = form.locator("[data-field=skills] .field-error")
    expect(fault).to_have_count(1)
    expect(fault).to_contain_text("skills.Fight.value: ")
    expect(form.locator(".field-error")).to_have_count(1)
    expect(gm_page.locator("#request-error")).to_contain_text("invalid: ")
    expect(gm_page.locator("#request-answer")).to_be_hidden()
    assert gm.request("system.get")["result"]["state"].get("characters", {}) == {}
    shot(gm_page, "refused-by-field")

    fill(form, {"skills": json.dumps({"Survive": 2, "Fight": 10})})
    form.locator("button[type=submit]").click()
    expect(gm_page.locator("#request-answer summary")).to_have_text("Character: done")
    expect(form.locator(".field-error")).to_have_count(0)
    expect(gm_page.locator("#request-error")).to_have_text("")
    registered = gm.request("system.get")["result"]
    assert registered["state"]["characters"]["nikita"]["name"] == "Nikita"
    shows_the_system(gm_page, registered)
    shot(gm_page, "session-and-sheet")

    # The player's panel offers no GM-only request; their test (target 20, difficulty 0) banks Momentum.
    player = open_page(invite_link(gm, bridge, world, "allison", ["nikita"]))
    expect(player.locator("#requests")).to_be_visible()
    players_offer = player.locator("#requests select[name=request] option")
    expect(players_offer).to_have_count(len(gm.request("system.requests")["result"]["requests"])
                                         - sum(r["gm_only"] for r in listed))
    expect(player.locator("#requests option[value='2d20.session.start']")).to_have_count(0)
    roll = player.locator("#system-roll")
    fill(roll, {"actor": "nikita", "skill": "Fight", "style": "Boldly", "difficulty": "0"})
    roll.locator("button[type=submit]").click()
    expect(player.locator("#log .vb-rule-2d20-test")).to_have_count(1)
    banked = gm.request("system.get")["result"]
    momentum = banked["state"]["momentum"]["tokens"]
    assert momentum >= 2  # two d20s, each a success against 20, none needed
    for page in (gm_page, player):
        shows_the_system(page, banked)
        expect(page.locator("#system-pools .vb-2d20-momentum")).to_have_text(f"{momentum} / 6")
    shot(player, "momentum-banked")

    # A request whose answer is a card, from the player's Requests panel: it comes to every chat.
    form = choose(player, "2d20.test")
    fill(form, {"actor_id": "nikita", "skill": "Fight", "style": "Boldly", "difficulty": "5", "label": "Against the odds"})
    form.locator("button[type=submit]").click()
    expect(player.locator("#request-answer summary")).to_have_text("Test: done")
    entry = gm.request("roll.log", limit=1)["result"]["rolls"][-1]
    assert (entry["rule"], entry["user"], entry["label"]) == ("2d20.test", "allison", "Against the odds")
    for page in (gm_page, player):
        expect(page.locator(f'#log .vb-rule-2d20-test[data-roll-id="{entry["roll_id"]}"]')).to_have_count(1)

    # A switch of system: the panel lists the new system's requests; Moment of Truth's hides it.
    gm_page.select_option("#system-switch select", "highest_d10")
    expect(gm_page.locator("#requests option[value='d10.phase.end']")).to_have_text("Phase end (GM)")
    d10 = gm.request("system.requests")["result"]
    assert d10["system"] == "highest_d10"
    assert sorted(offered.evaluate_all("options => options.map(o => o.value)")) == sorted(r["event"] for r in d10["requests"])
    expect(player.locator("#requests option[value='d10.phase.end']")).to_have_count(0)
    expect(player.locator("#requests option[value='d10.roll']")).to_have_count(1)
    gm_page.select_option("#system-switch select", "moment_of_truth")
    for page in (gm_page, player):
        expect(page.locator("#requests")).to_be_hidden()
