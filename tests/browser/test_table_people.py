"""The standalone table as a GM and two players play it, each in a Chromium context of their
own, against the real bridge, worker and Redis (tests/conftest.py): the GM's first steps, bad
input refused by the bridge and told as sentences naming the field, three quick clicks making
one roll, refusals in the game's words, odds for a hurt token and before an attack, typed chat
with whispers, a map background and token images every page shows, a ruler in range bands, and
cards showing their dice and who set a blast off. Every step checks what each person's page
shows; with UPDATE_SCREENSHOTS=1 the steps' screenshots replace those of plugin/standalone/README.md."""

from __future__ import annotations

import re
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from .test_scene import (  # noqa: F401
    SQUARE,
    box_center,
    card,
    invite,
    last_roll,
    register,
    snap,
    states,
    token,
    token_ids,
    wait_new_roll,
)

#: Words of the protocol that no page may show its people.
PROTOCOL_WORDS = re.compile(r"token\.move|hazard\.explosion|combat\.initiative|Token id|request_id|not yours\b|\{")


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain PNG of one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


@pytest.fixture
def picture_site():
    """A web server of its own (another origin than the bridge's) serving one portrait, ``/portrait.png``: its address."""
    portrait = png(32, 32, (40, 90, 200))

    class Portrait(BaseHTTPRequestHandler):
        def do_GET(self):
            found = self.path == "/portrait.png"
            self.send_response(200 if found else 404)
            self.send_header("Content-Type", "image/png")
            self.end_headers()
            if found:
                self.wfile.write(portrait)

        def log_message(self, *_):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Portrait)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/portrait.png"
    server.shutdown()
    server.server_close()


def image_width(page, url: str) -> int:
    """The width of the image at ``url`` as the page loads it (0: the page may not load it)."""
    return page.evaluate("url => new Promise((done) => { const image = new Image(); image.onload = () => done(image.naturalWidth);"
                         " image.onerror = () => done(0); image.src = url; })", url)


def notice_says(page, pattern) -> str:
    """The one error notice shown, matching ``pattern``, in the game's words; then dismissed."""
    notice = page.locator("#notices .notice-error")
    expect(notice).to_have_count(1)
    expect(notice).to_have_text(pattern)
    text = notice.text_content()
    assert not PROTOCOL_WORDS.search(text), f"protocol words on the page: {text}"
    notice.locator(".notice-close").click()
    expect(notice).to_have_count(0)
    return text


def rolls_of(oracle) -> list[str]:
    return [entry["roll_id"] for entry in oracle.request("roll.log", limit=200)["result"]["rolls"]]


def test_a_gm_and_two_players_at_the_table(bridge, world, gm, open_page, snap, picture_site):
    oracle = gm
    page_gm = open_page(f"{bridge.url}/table#world={world.world_id}&gm_key={world.gm_key}")
    expect(page_gm.locator("#status")).to_have_text("connected")
    expect(page_gm.locator("#connection-banner")).to_be_hidden()

    # --- first steps: the guide says what to do first; register is at the top of the GM's column
    steps = page_gm.locator("#first-steps")
    expect(steps).to_be_visible()
    expect(steps.locator('li[data-current="true"]')).to_have_attribute("data-step", "register")
    expect(page_gm.locator("#character-empty")).to_contain_text("register one first")
    expect(page_gm.locator("#invite-actors")).to_contain_text("None on the map yet: register a token first.")
    register_box = page_gm.locator("#register-form").bounding_box()
    assert register_box["y"] < 500, f"Register a token is {register_box['y']} px down"
    side = page_gm.locator("#side").bounding_box()
    assert side["height"] < 1700, f"the GM's column is {side['height']} px tall"
    snap(page_gm, "11-first-steps", page_gm.locator("#side"))

    # --- bad input: refused by the bridge, naming the field, with what is wanted -------------------
    form = page_gm.locator("#register-form")
    form.locator("[name=name]").fill("Bo")
    form.locator("[name=endurance]").fill("")
    form.locator("button[type=submit]").click()
    notice_says(page_gm, re.compile(r"^Could not register Bo: End: type a number here\."))
    form.locator("[name=endurance]").fill("3")
    form.locator("[name=agility]").fill("31")
    form.locator("button[type=submit]").click()
    notice_says(page_gm, re.compile(r"^Could not register Bo: Agi: type a number from 0 to 20\."))
    form.locator("[name=agility]").fill("3")
    form.locator("[name=name]").fill("   ")
    form.locator("button[type=submit]").click()
    notice_says(page_gm, re.compile(r"^Could not register the token: Name: type a name: letters or digits, not only spaces\."))
    form.locator("[name=name]").fill("Bo")
    form.locator("[name=actor_id]").fill("has space")
    form.locator("button[type=submit]").click()
    notice_says(page_gm, re.compile(r"Actor id: use 1 to 64 letters, digits"))
    form.locator("[name=actor_id]").fill("")
    assert oracle.request("table.snapshot")["result"]["tokens"] == [], "nothing stored from bad input"

    register(page_gm, "Nikita", "nikita", skill=("Pistol", 2), agility=4)
    register(page_gm, "Ricardo", "ricardo", skill=("Brawling", 2))
    register(page_gm, "Thug", "thug", skill=("Brawling", 1))
    expect(steps.locator('li[data-current="true"]')).to_have_attribute("data-step", "invite")
    ids = token_ids(oracle)
    allison = open_page(invite(page_gm, "allison", "nikita"))
    expect(page_gm.locator("#invite-copy")).to_be_enabled()
    page_gm.click("#invite-copy")
    expect(page_gm.locator("#invite-copy")).to_have_text("Copied")
    seamus = open_page(invite(page_gm, "seamus", "ricardo"))
    expect(steps).to_be_hidden()
    pages = {"gm": page_gm, "allison": allison, "seamus": seamus}
    for each in pages.values():
        expect(each.locator("#status")).to_have_text("connected")
        expect(each.locator("#board .token:not([hidden])")).to_have_count(3)

    # --- at 800 px a player reaches the roll buttons just under the map ----------------------------
    allison.set_viewport_size({"width": 800, "height": 900})
    token(allison, ids["Nikita"]).click()
    board = allison.locator("#board-wrap").bounding_box()
    first_roll = allison.locator('[data-roll="statistic:endurance"]').bounding_box()
    assert first_roll["y"] - (board["y"] + board["height"]) < 400, (board, first_roll)
    allison.set_viewport_size({"width": 1400, "height": 900})

    # --- three quick clicks make one roll; the button is pending meanwhile ------------------------
    before = rolls_of(oracle)
    button = allison.locator('[data-roll="statistic:agility"]')
    x, y = box_center(button)
    for _ in range(3):
        allison.mouse.click(x, y)
        allison.wait_for_timeout(100)
    made = wait_new_roll(oracle, {"roll_id": before[-1] if before else None})
    expect(card(allison, made)).to_have_count(1)
    expect(button).to_be_enabled()
    assert rolls_of(oracle)[len(before):] == [made["roll_id"]], "three clicks, one roll"
    # the card shows its dice without a click, and who rolled for whom
    for each in pages.values():
        expect(card(each, made).locator(".vb-die").first).to_be_visible()
        expect(card(each, made).locator(".vb-card-who")).to_have_text("allison for Nikita")

    # --- negative MoTs and a whisper to no one are refused by the bridge, naming the field ---------
    allison.fill("#roll-options [name=moments]", "-2")
    button.click()
    notice_says(allison, re.compile(r"^Could not roll Nikita: Agility: MoTs to spend: type a number from 0 to 300\."))
    allison.fill("#roll-options [name=moments]", "0")
    allison.select_option("#roll-options [name=visibility]", "whisper")
    allison.fill("#roll-options [name=whisper_to]", "bbo")
    button.click()
    notice_says(allison, re.compile(r"Whisper to: no one called 'bbo' has joined this world"))
    allison.select_option("#roll-options [name=visibility]", "public")
    assert rolls_of(oracle)[-1] == made["roll_id"], "nothing logged from refused rolls"

    # --- a move of someone else's token: a sentence, no protocol words ----------------------------
    token(allison, ids["Ricardo"]).focus()
    allison.keyboard.press("ArrowRight")
    notice_says(allison, re.compile(r"^Could not move Ricardo: That token: not one of your characters\."))

    # --- odds for a hurt token, and before an attack ----------------------------------------------
    assert oracle.request("token.damage", token_id=ids["Nikita"], serious=3)["ok"]
    assert oracle.request("token.condition.set", token_id=ids["Nikita"], condition="injured")["ok"]
    injured = oracle.request("table.snapshot")["result"]["views"][ids["Nikita"]]["conditions"]
    assert "injured" in [condition["label"] for condition in injured]
    for each in pages.values():  # each badge an icon named by its label, coloured by its severity, no letters
        badges = token(each, ids["Nikita"]).locator(".conditions li")
        expect(badges).to_have_count(len(injured))
        for condition, badge in zip(injured, badges.all()):
            expect(badge).to_have_accessible_name(condition["label"])
            expect(badge).to_have_attribute("data-severity", condition["severity"])
            expect(badge).to_have_attribute("title", re.compile(rf"^{re.escape(condition['label'])}\b"))  # its tooltip
            expect(badge).to_have_text("")
        expect(token(each, ids["Nikita"]).get_by_role("img", name="injured", exact=True)).to_be_visible()
        expect(token(each, ids["Nikita"])).to_have_attribute("title", re.compile(r"; .*\binjured\b"))
    token(allison, ids["Nikita"]).click()
    expect(allison.locator("#character-conditions .condition-name")).to_have_text([condition["label"] for condition in injured])
    agility = allison.locator('[data-roll="statistic:agility"] + .odds')
    expect(agility).to_have_attribute("data-state", "known")
    expect(agility).to_have_attribute("data-exact", re.compile(r"^\d+/\d+$"))
    attack_form = allison.locator("#attack-form")
    attack_form.locator("[name=weapon]").select_option(".45 Auto Pistol")
    attack_form.locator("[name=target]").select_option(ids["Thug"])
    odds = allison.locator("#attack-odds")
    expect(odds).to_have_attribute("data-state", "known")
    expect(odds).to_have_attribute("data-exact", re.compile(r"^\d+/\d+$"))
    snap(allison, "12-odds-before-an-attack", allison.locator("#character"))

    # --- the ruler: metres and the pistol's range band ----------------------------------------------
    allison.click("#ruler-toggle")
    start = box_center(token(allison, ids["Nikita"]))
    allison.mouse.move(*start)
    allison.mouse.down()
    allison.mouse.move(start[0] + 4 * SQUARE, start[1] + 3 * SQUARE, steps=5)
    allison.mouse.up()
    expect(allison.locator(".ruler-label")).to_have_text(re.compile(r"^5\.0 m: (close|optimal|long) range.*\(\.45 Auto Pistol\)$"))
    label, grid = allison.locator(".ruler-label").bounding_box(), allison.locator("#board").bounding_box()
    assert grid["x"] <= label["x"] and label["x"] + label["width"] <= grid["x"] + grid["width"] and grid["y"] <= label["y"], "the ruler's words within the grid"
    snap(allison, "15-ruler-in-range-bands", allison.locator("#board-wrap"))
    allison.click("#ruler-toggle")
    expect(allison.locator(".ruler")).to_have_count(0)

    # --- typed chat: a line for everyone, a whisper for Seamus only --------------------------------
    allison.fill("#chat-form [name=text]", "Ricardo, the door!")
    allison.press("#chat-form [name=text]", "Enter")
    for each in pages.values():
        expect(each.locator("#log .vb-chat", has_text="Ricardo, the door!")).to_have_count(1)
    allison.select_option("#chat-form [name=visibility]", "whisper")
    allison.fill("#chat-form [name=whisper_to]", "seamus")
    allison.fill("#chat-form [name=text]", "the thug has the key")
    allison.click("#chat-form button[type=submit]")
    for each in (allison, seamus, page_gm):
        expect(each.locator("#log .vb-chat", has_text="the thug has the key")).to_contain_text("Allison whispers to seamus")
    seamus.locator("#log .vb-chat", has_text="the thug has the key").wait_for()
    seamus.select_option("#chat-form [name=visibility]", "blind")
    seamus.fill("#chat-form [name=text]", "I pocket the key")
    seamus.click("#chat-form button[type=submit]")
    expect(page_gm.locator("#log .vb-chat", has_text="I pocket the key")).to_contain_text("Seamus says to the GM")
    expect(seamus.locator("#log .vb-chat", has_text="Seamus says to the GM")).to_contain_text("Only the GM reads what was said.")
    for each in (seamus, allison):
        expect(each.locator("#log .vb-chat", has_text="I pocket the key")).to_have_count(0)
    expect(allison.locator("#log .vb-chat", has_text="Seamus says")).to_have_count(0)
    seamus.select_option("#chat-form [name=visibility]", "whisper")
    seamus.fill("#chat-form [name=whisper_to]", "bbo")
    seamus.fill("#chat-form [name=text]", "psst")
    seamus.click("#chat-form button[type=submit]")
    notice_says(seamus, re.compile(r"^Could not send your line: Whisper to: no one called 'bbo' has joined this world"))
    seamus.select_option("#chat-form [name=visibility]", "public")
    seamus.fill("#chat-form [name=text]", "")
    allison.fill("#chat-form [name=text]", "   ")
    allison.click("#chat-form button[type=submit]")
    notice_says(allison, re.compile(r"^Could not send your line: Say: type something to say"))
    expect(page_gm.locator("#log .vb-chat")).to_have_count(3)
    snap(seamus, "13-chat-and-a-whisper", seamus.locator("#chat"))

    # --- a map background and a token image, uploaded by the GM, on every page ---------------------
    page_gm.locator("#scene-details summary").click()
    page_gm.set_input_files("#background-form [name=file]", files=[{"name": "map.png", "mimeType": "image/png", "buffer": png(64, 48, (120, 170, 120))}])
    page_gm.click("#background-form button[type=submit]")
    token(page_gm, ids["Thug"]).click()
    page_gm.set_input_files("#token-image-form [name=file]", files=[{"name": "thug.png", "mimeType": "image/png", "buffer": png(16, 16, (200, 60, 60))}])
    page_gm.click("#token-image-form button[type=submit]")
    for each in pages.values():
        expect(each.locator("#board")).to_have_class(re.compile(r"\bhas-background\b"))
        expect(token(each, ids["Thug"])).to_have_class(re.compile(r"\bhas-image\b"))
    assert "data:image/png" in allison.locator("#board").evaluate("b => getComputedStyle(b).backgroundImage")
    too_big = png(600, 600, (1, 2, 3)) + bytes(650_000)
    page_gm.set_input_files("#background-form [name=file]", files=[{"name": "huge.png", "mimeType": "image/png", "buffer": too_big}])
    page_gm.click("#background-form button[type=submit]")
    notice_says(page_gm, re.compile(r"^Could not set the map background: The file: an image here may hold at most 600 kB"))
    # Nikita's image by its address on another web server, loaded on every page
    token(page_gm, ids["Nikita"]).click()
    page_gm.fill("#token-image-form [name=url]", picture_site)
    page_gm.click("#token-image-form button[type=submit]")
    for each in pages.values():
        expect(token(each, ids["Nikita"])).to_have_class(re.compile(r"\bhas-image\b"))
        expect(token(each, ids["Nikita"])).to_have_css("background-image", f'url("{picture_site}")')
        assert image_width(each, picture_site) == 32, "the page loads the image from its address"
    snap(allison, "14-map-background-and-token-image", allison.locator("#board-wrap"))
    # a plain grid again
    page_gm.click("#background-clear")
    for each in pages.values():
        expect(each.locator("#board")).not_to_have_class(re.compile(r"\bhas-background\b"))
        assert "data:image" not in each.locator("#board").evaluate("b => getComputedStyle(b).backgroundImage")
        expect(token(each, ids["Thug"])).to_have_class(re.compile(r"\bhas-image\b"))  # the tokens keep their images

    # --- a blast's card credits the GM, in the game's words ---------------------------------------
    before_blast = last_roll(oracle)
    blast = oracle.request("map.blast", actor_id="gm", center={"x": 0.5, "y": 0.5}, dice=20, charge="shrapnel", cover=0,
                           label="Explosion: 20d6 shrapnel, set off by the GM")
    assert blast["ok"], blast
    made = wait_new_roll(oracle, before_blast)
    assert made["rule"] == "hazard.explosion"
    for each in pages.values():
        shown = card(each, made)
        expect(shown.locator(".vb-card-who")).to_have_text("by the GM")
        expect(shown.locator(".vb-card-rule")).to_have_text("Explosion")
        expect(shown.locator(".vb-die").first).to_be_visible()
        log = each.locator("#log").text_content()
        assert not PROTOCOL_WORDS.search(log), f"protocol words in the chat log: {log}"
    # readable badges: the character panel names each condition
    # readable badges after the blast: on every grid by their labels, and in words in the character panel
    assert oracle.request("token.condition.set", token_id=ids["Nikita"], condition="prone")["ok"]
    assert oracle.request("token.damage", token_id=ids["Ricardo"], serious=61)["ok"]
    assert oracle.request("token.damage", token_id=ids["Thug"], serious=200)["ok"]
    views = oracle.request("table.snapshot")["result"]["views"]
    for each in pages.values():
        for token_id, view in views.items():
            expect(token(each, token_id).locator(".conditions li")).to_have_count(len(view["conditions"]))
            for condition in view["conditions"]:
                expect(token(each, token_id).get_by_role("img", name=condition["label"], exact=True)).to_have_count(1)
    token(allison, ids["Nikita"]).click()
    expect(allison.locator("#character-conditions .condition-name")).to_have_text([c["label"] for c in views[ids["Nikita"]]["conditions"]])
    assert all(len(name) > 3 for name in allison.locator("#character-conditions .condition-name").all_text_contents())
    grid = allison.locator("#board").bounding_box()
    snap(allison, "16-condition-badges", clip={"x": grid["x"] - 4, "y": grid["y"] - 12, "width": 4 * SQUARE, "height": 2 * SQUARE})
