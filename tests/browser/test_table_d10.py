"""The d10 highest-die system played on /table, in Debian's Chromium against a real bridge and
Redis: the GM registers two player characters and a goon with the page's character form (a line it
cannot read refused at its field) and every page lists them; the GM puts them on the map with their initiative pools and
starts the fight; each phase the bridge rolls initiative and they declare lowest first from the
declaration form; in the second phase each fires an aimed shot with a skill from its sheet, which
spends its aiming; a declaration out of turn is refused with a sentence; every page shows each
token's aiming and its last shot's outcome as the bridge keeps them."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_table_2d20 import gm_registers, put_on_the_map, shows_the_characters, start_the_fight
from .test_table_moc import until
from .test_table_people import notice_says
from .test_tabletop import gm_logs_in, invite_link, token_on

SHEET = {"attributes": "Reflexes 3, Strength 2", "skills": "Pistol 3, Fastdraw 2, Fast-Talk 1"}
#: Each character's sheet as the GM types it in the page's character form, by the actor id typed.
CHARACTERS = {"leroy": {**SHEET, "name": "Leroy"}, "earl": {**SHEET, "name": "Earl"}, "goon": {**SHEET, "name": "Goon"}}
SEATS = {"leroy-token": "alice", "earl-token": "bob", "goon-token": "gm"}
SEAT_SHOWN = {"alice": "^alice", "bob": "^bob", "gm": "^GM|^gm"}


def state_of(gm) -> dict:
    return gm.request("system.get")["result"]["state"]


def declare(page, token_id: str, action: str, fastdraw_tn: int | None = None) -> None:
    """Declare ``action`` on the token's form; ``fastdraw_tn``: with a Fastdraw against that TN, not stressful."""
    token_on(page, token_id).click()
    form = page.locator("#system-actions form[data-what=declare]")
    form.locator("[name=action]").fill(action)
    if fastdraw_tn is not None:
        form.locator("[name=fastdraw]").set_checked(True)
        form.locator("[name=fastdraw_tn]").fill(str(fastdraw_tn))
        form.locator("[name=fastdraw_stressful]").set_checked(False)
    form.locator("button[type=submit]").click()


def test_two_player_characters_and_a_goon_declare_and_shoot_for_two_phases(bridge, world, gm, open_page, shot):
    assert gm.request("system.set", system="highest_d10")["ok"]
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    alice = open_page(invite_link(gm, bridge, world, "alice", ["leroy"]))
    bob = open_page(invite_link(gm, bridge, world, "bob", ["earl"]))
    pages = (gm_page, alice, bob)

    # The GM types each sheet in the page's character form; a line the page cannot read is refused
    # at its field before anything is sent.
    expect(gm_page.locator("#system-character")).to_be_visible()
    gm_page.fill("#system-character-form [name=name]", "Leroy")
    gm_page.fill("#system-character-form [name=attributes]", "Reflexes three")
    gm_page.click("#system-character-form button[type=submit]")
    notice_says(gm_page, re.compile(r'Could not register the character: Attributes \(.*\): "Reflexes three" is not an attribute and its level'))
    assert not (state_of(gm) or {}).get("characters"), "nothing sent"
    for actor_id, sheet in CHARACTERS.items():
        gm_registers(gm_page, gm, actor_id, sheet)
    assert {actor_id: (each["name"], each["attributes"], each["skills"]) for actor_id, each in state_of(gm)["characters"].items()} == {
        actor_id: (sheet["name"], {"Reflexes": 3, "Strength": 2}, {"Pistol": 3, "Fastdraw": 2, "Fast-Talk": 1}) for actor_id, sheet in CHARACTERS.items()}
    shows_the_characters(pages, gm, ".vb-d10-characters li")
    page_of = {"alice": alice, "bob": bob, "gm": gm_page}
    token_of = {seat: token_id for token_id, seat in SEATS.items()}

    put_on_the_map(gm_page, pages, CHARACTERS, leroy={"initiative_dice": 2}, earl={"initiative_dice": 3, "initiative_bonus": 2},
                   goon={"initiative_dice": 1})
    start_the_fight(gm_page, SEATS)

    for phase in (1, 2):
        combat = gm.request("table.snapshot")["result"]["combats"][0]
        encounter = state_of(gm)["encounter"]
        assert (combat["round"], encounter["phase"]) == (phase, phase)
        assert [f"{entry['actor_id']}-token" for entry in encounter["order"]] == [token_of[seat] for seat in combat["order"]]
        totals = [entry["initiative"] for entry in encounter["order"]]
        assert totals == sorted(totals), "the lowest initiative declares first"
        for page in pages:
            expect(page.locator("#combat-order li")).to_have_text([re.compile(SEAT_SHOWN[seat]) for seat in combat["order"]])

        late = next(seat for seat in combat["order"][1:] if seat != "gm")
        declare(page_of[late], token_of[late], "Aiming")
        notice_says(page_of[late], re.compile(r"Could not declare for (Leroy|Earl): .*not this token's turn"))

        for seat in combat["order"]:
            page, token_id = page_of[seat], token_of[seat]
            expect(page.locator("#combat-order li.has-turn")).to_have_text(re.compile(SEAT_SHOWN[seat]))  # the player sees the turn come
            if phase == 2:  # an aimed shot with the sheet's Pistol, spending the phase of aiming
                token_on(page, token_id).click()
                roll = page.locator("#system-roll")
                roll.locator("[name=rating]").fill("Pistol")
                roll.locator("[name=tn]").fill("5")
                roll.locator("[name=aimed]").set_checked(True)
                roll.locator("button[type=submit]").click()
                until(lambda: state_of(gm)["characters"][token_id.removesuffix("-token")]["aiming"] == 0)
                card = gm.request("roll.log", limit=1)["result"]["rolls"][-1]
                assert (card["rule"], card["result"]["pool"]["called_for"]) == ("d10.roll", 3), card["result"]["pool"]
                outcome = card["result"]["outcome"]["label"].replace("_", " ")
                for each in pages:
                    expect(token_on(each, token_id).locator(f'.conditions li[data-condition="{outcome}"]')).to_have_count(1)
                    expect(token_on(each, token_id)).to_have_attribute("data-hp", "0/3")
            elif seat == "bob":  # Earl aims with a Fastdraw, rolled from his sheet's Fastdraw skill (TN 1: it succeeds)
                declare(page, token_id, "Aiming", fastdraw_tn=1)
                until(lambda: "earl" in state_of(gm)["encounter"]["declared"])
                card = gm.request("roll.log", limit=1)["result"]["rolls"][-1]
                assert (card["rule"], card["result"]["fastdraw"]["pool"]["called_for"]) == ("d10.declare", 2)
                assert card["result"]["fastdraw"]["verdict"]["succeeded"]
            else:
                declare(page, token_id, "Aiming")
            page.click("#combat-next")
        if phase == 1:  # every Aiming resolved: one phase of aiming, on every page
            for page in pages:
                for token_id in SEATS:
                    expect(token_on(page, token_id)).to_have_attribute("data-hp", "1/3")
    shot(alice, "d10-after-two-phases")
