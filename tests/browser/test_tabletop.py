"""The standalone tabletop in headless Chromium against a real bridge, worker and Redis: the
issue's three scenarios. Each page is one person at the table in a browser context of its own."""

from __future__ import annotations

import math
import re

from playwright.sync_api import expect

from ..services import Bridge

#: Pixels per square on the standalone grid, one metre each (plugin/standalone/board.js).
SQUARE = 48
STATISTICS = {"endurance": 2, "strength": 3, "agility": 4, "will": 2, "perception": 3, "education": 2}


def gm_logs_in(page, world) -> None:
    page.fill("#login-form [name=world]", world.world_id)
    page.fill("#login-form [name=gm_key]", world.gm_key)
    page.click("#login-form button[type=submit]")
    expect(page.locator("#who")).to_have_text("gm (gm)")
    expect(page.locator("#status")).to_have_text("connected")


def invite_link(gm, bridge, world, user: str, actor_ids: list[str]) -> str:
    """What the GM's page makes of token.mint + actors.assign, made here through the GM's connection."""
    token = gm.request("token.mint", user=user)["result"]["token"]
    assert gm.request("actors.assign", user=user, actor_ids=actor_ids)["ok"]
    return f"{bridge.url}/table#world={world.world_id}&token={token}"


def register(gm, token_id: str, **fields) -> dict:
    answer = gm.request("token.register", token_id=token_id, actor_id=fields.pop("actor_id", token_id),
                        name=fields.pop("name", token_id), statistics=STATISTICS, **fields)
    assert answer["ok"], answer
    return answer["result"]["state"]


def token_on(page, token_id: str):
    return page.locator(f'#board .token[data-token-id="{token_id}"]')


def box_center(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def conditions_shown(page, token_id: str) -> list[str]:
    """The labels of the token's condition badges, as their accessible names give them."""
    return token_on(page, token_id).locator(".conditions li").evaluate_all("items => items.map(i => i.getAttribute('aria-label'))")


def conditions_of(snapshot: dict, token_id: str) -> list[str]:
    """The token's conditions as its system's view names them (``table.snapshot``'s ``views``)."""
    return [condition["label"] for condition in snapshot["views"][token_id]["conditions"]]


def test_a_player_joins_with_the_gms_invite_and_sees_a_skill_rolls_card(bridge, world, gm, open_page, shot):
    gm_page = open_page(f"{bridge.url}/table")
    expect(gm_page.locator("#login")).to_be_visible()
    gm_logs_in(gm_page, world)
    shot(gm_page, "gm-logged-in")

    gm_page.fill("#register-form [name=name]", "Nikita")
    gm_page.fill("#register-form [name=actor_id]", "nikita")
    gm_page.fill("#register-form [name=agility]", "4")
    gm_page.fill("#register-form [name=skills]", "Stealth 2, Pistol 1")
    gm_page.check("#register-form [name=own_skills]")  # Stealth: a skill of this world's own
    gm_page.click("#register-form button[type=submit]")
    expect(gm_page.locator("#board .token", has_text="Nikita")).to_be_visible()
    shot(gm_page, "gm-registered-a-token")

    gm_page.fill("#invite-form [name=user]", "allison")
    gm_page.check('#invite-actors input[value="nikita"]')
    gm_page.click("#invite-form button[type=submit]")
    link_box = gm_page.locator("#invite-link")
    expect(link_box).to_have_value(re.compile(re.escape(f"{bridge.url}/table#world={world.world_id}&token=") + ".+"))
    link = link_box.input_value()
    shot(gm_page, "gm-minted-an-invite")

    player = open_page(link)
    expect(player.locator("#who")).to_have_text("allison (player)")
    assert "token=" not in player.url, "the invite's token stays out of the address bar once read"
    player.locator("#board .token", has_text="Nikita").click()
    expect(player.locator("#character-name")).to_have_text("Nikita")
    shot(player, "player-picked-the-character")

    player.click('[data-roll="skill:Stealth"]')
    card = player.locator("#log .vb-card")
    expect(card).to_have_count(1)
    shot(player, "player-sees-the-card")

    logged = gm.request("roll.log", limit=5)["result"]["rolls"]
    assert len(logged) == 1
    entry = logged[0]
    assert (entry["user"], entry["actor_id"], entry["result"]["kind"]) == ("allison", "nikita", "skill")
    assert entry["result"]["pool"]["dice"] == 6  # Agility 4 + Stealth 2
    expect(card).to_have_attribute("data-roll-id", entry["roll_id"])
    shown = card.locator(".vb-die").evaluate_all("dice => dice.map(d => [Number(d.dataset.face), d.className])")
    assert shown == [[die["face"], f"vb-die vb-{die['counts_as']}"] for die in entry["result"]["dice"]]
    expect(card.locator(".vb-explanation")).to_contain_text(entry["result"]["explanation"][-1])

    expect(gm_page.locator(f'#log .vb-card[data-roll-id="{entry["roll_id"]}"] .vb-die')).to_have_count(6)
    shot(gm_page, "gm-sees-the-card")


def test_the_gms_grenade_changes_conditions_in_every_browser(bridge, world, gm, open_page, shot):
    ids = ["thug-a", "thug-b", "thug-c"]
    for token_id in ids:
        register(gm, token_id, name=token_id.title(), hit_points=1)
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    players = {user: open_page(invite_link(gm, bridge, world, user, [])) for user in ("allison", "seamus")}
    pages = {"gm": gm_page, **players}
    for name, page in pages.items():
        for token_id in ids:
            expect(token_on(page, token_id)).to_have_attribute("data-hp", "1/1")
            assert conditions_shown(page, token_id) == ["wounded"]  # 1 HP left (docs/rules/moment_of_truth.md, Health)
        shot(page, f"{name}-before-the-blast")

    # The GM drags thug-c two squares (2 m) below thug-b: every page shows it there.
    center = box_center(token_on(gm_page, "thug-b"))
    gm_page.mouse.move(*box_center(token_on(gm_page, "thug-c")))
    gm_page.mouse.down()
    gm_page.mouse.move(center[0], center[1] + 2 * SQUARE, steps=5)
    gm_page.mouse.up()
    expect(token_on(gm_page, "thug-c")).to_have_css("top", f"{2 * SQUARE}px")
    for page in players.values():
        expect(token_on(page, "thug-c")).to_have_css("top", f"{2 * SQUARE}px")
    assert box_center(token_on(gm_page, "thug-c")) == (center[0], center[1] + 2 * SQUARE)
    # Then opens the hazards, places the grenade on thug-b, sees the three in reach, and confirms.
    gm_page.click("#hazard-details summary")
    gm_page.fill("#explosion-form [name=dice]", "20")
    gm_page.select_option("#explosion-form [name=charge]", "shrapnel")
    gm_page.click("#place-blast")
    token_on(gm_page, "thug-b").scroll_into_view_if_needed()
    center = box_center(token_on(gm_page, "thug-b"))  # the page may have scrolled to the button
    gm_page.mouse.move(*center)
    gm_page.mouse.click(*center)
    expect(gm_page.locator("#blast-tokens li")).to_have_count(3)
    gm_page.click("#blast-go")
    card = gm_page.locator("#log .vb-rule-hazard-explosion")
    expect(card).to_have_count(1)
    expect(gm_page.locator("#jobs")).to_be_hidden()  # the job's row, once its result came
    shot(gm_page, "gm-blast-card")

    snapshot = gm.request("table.snapshot")["result"]
    after = {state["token_id"]: state for state in snapshot["tokens"]}
    blast = gm.request("roll.log", limit=5)["result"]["rolls"][-1]
    assert blast["rule"] == "hazard.explosion"
    assert sorted(each["token_id"] for each in blast["result"]["tokens"]) == sorted(ids)
    measured = {each["token_id"]: float(re.search(r" at ([0-9.]+) m", each["explanation"][0]).group(1))
                for each in blast["result"]["tokens"]}
    thug_a = box_center(token_on(gm_page, "thug-a"))
    assert measured == {"thug-a": round(math.dist(thug_a, center) / SQUARE, 2), "thug-b": 0.0, "thug-c": 2.0}
    for name, page in pages.items():
        expect(page.locator(f'#log .vb-card[data-roll-id="{blast["roll_id"]}"] .vb-card-token')).to_have_count(3)
        for token_id in ids:
            state = after[token_id]
            assert state["health"]["damage"], f"18 to 20 dice of shrapnel left {token_id} (1 HP) unhurt"
            expect(token_on(page, token_id)).to_have_attribute("data-hp", f"{state['health']['remaining']}/1")
            assert conditions_shown(page, token_id) == conditions_of(snapshot, token_id), (name, token_id)
        shot(page, f"{name}-after-the-blast")


def test_a_players_page_reloads_and_resyncs(bridge, world, gm, open_page, shot):
    register(gm, "pc-1", actor_id="seamus-pc", name="Seamus")
    page = open_page(invite_link(gm, bridge, world, "seamus", ["seamus-pc"]))
    expect(token_on(page, "pc-1")).to_be_visible()
    assert gm.request("token.condition.set", token_id="pc-1", condition="stunned")["ok"]
    assert gm.request("moments.award", award="role_playing", player="seamus", moments=2, reason="a fine speech")["ok"]
    moments = page.locator('#moments li[data-player="seamus"]')
    expect(moments).to_have_attribute("data-moments", "2")
    expect(token_on(page, "pc-1").get_by_role("img", name="stunned")).to_have_count(1)
    shot(page, "pushed-stunned-and-2-mots")

    page.reload()
    expect(page.locator("#status")).to_have_text("connected")
    expect(moments).to_have_attribute("data-moments", "2")
    expect(token_on(page, "pc-1").locator(".conditions li")).to_have_count(1)
    assert conditions_shown(page, "pc-1") == ["stunned"]
    shot(page, "reloaded")

    # Changes made while the page is away come back from table.snapshot when it returns.
    page.goto("about:blank")
    assert gm.request("token.condition.clear", token_id="pc-1", condition="stunned")["ok"]
    assert gm.request("token.condition.set", token_id="pc-1", condition="prone")["ok"]
    assert gm.request("moments.award", award="role_playing", player="seamus", moments=1, reason="a bold plan")["ok"]
    page.goto(f"{bridge.url}/table")
    expect(page.locator("#who")).to_have_text("seamus (player)")
    expect(moments).to_have_attribute("data-moments", "3")
    expect(token_on(page, "pc-1").get_by_role("img", name="prone")).to_have_count(1)
    assert conditions_shown(page, "pc-1") == ["prone"]
    shot(page, "back-after-missing-pushes")


def test_a_page_reconnects_after_the_bridge_restarts_and_catches_up(redis_server, bridge, world, gm, open_page, shot):
    """A bridge of its own on the shared Redis: stopped, the table changes through the other
    bridge meanwhile, started again on the same port; the page reconnects by itself."""
    register(gm, "pc-2", actor_id="allison-pc", name="Allison")
    own = Bridge(redis_server.url)
    try:
        link = invite_link(gm, bridge, world, "allison", ["allison-pc"]).replace(bridge.url, own.url)
        page = open_page(link)
        expect(page.locator("#status")).to_have_text("connected")
        expect(token_on(page, "pc-2")).to_be_visible()
        own.stop()
        expect(page.locator("#status")).to_have_text("reconnecting")
        assert gm.request("token.condition.set", token_id="pc-2", condition="prone")["ok"]
        assert gm.request("moments.award", award="role_playing", player="allison", moments=2, reason="nerve")["ok"]
        shot(page, "bridge-down")
        own = Bridge(redis_server.url, port=own.port)
        expect(page.locator("#status")).to_have_text("connected", timeout=20_000)
        expect(token_on(page, "pc-2").get_by_role("img", name="prone")).to_have_count(1)
        expect(page.locator('#moments li[data-player="allison"]')).to_have_attribute("data-moments", "2")
        shot(page, "reconnected-and-caught-up")
    finally:
        own.stop()


def test_the_gm_sets_the_tokens_picked_on_fire(bridge, world, gm, open_page, shot):
    for token_id in ("torch-a", "torch-b", "torch-c"):
        register(gm, token_id, name=token_id.title(), hit_points=30)
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    player = open_page(invite_link(gm, bridge, world, "allison", []))
    expect(player.locator("#who")).to_have_text("allison (player)")
    expect(player.locator("#gm-tools")).to_be_hidden()

    token_on(gm_page, "torch-a").click()
    token_on(gm_page, "torch-c").click(modifiers=["Shift"])
    expect(gm_page.locator("#board .token.selected")).to_have_count(2)
    gm_page.click("#hazard-details summary")
    gm_page.fill("#fire-form [name=dice]", "2")
    gm_page.click("#fire-form button[type=submit]")
    expect(gm_page.locator("#log .vb-rule-hazard-fire-ignite")).to_have_count(1)

    snapshot = gm.request("table.snapshot")["result"]
    states = {state["token_id"]: state for state in snapshot["tokens"]}
    assert [states[t]["fire"] is not None for t in ("torch-a", "torch-b", "torch-c")] == [True, False, True]
    for page in (gm_page, player):
        for token_id in ("torch-a", "torch-c"):
            expect(token_on(page, token_id).get_by_role("img", name="on fire")).to_have_count(1)
            assert conditions_shown(page, token_id) == conditions_of(snapshot, token_id)
        assert conditions_shown(page, "torch-b") == []
    shot(gm_page, "gm-two-tokens-on-fire")
    shot(player, "player-sees-them-burn")


def test_a_forged_invite_brings_back_the_login_with_the_bridges_refusal(bridge, world, open_page, shot):
    page = open_page(f"{bridge.url}/table#world={world.world_id}&token=forged")
    expect(page.locator("#login-error")).to_have_text(f"Could not join {world.world_id}: token is not valid for this world (revoked or forged).")
    expect(page.locator("#login-form [name=world]")).to_have_value(world.world_id)  # kept for another try
    expect(page.locator("#login")).to_be_visible()
    expect(page.locator("#table")).to_be_hidden()
    assert page.evaluate("sessionStorage.length") == 0
    shot(page, "refused")


def test_a_player_attacks_with_a_pistol_at_the_distance_on_the_grid(bridge, world, gm, open_page, shot):
    register(gm, "gunner", actor_id="gunner-pc", name="Gunner", skills={"pistol": 3})
    register(gm, "target", name="Target")
    page = open_page(invite_link(gm, bridge, world, "allison", ["gunner-pc"]))
    token_on(page, "gunner").click()
    form = page.locator("#attack-form")
    expect(form.locator('[name=weapon] option[value=".45 Auto Pistol"]')).to_have_count(1)
    form.locator("[name=weapon]").select_option(".45 Auto Pistol")
    form.locator("[name=target]").select_option("target")
    form.locator("button[type=submit]").click()
    card = page.locator("#log .vb-rule-attack")
    expect(card).to_have_count(1)
    shot(page, "attack-card")

    entry = gm.request("roll.log", limit=1)["result"]["rolls"][-1]
    assert (entry["rule"], entry["user"], entry["actor_id"]) == ("attack", "allison", "gunner-pc")
    expected = round(math.dist(box_center(token_on(page, "gunner")), box_center(token_on(page, "target"))) / SQUARE, 2)
    assert found_values(entry["result"], "distance") == [expected]
    shown = card.locator(".vb-die").evaluate_all("dice => dice.map(d => Number(d.dataset.face))")
    assert shown[:len(entry["result"]["roll"]["faces"])] == entry["result"]["roll"]["faces"]


def found_values(value, key: str) -> list:
    """Every value of ``key`` anywhere in a JSON value."""
    if isinstance(value, dict):
        return [found for k, v in value.items() for found in ([v] if k == key else found_values(v, key))]
    if isinstance(value, list):
        return [found for item in value for found in found_values(item, key)]
    return []
