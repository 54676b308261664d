"""The rule-system seam on the standalone tabletop, in headless Chromium against a real bridge, worker
and Redis: the GM switches the world to the 2d20 variant, every page shows its state and its roll
form, a roll's card shows its faces; switching back brings Moment of Truth's controls again."""

from __future__ import annotations

from playwright.sync_api import expect

from .test_tabletop import gm_logs_in, invite_link, register, token_on


def pools_html(page, system: str, state) -> str:
    """What the page's own module for the system draws of a state (plugin/core/systems/<name>.js)."""
    return page.evaluate("async ([name, state]) => (await import('/plugin/core/systems.js')).systemFor(name).poolsHTML(state)",
                         [system, state])


def shows_the_system(page, system: dict) -> None:
    expect(page.locator("#system-title")).to_have_text(system["title"])
    expect(page.locator("#system")).to_have_attribute("data-system", system["system"])
    expected = "" if system["state"] is None else pools_html(page, system["system"], system["state"])
    page.wait_for_function("html => document.querySelector('#system-pools').innerHTML === html", arg=expected)


def test_the_gm_switches_the_world_to_2d20_rolls_and_switches_back(bridge, world, gm, open_page, shot):
    register(gm, "pc-1", actor_id="nikita", name="Nikita")
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    player = open_page(invite_link(gm, bridge, world, "allison", ["nikita"]))
    expect(player.locator("#who")).to_have_text("allison (player)")
    for page in (gm_page, player):
        shows_the_system(page, gm.request("system.get")["result"])
        expect(page.locator("#system-roll")).to_be_hidden()
    expect(player.locator("#system-switch")).to_be_hidden()
    token_on(gm_page, "pc-1").click()
    expect(gm_page.locator("#mot-rolls")).to_be_visible()
    expect(gm_page.locator("#moments")).to_have_js_property("hidden", False)  # an empty list: no MoT held yet
    shot(gm_page, "moment-of-truth")

    gm_page.select_option("#system-switch select", "two_d20")
    expect(gm_page.locator("#system-title")).to_have_text("2d20 variant")
    played = gm.request("system.get")["result"]
    assert played["system"] == "two_d20"
    for page in (gm_page, player):
        shows_the_system(page, played)
        expect(page.locator("#system-roll")).to_be_visible()
        expect(page.locator("#mot-rolls")).to_be_hidden()
        expect(page.locator("#moments")).to_have_js_property("hidden", True)
    expect(gm_page.locator("#register-form")).to_be_hidden()  # token.register and the hazards are Moment of Truth's
    expect(gm_page.locator("#explosion-form")).to_be_hidden()
    expect(gm_page.locator("#invite-form")).to_be_visible()
    shot(player, "player-sees-2d20")

    # The GM starts the session and writes Nikita's sheet; the pages follow the pools.
    assert gm.request("2d20.session.start", players=1)["ok"]
    assert gm.request("2d20.character", actor_id="nikita", name="Nikita", skills={"Survive": 2, "Fight": 8},
                      styles={"Boldly": 9, "Forcefully": 1})["ok"]
    for page in (gm_page, player):
        shows_the_system(page, gm.request("system.get")["result"])

    # The player tests Fight + Boldly for their character, the rest of the form as it comes.
    token_on(player, "pc-1").click()
    form = player.locator("#system-roll")
    expect(form.locator("[name=actor]")).to_have_value("nikita")
    form.locator("[name=skill]").fill("Fight")
    form.locator("[name=style]").fill("Boldly")
    form.locator("button[type=submit]").click()
    card = player.locator("#log .vb-rule-2d20-test")
    expect(card).to_have_count(1)
    entry = gm.request("roll.log", limit=1)["result"]["rolls"][-1]
    assert (entry["rule"], entry["user"], entry["actor_id"]) == ("2d20.test", "allison", "nikita")
    expect(card).to_have_attribute("data-roll-id", entry["roll_id"])
    shown = card.locator(".vb-die").evaluate_all("dice => dice.map(d => Number(d.dataset.face))")
    assert shown == entry["result"]["faces"]
    assert max(shown) <= 20 and len(shown) >= 2
    expect(gm_page.locator(f'#log .vb-card[data-roll-id="{entry["roll_id"]}"] .vb-die')).to_have_count(len(shown))
    for page in (gm_page, player):
        shows_the_system(page, gm.request("system.get")["result"])  # the roll's Momentum, if any, on every page
    shot(player, "player-rolled-2d20")
    shot(gm_page, "gm-sees-the-2d20-card")

    gm_page.select_option("#system-switch select", "moment_of_truth")
    expect(gm_page.locator("#system-title")).to_have_text("Moment of Truth")  # switched: system.get reads it
    for page in (gm_page, player):
        shows_the_system(page, gm.request("system.get")["result"])
        expect(page.locator("#system-title")).to_have_text("Moment of Truth")
        expect(page.locator("#system-roll")).to_be_hidden()
        expect(page.locator("#mot-rolls")).to_be_visible()
    player.click('[data-roll="statistic:agility"]')  # Moment of Truth's roll buttons work again
    expect(player.locator("#log .vb-rule-roll")).to_have_count(1)
    assert gm.request("roll.log", limit=1)["result"]["rolls"][-1]["rule"] == "roll"
    shot(player, "back-to-moment-of-truth")
