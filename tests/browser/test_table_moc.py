"""Moment of Clarity played on /table, in Debian's Chromium against a real bridge and Redis: the GM
registers two player characters and a goon with the page's character form and puts them on the
map with their Sp; Raphe's player spends character points on a skill (every page shows it) and is
refused, with a sentence, a die she cannot afford; the GM starts the fight, whose order the Sp
rolls set; each attacks on its turn with a skill from its sheet, Raphe spends a bead; an attack
out of turn is refused with a sentence; after two rounds every page shows each token's Damage and
Pain left, and a daze, as the bridge keeps them."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from bridge.rules.moment_of_clarity.health import DAMAGE_POINTS

from .test_table_2d20 import gm_registers, put_on_the_map, start_the_fight
from .test_table_people import notice_says
from .test_tabletop import gm_logs_in, invite_link, token_on

SHEET = {"body": 3, "toughness": 2, "l_score": 2, "primary_dice": 3, "characteristics": "Sp 2, At 2",
         "skills": "Shooting 6 action Body/At"}
#: Each character's sheet as the GM types it in the page's form.
CHARACTERS = {"raphe": {**SHEET, "name": "Raphe", "skills": "Shooting 6 action Body/At, Dodge 1 action"},
              "harry": {**SHEET, "name": "Harry", "body": 5}, "goon": {**SHEET, "name": "Goon", "draws_cards": False}}
SEATS = {"raphe-token": "alice", "harry-token": "bob", "goon-token": "gm"}


def until(check, tries: int = 50) -> None:
    """Wait for ``check()`` (what the bridge keeps) to hold, asking again every 0.1 s."""
    for _ in range(tries):
        if check():
            return
        time.sleep(0.1)
    assert check()


def state_of(gm) -> dict:
    return gm.request("system.get")["result"]["state"]


def shows_every_token_as_kept(pages, gm) -> None:
    for page in pages:
        for actor_id, character in state_of(gm)["characters"].items():
            token = token_on(page, f"{actor_id}-token")
            left = max(0, DAMAGE_POINTS - character["tracks"]["damage"])
            expect(token).to_have_attribute("data-hp", f"{left}/{DAMAGE_POINTS}")
            expect(token.locator('.conditions li[data-condition="dazed"]')).to_have_count(int(character["dazed"]))


def spends_points_on(page, token_id: str, raised: str) -> None:
    token_on(page, token_id).click()
    form = page.locator("#system-actions form[data-what='spend character points']")
    form.locator("[name=raise]").fill(raised)
    form.locator("button[type=submit]").click()


def attack_from_the_sheet(page, token_id: str, target: str) -> None:
    token_on(page, token_id).click()
    form = page.locator("#system-actions form[data-what=attack]")
    form.locator("[name=target]").fill(target)
    form.locator("[name=skill]").fill("Shooting")
    form.locator("[name=weapon]").fill("pistol")
    form.locator("[name=damage]").fill("4")
    form.locator("button[type=submit]").click()


def test_two_player_characters_fight_a_goon_for_two_rounds(bridge, world, gm, open_page, shot):
    assert gm.request("system.set", system="moment_of_clarity")["ok"]
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    expect(gm_page.locator("#system-character")).to_be_visible()
    for actor_id, sheet in CHARACTERS.items():
        gm_registers(gm_page, gm, actor_id, sheet)
    raphe = state_of(gm)["characters"]["raphe"]
    assert (raphe["characteristics"], [(skill["name"], skill["dice"], skill["primary"], skill["secondary"]) for skill in raphe["skills"]]) == (
        {"Sp": 2, "At": 2}, [("Shooting", 6, "Body", "At"), ("Dodge", 1, None, None)])
    assert state_of(gm)["characters"]["goon"]["draws_cards"] is False
    assert gm.request("moc.scene")["ok"]  # the scene's beads
    alice = open_page(invite_link(gm, bridge, world, "alice", ["raphe"]))
    bob = open_page(invite_link(gm, bridge, world, "bob", ["harry"]))
    pages = (gm_page, alice, bob)
    clients = {"raphe-token": (alice, "goon"), "harry-token": (bob, "goon"), "goon-token": (gm_page, "harry")}

    put_on_the_map(gm_page, pages, CHARACTERS, raphe={"speed": 3}, harry={"speed": 4}, goon={"speed": 2})
    shows_every_token_as_kept(pages, gm)

    # Three blue chips become three character points (the GM's exchange, at an arc's end); Raphe's
    # player raises Dodge 1 to 2 for 2 of them, and every page shows the die and the point left.
    assert gm.request("moc.chips.grant", actor_id="raphe", chips=["blue"] * 3)["ok"]
    for _ in range(3):
        assert gm.request("moc.chips.spend", actor_id="raphe", chip="blue", use="character_point")["ok"]
    spends_points_on(alice, "raphe-token", "Dodge")
    for page in pages:
        shown = page.locator('#system-pools [data-actor-id="raphe"]')
        expect(shown.locator(".vb-moc-skill").filter(has_text="Dodge")).to_have_text("Dodge 2d")
        expect(shown.locator(".vb-moc-points")).to_have_text("1 character point")
        expect(page.locator("#log .vb-rule-moc-points-spend")).to_have_count(1)
    spends_points_on(alice, "raphe-token", "Dodge")
    notice_says(alice, re.compile("Could not spend character points for Raphe: .*raising Dodge to 3 costs 3 character points; Raphe has 1"))
    assert state_of(gm)["characters"]["raphe"]["character_points"] == 1
    start_the_fight(gm_page, SEATS)
    combat = gm.request("table.snapshot")["result"]["combats"][0]
    order = combat["order"]
    names = {"alice": "^alice", "bob": "^bob", "gm": "^GM|^gm"}
    for page in pages:
        expect(page.locator("#combat-order li")).to_have_text([re.compile(names[seat]) for seat in order])
    token_of = {seat: token_id for token_id, seat in SEATS.items()}

    # Someone whose turn is not first tries first: refused, with a sentence on the page.
    late = next(seat for seat in order[1:] if seat != "gm")
    attack_from_the_sheet(clients[token_of[late]][0], token_of[late], "goon")
    name = CHARACTERS[token_of[late].removesuffix("-token")]["name"]
    notice_says(clients[token_of[late]][0], re.compile(f"Could not attack for {name}: .*not this token's turn"))

    # Raphe spends a bead of the Element she has most of.
    beads = state_of(gm)["characters"]["raphe"]["beads"]
    element = max(beads, key=beads.get)
    token_on(alice, "raphe-token").click()
    spend = alice.locator("#system-actions form[data-what='spend beads']")
    spend.locator("[name=element]").select_option(element)
    spend.locator("button[type=submit]").click()
    until(lambda: state_of(gm)["characters"]["raphe"]["beads"][element] == beads[element] - 1)

    attacks = 0
    for round_number in (1, 2):
        for seat in order:
            token_id = token_of[seat]
            page, target = clients[token_id]
            attack_from_the_sheet(page, token_id, target)
            attacks += 1
            expect(gm_page.locator("#log .vb-rule-moc-attack")).to_have_count(attacks)
            page.click("#combat-next")
        for page in pages:
            expect(page.locator("#combat-round")).to_have_text(f"round {round_number + 1}")
        shows_every_token_as_kept(pages, gm)
    assert gm.request("roll.log", limit=10)["result"]["rolls"][-1]["result"]["attack"]["dice"], "each attack rolled the sheet's dice"
    shot(bob, "moc-after-two-rounds")
