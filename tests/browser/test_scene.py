"""A whole scene on the standalone tabletop, as a GM and two players would play it, each in a
Chromium context of their own, against a Redis, bridge and worker of this test's own (so it can
stall them): register (skills from the bridge's list) and invite, move (every page agrees with the bridge's map), whisper, odds,
a three-round combat with attacks and a defense choice, an explosion placed with preview and
confirm, an encounter simulation cancelled then run to its histogram; then the worker and the
bridge stalled (SIGSTOP): the pages say what they wait for, and a repeated click makes one roll.
Every step checks every page against what the bridge holds. With UPDATE_SCREENSHOTS=1 the steps'
screenshots replace those of plugin/standalone/README.md."""

from __future__ import annotations

import math
import os
import re
import signal
import time
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bridge.schemas.settings import default_settings
from bridge.table.store import Store

from ..services import Bridge, RedisServer, Worker, signal_tree
from ..table import TableClient

SQUARE = 48
GUIDE = Path(__file__).resolve().parents[2] / "plugin" / "standalone" / "screenshots"
#: Records every text the list of jobs shows (a job's row goes when its result comes).
RECORD_JOB_TEXTS = """() => {
  window.jobTexts = [];
  new MutationObserver(() => window.jobTexts.push(document.querySelector("#jobs").textContent))
    .observe(document.querySelector("#jobs"), {subtree: true, childList: true, characterData: true});
}"""
#: Records the Next turn button's every state with the turn the page shows at that moment.
RECORD_NEXT_TURN = """() => {
  window.nextTurnStates = [];
  const button = document.querySelector("#combat-next");
  const note = () => window.nextTurnStates.push({enabled: !button.disabled, busy: button.getAttribute("aria-busy") === "true",
    turn: document.querySelector("#combat-order li.has-turn")?.dataset.seat ?? null});
  new MutationObserver(note).observe(button, {attributes: true, attributeFilter: ["disabled", "aria-busy"]});
  new MutationObserver(note).observe(document.querySelector("#combat-order"), {subtree: true, childList: true, attributes: true});
}"""
#: Waiting on purpose: the page's own ack timeout and asking again (app.js) take about 8 s.
STALL_MS = 30_000


@pytest.fixture
def table(tmp_path):
    """A Redis, bridge and worker of this test's own, and the world; stopped at the end (resumed first)."""
    redis_server = RedisServer(tmp_path)
    bridge = Bridge(redis_server.url)
    worker = Worker(redis_server.url)
    world = Store.from_url(redis_server.url).create_world(f"w-{uuid.uuid4().hex[:12]}", "The warehouse", default_settings())
    yield bridge, worker, world
    for process in (worker.process, bridge.process):
        signal_tree(process, signal.SIGCONT)
    worker.stop()
    bridge.stop()
    redis_server.stop()


@pytest.fixture
def snap(request, shot):
    """``snap(page, step, element=None, clip=None)``: a screenshot in test-artifacts (and the guide's, when
    updating: of the element, of the page's ``clip`` box, else of the whole page)."""

    def take(page, step: str, element=None, clip=None):
        path = shot(page, step)
        if os.environ.get("UPDATE_SCREENSHOTS"):
            GUIDE.mkdir(exist_ok=True)
            if element:
                element.screenshot(path=str(GUIDE / f"{step}.png"))
            else:
                page.screenshot(path=str(GUIDE / f"{step}.png"), full_page=clip is None, clip=clip)
        return path

    return take


def test_a_gm_and_two_players_play_a_scene(table, open_page, snap):
    bridge, worker, world = table
    oracle = TableClient(bridge.url, {"world": world.world_id, "gm_key": world.gm_key})
    try:
        play_the_scene(bridge, worker, world, oracle, open_page, snap)
    finally:
        oracle.close()


def play_the_scene(bridge, worker, world, oracle, open_page, snap):
    # --- register and invite, all from the GM's page ------------------------------------------
    gm = open_page(f"{bridge.url}/table")
    gm.fill("#login-form [name=world]", world.world_id)
    gm.fill("#login-form [name=gm_key]", "not the key")
    gm.click("#login-form button[type=submit]")
    expect(gm.locator("#login-error")).to_contain_text(f"Could not join {world.world_id}:")
    expect(gm.locator("#login-form [name=world]")).to_have_value(world.world_id)  # a wrong key keeps the World
    gm.fill("#login-form [name=gm_key]", world.gm_key)
    gm.click("#login-form button[type=submit]")
    expect(gm.locator("#status")).to_have_text("connected")
    # the skill picker offers the bridge's skills: the rulebook's, then the world's own as the GM sets them
    picker = gm.locator("#register-form [name=skill_pick]")
    expect(picker.locator("optgroup").first.locator("option")).to_have_text(oracle.request("skills.list")["result"]["book"])
    assert oracle.request("settings.update", settings={"setting_skills": ["Codery"]})["ok"]
    expect(picker.locator("optgroup").last.locator("option")).to_have_text(["Codery"])

    register(gm, "Nikita", "nikita", skill=("Pistol", 2), agility=4)
    register(gm, "Ricardo", "ricardo", skill=("Brawling", 2), strength=4)
    register(gm, "Thug", "thug", skill=("Brawling", 1))
    gm.fill("#register-form [name=name]", "Dodger")
    gm.fill("#register-form [name=skills]", "Melee 2")
    gm.click("#register-form button[type=submit]")
    expect(gm.locator("#notices .notice-error")).to_have_text(re.compile(r"Could not register Dodger: Skills: “Melee” is not a skill"))
    gm.locator("#notices .notice-error .notice-close").click()
    gm.fill("#register-form [name=name]", "")
    gm.fill("#register-form [name=skills]", "")
    ids = token_ids(oracle)
    assert sorted(ids) == ["Nikita", "Ricardo", "Thug"]
    assert states(oracle)[ids["Nikita"]]["skills"] == {"Pistol": 2}
    allison = open_page(invite(gm, "allison", "nikita"))
    seamus = open_page(invite(gm, "seamus", "ricardo"))
    pages = {"gm": gm, "allison": allison, "seamus": seamus}
    for page in pages.values():
        expect(page.locator("#status")).to_have_text("connected")
        expect(page.locator("#board .token:not([hidden])")).to_have_count(3)
    all_agree(pages, oracle)
    snap(gm, "01-registered-and-invited")

    # --- move: a player drags their own token, the GM moves one with the keyboard ----------------
    drag(allison, ids["Nikita"], (6, 5))
    token(gm, ids["Thug"]).focus()
    for _ in range(3):
        gm.keyboard.press("ArrowRight")
    gm.keyboard.press("ArrowDown")
    wait_for_square(pages, ids["Nikita"], (6, 5))
    wait_for_square(pages, ids["Thug"], (5, 1))
    all_agree(pages, oracle)
    snap(allison, "02-moved-on-every-page", allison.locator("#board-wrap"))

    # --- whisper: Allison rolls Perception for the GM only; Seamus sees nothing -----------------
    token(allison, ids["Nikita"]).click()
    allison.select_option("#roll-options [name=visibility]", "whisper")
    allison.fill("#roll-options [name=whisper_to]", "gm")
    before = last_roll(oracle)
    allison.click('[data-roll="statistic:perception"]')
    whisper = wait_new_roll(oracle, before)
    assert (whisper["visibility"], whisper["whisper_to"], whisper["user"]) == ("whisper", ["gm"], "allison")
    for page in (gm, allison):
        expect(card(page, whisper)).to_have_count(1)
        expect(card(page, whisper).locator(".vb-card-visibility")).to_have_text("whispered to the GM")
    expect(seamus.locator("#log .vb-card")).to_have_count(0)
    allison.select_option("#roll-options [name=visibility]", "public")
    expect(allison.locator('[data-roll="statistic:perception"]')).to_be_enabled()
    snap(allison, "03-whispered", allison.locator("#chat"))

    # --- odds: the bar beside each roll button, exact, and again when the TN changes -----------
    agility = allison.locator('[data-roll="statistic:agility"] + .odds')
    expected = odds(oracle, {"kind": "statistic", "statistic": {"name": "Agility", "value": 4}, "stakes_raised": False})
    expect(agility).to_have_attribute("data-exact", expected)
    allison.select_option("#roll-options [name=tn]", "4")
    harder = odds(oracle, {"kind": "statistic", "statistic": {"name": "Agility", "value": 4}, "stakes_raised": False, "difficulty": 2})
    assert harder != expected
    expect(agility).to_have_attribute("data-exact", harder)
    for bar in allison.locator("#character .rolls .odds").all():
        expect(bar).to_have_attribute("data-state", "known")
    snap(allison, "04-odds-beside-the-roll", allison.locator("#character"))
    allison.select_option("#roll-options [name=tn]", "")

    # --- combat: three rounds; Next turn usable only by the GM and the player whose turn it is ----
    for page in pages.values():
        page.evaluate(RECORD_NEXT_TURN)
    token(gm, ids["Nikita"]).click()
    token(gm, ids["Ricardo"]).click(modifiers=["Shift"])
    token(gm, ids["Thug"]).click(modifiers=["Shift"])
    expect(gm.locator("#combat-seats input")).to_have_count(3)
    expect(gm.locator(f'#combat-seats input[data-token-id="{ids["Nikita"]}"]')).to_have_value("allison")
    gm.click("#combat-start-button")
    for page in pages.values():
        expect(page.locator("#combat-round")).to_have_text("initiative not rolled")
    gm.click("#combat-initiative")
    combat = wait_combat(oracle, lambda fight: fight["seat"] is not None)
    expect(gm.locator("#log .vb-rule-combat-initiative")).to_have_count(1)
    attacks = {"allison": (allison, ids["Nikita"], ".45 Auto Pistol", ids["Thug"]),
               "seamus": (seamus, ids["Ricardo"], "Unarmed Attack", ids["Thug"]),
               "gm": (gm, ids["Thug"], "Unarmed Attack", ids["Ricardo"])}
    defended = False
    for round_number in (1, 2, 3):
        for _ in combat["order"]:
            combat = wait_combat(oracle, lambda fight: fight["round"] == round_number)
            seat = combat["seat"]
            turn_shown(pages, combat, ids)
            for user, each in pages.items():
                if user in ("gm", seat):
                    expect(each.locator("#combat-next")).to_be_enabled()
                else:
                    expect(each.locator("#combat-next")).to_be_disabled()
            page, attacker, weapon, target = attacks[seat]
            if seat == "seamus":
                expect(seamus.locator("#defense-form")).to_be_visible()
                expect(allison.locator("#defense-form")).to_be_hidden()
                if not defended:
                    seamus.fill("#defense-form [name=defense_dice]", "2")
                    snap(seamus, "05-defense-asked-on-the-players-page", seamus.locator("#combat"))
                    seamus.click("#defense-form button[type=submit]")
                    expect(seamus.locator("#defense-form")).to_be_hidden()
                    stance = wait_combat(oracle, lambda fight: stance_of(fight, ids["Ricardo"])["defense_dice"] == 2)
                    assert stance_of(stance, ids["Ricardo"])["defense_dice"] == 2
                    defended = True
                else:
                    seamus.click("#defense-skip")
            before = last_roll(oracle)
            attack(page, attacker, weapon, target)
            made = wait_new_roll(oracle, before)
            assert (made["rule"], made["user"]) == ("attack", "allison" if seat == "allison" else seat)
            if seat == "allison":  # the pistol's range: the bridge's, measured between the two squares
                (ax, ay), (tx, ty) = squares(oracle)[attacker], squares(oracle)[target]
                assert made["result"]["combat"]["range"]["distance"] == round(math.hypot(tx - ax, ty - ay), 2)
            for each in pages.values():
                expect(card(each, made)).to_have_count(1)
                expect(card(each, made).locator(".vb-verdict")).to_have_text(re.compile(r"^(Hit|Miss)$"))
                expect(card(each, made).locator(".vb-die").first).to_be_visible()  # the dice without a click
                shown = card(each, made).text_content()
                assert not any(token_id in shown for token_id in ids.values()), f"an id on a card: {shown}"
            health_agrees(pages, oracle)
            passer = gm if seat == "gm" else page
            passer.click("#combat-next")
            combat = wait_combat(oracle, lambda fight, at=combat["seat"], was=combat["round"]: (fight["seat"], fight["round"]) != (at, was))
            expect(passer.locator("#combat-next")).not_to_have_attribute("aria-busy", "true")  # answered, and settled
    for user, each in pages.items():  # never usable while pending, nor by a player out of their turn
        seen = each.evaluate("window.nextTurnStates")
        assert not [state for state in seen if state["enabled"] and (state["busy"] or state["turn"] is None)], (user, seen)
        if user != "gm":
            assert not [state for state in seen if state["enabled"] and state["turn"] != user], (user, seen)
            assert any(state["enabled"] for state in seen), f"{user} could never pass the turn"
        assert any(state["busy"] for state in seen), f"{user}'s page never showed its pass pending"
    snap(gm, "06-combat-after-three-rounds")
    assert combat["round"] == 4
    gm.click("#combat-end")
    for page in pages.values():
        expect(page.locator("#combat-round")).to_have_text("none")
        expect(page.locator("#defense-form")).to_be_hidden()

    # --- explosion: preview, Escape, then placed and confirmed ---------------------------------
    gm.locator("#hazard-details summary").click()
    gm.fill("#explosion-form [name=dice]", "3")
    gm.click("#place-blast")
    gm.mouse.move(*box_center(token(gm, ids["Thug"])))
    expect(gm.locator(".blast.preview")).to_be_visible()
    gm.keyboard.press("Escape")
    expect(gm.locator(".blast.preview")).to_have_count(0)
    gm.click("#place-blast")
    center = box_center(token(gm, ids["Thug"]))  # clicking the button may have scrolled the page
    gm.mouse.move(*center)
    gm.mouse.click(*center)
    expect(gm.locator("#blast-confirm")).to_be_visible()
    at = squares(oracle)
    thug = at[ids["Thug"]]
    reach = sorted(tid for tid, square in at.items() if max(1, -(-(((square[0] - thug[0]) ** 2 + (square[1] - thug[1]) ** 2) ** 0.5 // 1))) <= 3)
    listed = gm.locator("#blast-tokens li").evaluate_all("items => items.map(i => i.dataset.tokenId)")
    assert sorted(listed) == reach
    dialog, grid = gm.locator("#blast-confirm").bounding_box(), gm.locator("#board").bounding_box()
    assert dialog["y"] >= grid["y"] + grid["height"] or dialog["x"] >= grid["x"] + grid["width"], "the confirm step covers the map"
    snap(gm, "07-blast-confirm", gm.locator("#board-wrap"))
    before = last_roll(oracle)
    gm.click("#blast-go")
    blast = wait_new_roll(oracle, before)
    assert blast["rule"] == "hazard.explosion" and sorted(each["token_id"] for each in blast["result"]["tokens"]) == reach
    for page in pages.values():
        expect(card(page, blast).locator(".vb-verdict")).to_have_count(1)
        expect(card(page, blast).locator(".vb-card-label")).to_have_text("Explosion: 3d6 shrapnel, set off by the GM")
        expect(card(page, blast).locator(".vb-card-who")).to_have_text("by the GM")
    health_agrees(pages, oracle)

    # --- simulation, with the worker stalled: the page says what it waits for; cancelled -------
    gm.locator("#simulation-form").locator("xpath=ancestor::details/summary").click()
    sides(gm, [ids["Nikita"]], [ids["Ricardo"], ids["Thug"]])
    gm.fill("#simulation-form [name=fights]", "100000")
    signal_tree(worker.process, signal.SIGSTOP)
    gm.click("#simulation-form button[type=submit]")
    job = gm.locator("#jobs .job")
    expect(job).to_contain_text("waiting for a worker", timeout=STALL_MS)
    snap(gm, "08-waiting-for-a-worker", gm.locator("#jobs"))
    job.locator(".job-cancel").click()
    expect(job).to_contain_text("cancelling")
    signal_tree(worker.process, signal.SIGCONT)
    result = gm.locator("#simulation-result")
    expect(result).to_have_attribute("data-cancelled", "true", timeout=STALL_MS)
    assert int(result.get_attribute("data-fights")) < 100000
    expect(gm.locator("#jobs")).to_be_hidden()

    # --- run again to its histogram, the progress shown as a share of the fights ---------------
    gm.evaluate(RECORD_JOB_TEXTS)
    gm.fill("#simulation-form [name=fights]", "40000")
    gm.click("#simulation-form button[type=submit]")
    expect(result).to_have_attribute("data-cancelled", "false", timeout=STALL_MS)
    expect(result).to_have_attribute("data-fights", "40000")
    shown = [int(share) for text in gm.evaluate("window.jobTexts") for share in re.findall(r"(\d+)%", text)]
    assert any(0 < share < 100 for share in shown), f"no share of the fights shown while they ran: {shown}"
    decided = sum(int(n) for n in result.locator("svg.histogram rect").evaluate_all("bars => bars.map(b => b.dataset.count)"))
    assert 0 < decided <= 40000
    rates = result.locator("svg.win-bar rect").evaluate_all("bars => bars.map(b => Number(b.dataset.rate))")
    assert len(rates) == 3 and abs(sum(rates) - 1) < 1e-6
    expect(result.locator("svg.survivors rect[data-side]")).to_have_count(2)
    snap(gm, "09-simulation-histogram", gm.locator("#simulation-result"))

    # --- a stalled bridge: every page says so; two clicks make one roll, shown once it answers --
    before = last_roll(oracle)
    signal_tree(bridge.process, signal.SIGSTOP)
    for page in pages.values():
        expect(page.locator("#status")).to_have_text("reconnecting", timeout=STALL_MS)
    for page in pages.values():
        expect(page.locator("#connection-banner")).to_contain_text("reconnecting")
    button = allison.locator('[data-roll="statistic:agility"]')
    button.click()
    expect(button).to_have_attribute("aria-busy", "true")
    expect(button).to_be_disabled()  # pending: a second click sends nothing new
    drag(allison, ids["Nikita"], (2, 9))  # a move during the stall: pending, never a false failure
    expect(allison.locator("#notices .notice-waiting").first).to_contain_text("No answer from the bridge", timeout=STALL_MS)
    expect(allison.locator("#notices .notice-waiting").first).to_contain_text("still waiting")
    allison.evaluate("window.scrollTo(0, 0)")
    snap(allison, "10-bridge-stalled")
    signal_tree(bridge.process, signal.SIGCONT)
    wait_for_square(pages, ids["Nikita"], (2, 9))
    made = wait_new_roll(oracle, before)
    expect(card(allison, made)).to_have_count(1, timeout=STALL_MS)
    expect(allison.locator("#notices .notice-waiting")).to_have_count(0)
    expect(button).not_to_have_attribute("aria-busy", "true")
    for page in pages.values():
        expect(page.locator("#status")).to_have_text("connected", timeout=STALL_MS)
        expect(page.locator("#connection-banner")).to_be_hidden()
    expect(allison.locator('[data-roll="statistic:agility"] + .odds')).to_have_attribute("data-state", "known", timeout=STALL_MS)
    rolls = [entry["roll_id"] for entry in oracle.request("roll.log", limit=10)["result"]["rolls"]]
    assert rolls[rolls.index(before["roll_id"]) + 1:] == [made["roll_id"]], "two clicks, one roll"


# --- the pages ----------------------------------------------------------------------------------

def register(gm, name: str, actor: str, skill: tuple[str, int], **statistics) -> None:
    form = gm.locator("#register-form")
    form.locator("[name=name]").fill(name)
    form.locator("[name=actor_id]").fill(actor)
    for statistic, value in statistics.items():
        form.locator(f"[name={statistic}]").fill(str(value))
    form.locator("[name=skill_pick]").select_option(skill[0])
    form.locator("[name=skill_level]").fill(str(skill[1]))
    gm.click("#skill-add")
    expect(form.locator("[name=skills]")).to_have_value(f"{skill[0]} {skill[1]}")
    form.locator("[name=hit_points]").fill("60")
    form.locator("button[type=submit]").click()
    expect(gm.locator("#board .token", has_text=name)).to_be_visible()


def invite(gm, user: str, actor: str) -> str:
    gm.fill("#invite-form [name=user]", user)
    for box in gm.locator("#invite-actors input").all():
        box.set_checked(box.get_attribute("value") == actor)
    gm.locator("#invite-link").evaluate("link => { link.value = ''; }")
    gm.click("#invite-form button[type=submit]")
    link = gm.locator("#invite-link")
    expect(link).to_have_value(re.compile(r".+token=.+"))
    return link.input_value()


def token(page, token_id: str):
    return page.locator(f'#board .token[data-token-id="{token_id}"]')


def card(page, entry: dict):
    return page.locator(f'#log .vb-card[data-roll-id="{entry["roll_id"]}"]')


def box_center(locator) -> tuple[float, float]:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    return (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def drag(page, token_id: str, square: tuple[int, int]) -> None:
    piece = token(page, token_id)
    start = box_center(piece)
    board = page.locator("#board").bounding_box()
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(board["x"] + 1 + (square[0] + 0.5) * SQUARE, board["y"] + 1 + (square[1] + 0.5) * SQUARE, steps=6)
    page.mouse.up()


def attack(page, attacker: str, weapon: str, target: str) -> None:
    token(page, attacker).click()
    form = page.locator("#attack-form")
    expect(form.locator(f'[name=target] option[value="{target}"]')).to_have_count(1)
    form.locator("[name=weapon]").select_option(weapon)
    form.locator("[name=target]").select_option(target)
    form.locator("button[type=submit]").click()


def sides(gm, first: list[str], second: list[str]) -> None:
    gm.select_option('[data-side-tokens="0"]', first)
    gm.select_option('[data-side-tokens="1"]', second)
    gm.select_option('[data-side-weapon="0"]', ".45 Auto Pistol")
    gm.select_option('[data-side-weapon="1"]', ".45 Auto Pistol")


def wait_for_square(pages, token_id: str, square: tuple[int, int]) -> None:
    for page in pages.values():
        expect(token(page, token_id)).to_have_css("left", f"{square[0] * SQUARE}px")
        expect(token(page, token_id)).to_have_css("top", f"{square[1] * SQUARE}px")


def all_agree(pages, oracle) -> None:
    """Every page shows every token on the bridge's square."""
    for token_id, (x, y) in squares(oracle).items():
        wait_for_square(pages, token_id, (x, y))


def health_agrees(pages, oracle) -> None:
    for state in states(oracle).values():
        hp = f"{state['health']['remaining']}/{state['health']['hit_points']}"
        for page in pages.values():
            expect(token(page, state["token_id"])).to_have_attribute("data-hp", hp)


def turn_shown(pages, combat: dict, ids: dict) -> None:
    """Every page highlights the seat with the turn, in the order and on the grid."""
    having = sorted(each["token_id"] for each in combat["combatants"] if each["seat"] == combat["seat"])
    for page in pages.values():
        expect(page.locator("#combat-order li.has-turn")).to_have_attribute("data-seat", combat["seat"])
        expect(page.locator("#combat-round")).to_have_text(f"round {combat['round']}")
        expect(page.locator("#board .token.has-turn")).to_have_count(len(having))
        shown = page.locator("#board .token.has-turn").evaluate_all("tokens => tokens.map(t => t.dataset.tokenId)")
        assert sorted(shown) == having


# --- what the bridge holds ------------------------------------------------------------------------

def states(oracle) -> dict:
    return {state["token_id"]: state for state in oracle.request("table.snapshot")["result"]["tokens"]}


def token_ids(oracle) -> dict:
    return {state["name"]: token_id for token_id, state in states(oracle).items()}


def squares(oracle) -> dict:
    return {p["token_id"]: (p["x"], p["y"]) for p in oracle.request("map.get")["result"]["positions"]}


def last_roll(oracle) -> dict:
    rolls = oracle.request("roll.log", limit=1)["result"]["rolls"]
    return rolls[-1] if rolls else {"roll_id": None}


def wait_new_roll(oracle, before: dict, tries: int = 150) -> dict:
    for _ in range(tries):
        latest = last_roll(oracle)
        if latest["roll_id"] != before["roll_id"]:
            return latest
        time.sleep(0.2)
    raise AssertionError("no new roll in the log")


def wait_combat(oracle, ready, tries: int = 150) -> dict:
    for _ in range(tries):
        combats = oracle.request("table.snapshot")["result"]["combats"]
        if combats and ready(combats[0]):
            return combats[0]
        time.sleep(0.2)
    raise AssertionError("the combat never came to that state")


def stance_of(combat: dict, token_id: str) -> dict:
    return next(each["stance"] for each in combat["combatants"] if each["token_id"] == token_id)


def odds(oracle, roll: dict) -> str:
    request_id = uuid.uuid4().hex
    assert oracle.request("odds", request_id=request_id, **roll)["ok"]
    result = oracle.wait_for("job.result", lambda data: data["request_id"] == request_id)
    return result["result"]["odds"]["success"]["exact"]


def test_at_800_px_the_panels_fit_tokens_move_by_keyboard_and_refusals_name_the_fields(bridge, world, gm, open_page):
    for token_id, actor in (("gunner", "gunner-pc"), ("target", "target")):
        assert gm.request("token.register", token_id=token_id, actor_id=actor, name=token_id.title(), scene_id="table",
                          statistics={"endurance": 3, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3},
                          skills={"pistol": 1})["ok"]
    minted = gm.request("token.mint", user="allison")["result"]["token"]
    assert gm.request("actors.assign", user="allison", actor_ids=["gunner-pc"])["ok"]
    page = open_page(f"{bridge.url}/table#world={world.world_id}&token={minted}")
    for width, height in ((800, 900), (768, 1024)):  # a narrow window, a tablet held upright
        page.set_viewport_size({"width": width, "height": height})
        expect(page.locator("#status")).to_have_text("connected")
        for panel in ("#board-wrap", "#side", "#chat"):
            box = page.locator(panel).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (panel, width, box)

    gunner = page.locator('#board .token[data-token-id="gunner"]')
    page.keyboard.press("Tab")
    while page.evaluate("document.activeElement.dataset.tokenId") != "gunner":
        page.keyboard.press("Tab")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none", "focus is visible"
    page.keyboard.press("Enter")
    expect(page.locator("#character-name")).to_have_text("Gunner")
    start = [int(gunner.evaluate("t => parseInt(t.style.left)")), int(gunner.evaluate("t => parseInt(t.style.top)"))]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(gunner).to_have_css("top", f"{start[1] + 2 * SQUARE}px")
    moved = {p["token_id"]: (p["x"], p["y"]) for p in gm.request("map.get")["result"]["positions"]}
    assert moved["gunner"] == (start[0] // SQUARE, start[1] // SQUARE + 2)

    # Below zero hit points, the rules' health state, not a negative fraction.
    assert gm.request("token.damage", token_id="target", serious=14)["ok"]  # 12 HP: 2 below zero, short of death
    target = page.locator('#board .token[data-token-id="target"]')
    expect(target).to_have_attribute("title", re.compile(r"^Target: unconscious, dying(;|$)"))
    target.click()
    expect(page.locator("#character-hp")).to_have_text("unconscious, dying")
    gunner.click()

    # A refusal from the bridge, as a sentence naming the field as the form labels it.
    form = page.locator("#attack-form")
    form.locator("[name=weapon]").select_option(".45 Auto Pistol")
    form.locator("[name=target]").select_option("target")
    form.locator("[name=defense_dice]").fill("299")  # keeping every die back leaves none to hit with
    form.locator("button[type=submit]").click()
    notice = page.locator("#notices .notice-error")
    expect(notice).to_contain_text("Could not attack with .45 Auto Pistol: MoTs to spend: ")
    assert "{" not in notice.text_content()
    form.locator("button[type=submit]").click()  # a second notice stacks under the first, each with its own timer
    expect(notice).to_have_count(2)
    for _ in range(2):
        notice.first.locator(".notice-close").click()
    expect(notice).to_have_count(0)
