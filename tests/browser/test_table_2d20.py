"""The 2d20 variant played on /table, in Debian's Chromium against a real bridge and Redis: the GM
registers two player characters and a thug with the page's character form (a line it cannot read
refused at its field) and every page lists them; the GM puts them on the map, starts the fight and sets its order; Alice and
Bob test and attack from their sheets on their turns, Alice spends Determination, the thug hits
back and the GM spends Chaos; an attack out of turn is refused with a sentence; two rounds pass, the round's end taking
Momentum; every page shows each token's Stress, Armor and traits as the bridge keeps them. In another
fight the GM picks who has the initiative, and every page's tracker starts the order there."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_table_people import notice_says
from .test_tabletop import gm_logs_in, invite_link, token_on

ANN = {"name": "Ann", "skills": "Survive 2, Fight 10", "styles": "Boldly 9, Forcefully 1", "focuses": "Swords 2", "armor": 2}
#: Each character's sheet as the GM types it in the page's character form, by the actor id typed.
CHARACTERS = {"ann": ANN, "bo": {**ANN, "name": "Bo", "focuses": ""},
              "thug": {"name": "Thug", "npc": True, "skills": "Survive 1, Fight 10", "styles": "Boldly 9, Forcefully 3", "focuses": "",
                       "armor": 0}}


def state_of(gm) -> dict:
    return gm.request("system.get")["result"]["state"]


def shows_every_token_as_kept(pages, gm) -> None:
    """Each page's tokens: the Stress bar and the traits of the character as the bridge keeps it."""
    characters = state_of(gm)["characters"]
    for page in pages:
        for actor_id, character in characters.items():
            token = token_on(page, f"{actor_id}-token")
            expect(token).to_have_attribute("data-hp", f"{character['stress']}/{character['stress_max']}")
            traits = [trait["name"] for trait in character["traits"]]
            shown = ([] if character["stress"] else ["no Stress left"]) + traits
            expect(token.locator(".conditions li")).to_have_count(len(shown))
            for name in shown:
                expect(token.locator(f'.conditions li[data-condition="{name}"]')).to_have_count(1)


def gm_registers(gm_page, gm, actor_id: str, sheet: dict) -> None:
    """The GM types the sheet in the page's character form (a checkbox ticked or not) and registers it; the System panel lists it."""
    form = gm_page.locator("#system-character-form")
    for name, value in {"actor_id": actor_id, **sheet}.items():
        field = form.locator(f"[name={name}]")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
    form.locator("button[type=submit]").click()
    expect(gm_page.locator(f'#system-pools li[data-actor-id="{actor_id}"]')).to_have_count(1)


def shows_the_characters(pages, gm, list_item: str) -> None:
    """Each page's System panel lists every character the bridge keeps, by name (`list_item`: its entries)."""
    characters = state_of(gm)["characters"]
    for page in pages:
        for actor_id, character in characters.items():
            expect(page.locator(f'{list_item}[data-actor-id="{actor_id}"]')).to_contain_text(character["name"])


def put_on_the_map(gm_page, pages, actor_ids, **fields) -> None:
    """The GM's "Put a character on the map" for each character, with its system's token fields."""
    for actor_id in actor_ids:
        gm_page.select_option("#system-token-form [name=actor_id]", actor_id)
        for name, value in fields.get(actor_id, {}).items():
            gm_page.fill(f"#system-token-form [name={name}]", str(value))
        gm_page.click("#system-token-form button[type=submit]")
        for page in pages:
            expect(token_on(page, f"{actor_id}-token")).to_be_visible()


def start_the_fight(gm_page, seats: dict[str, str], first: str | None = None) -> None:
    """The GM picks the fighters on the grid (shift-click), seats each and starts the fight, then sets
    its order; ``first``: the name of the token the GM picks to have the initiative (None: the rules' choice)."""
    for n, token_id in enumerate(seats):
        token_on(gm_page, token_id).click(modifiers=["Shift"] if n else [])
    inputs = gm_page.locator("#combat-seats input")
    expect(inputs).to_have_count(len(seats))
    for n, seat in enumerate(seats.values()):
        inputs.nth(n).fill(seat)
    gm_page.click("#combat-start-button")
    expect(gm_page.locator("#combat-round")).to_have_text("initiative not rolled")
    if first is not None:
        gm_page.select_option("#combat-first", label=first)
    gm_page.click("#combat-initiative")
    expect(gm_page.locator("#combat-round")).to_have_text("round 1")


def attack_from_the_sheet(page, token_id: str, target: str, damage: int, trait: str = "") -> None:
    token_on(page, token_id).click()
    form = page.locator("#system-actions form[data-what=attack]")
    form.locator("[name=target]").fill(target)
    form.locator("[name=skill]").fill("Fight")
    form.locator("[name=style]").fill("Boldly")
    form.locator("[name=damage]").fill(str(damage))
    form.locator("[name=negative_trait]").fill(trait)
    form.locator("button[type=submit]").click()


def act(page, token_id: str, action: str, zone: str = "") -> None:
    """The token's major or minor action from its "Act or move a zone" form."""
    token_on(page, token_id).click()
    form = page.locator("#system-actions form[data-what=act]")
    form.locator("[name=action]").select_option(action)
    form.locator("[name=zone]").fill(zone)
    form.locator("button[type=submit]").click()


def test_two_player_characters_fight_a_thug_for_two_rounds(bridge, world, gm, open_page, shot):
    assert gm.request("system.set", system="two_d20")["ok"]
    assert gm.request("2d20.session.start", players=2)["ok"]
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    alice = open_page(invite_link(gm, bridge, world, "alice", ["ann"]))
    bob = open_page(invite_link(gm, bridge, world, "bob", ["bo"]))
    pages = (gm_page, alice, bob)

    # The GM types each sheet in the page's character form; a line the page cannot read is refused
    # at its field before anything is sent.
    expect(gm_page.locator("#system-character")).to_be_visible()
    gm_page.fill("#system-character-form [name=name]", "Ann")
    gm_page.fill("#system-character-form [name=skills]", "Survive 2, Fight ten")
    gm_page.click("#system-character-form button[type=submit]")
    notice_says(gm_page, re.compile(r'Could not register the character: Skills \(.*\): "Fight ten" is not a skill and its rating'))
    assert state_of(gm)["characters"] == {}
    for actor_id, sheet in CHARACTERS.items():
        gm_registers(gm_page, gm, actor_id, sheet)
    sheets = {actor_id: (each["name"], each["skills"], each["styles"], each["focuses"], each["armor"], each["npc"])
              for actor_id, each in state_of(gm)["characters"].items()}
    assert sheets == {"ann": ("Ann", {"Survive": 2, "Fight": 10}, {"Boldly": 9, "Forcefully": 1}, {"Swords": 2}, 2, False),
                      "bo": ("Bo", {"Survive": 2, "Fight": 10}, {"Boldly": 9, "Forcefully": 1}, {}, 2, False),
                      "thug": ("Thug", {"Survive": 1, "Fight": 10}, {"Boldly": 9, "Forcefully": 3}, {}, 0, True)}
    shows_the_characters(pages, gm, ".vb-2d20-characters li")

    # The GM puts each character on the map; the sheet is the character's.
    put_on_the_map(gm_page, pages, ("ann", "bo", "thug"))
    shows_every_token_as_kept(pages, gm)

    # The fight: Ann and Bob on their players' seats, the thug on the GM's; Ann has the initiative.
    start_the_fight(gm_page, {"ann-token": "alice", "bo-token": "bob", "thug-token": "gm"})
    for page in pages:
        expect(page.locator("#combat-order li")).to_have_text([re.compile("^alice"), re.compile("^GM|^gm"), re.compile("^bob")])
        expect(page.locator("#combat-round")).to_have_text("round 1")

    for round_number in (1, 2):
        # Bob tries before his turn: refused, with a sentence on his page.
        attack_from_the_sheet(bob, "bo-token", "thug", 3)
        notice_says(bob, re.compile("Could not attack for Bo: .*not this token's turn"))
        # Alice: a test from her sheet turning a die with Determination (first round), then an attack.
        token_on(alice, "ann-token").click()
        roll = alice.locator("#system-roll")
        expect(roll.locator("[name=actor]")).to_have_value("ann")
        expect(alice.locator("#sheet-skills option[value=Fight]")).to_have_count(1)  # the sheet's skills to pick from
        roll.locator("[name=skill]").fill("Fight")
        roll.locator("[name=style]").fill("Boldly")
        roll.locator("[name=critical_die]").set_checked(round_number == 1)
        roll.locator("button[type=submit]").click()
        expect(alice.locator("#log .vb-rule-2d20-test")).to_have_count(round_number)
        if round_number == 1:
            assert state_of(gm)["characters"]["ann"]["determination"]["tokens"] == 0
        attack_from_the_sheet(alice, "ann-token", "thug", 3)
        expect(alice.locator("#log .vb-rule-2d20-attack")).to_have_count(3 * round_number - 2)
        alice.click("#combat-next")
        expect(gm_page.locator("#combat-order li.has-turn")).to_have_text(re.compile("^GM|^gm"))  # the GM sees the thug's turn come
        # The thug (the GM's) hits Ann, who takes a negative trait to cut the damage.
        attack_from_the_sheet(gm_page, "thug-token", "ann", 6, "Gashed" if round_number == 1 else "")
        expect(gm_page.locator("#log .vb-rule-2d20-attack")).to_have_count(3 * round_number - 1)
        if round_number == 1:  # the GM spends Chaos on the thug's special move
            chaos = state_of(gm)["chaos"]["tokens"]
            spend = gm_page.locator("#system-actions form[data-what=spend]")
            spend.locator("[name=pool]").select_option("chaos")
            spend.locator("[name=spend]").select_option("special_move")
            spend.locator("button[type=submit]").click()
            for page in pages:
                expect(page.locator("#system-pools .vb-2d20-chaos")).to_have_text(str(chaos - 1))
        gm_page.click("#combat-next")
        expect(bob.locator("#combat-order li.has-turn")).to_have_text(re.compile("^bob"))
        attack_from_the_sheet(bob, "bo-token", "thug", 3)
        expect(bob.locator("#log .vb-rule-2d20-attack")).to_have_count(3 * round_number)
        momentum = state_of(gm)["momentum"]["tokens"]
        bob.click("#combat-next")
        for page in pages:
            expect(page.locator("#combat-round")).to_have_text(f"round {round_number + 1}")
        assert state_of(gm)["momentum"]["tokens"] == max(0, momentum - 1)  # the round's end
        shows_every_token_as_kept(pages, gm)

    characters = state_of(gm)["characters"]
    assert characters["thug"]["stress"] < characters["thug"]["stress_max"], "four attacks at 19 or less on 2d20: the thug was hit"
    shot(alice, "2d20-after-two-rounds")


def test_the_gm_picks_who_has_the_initiative_and_every_tracker_starts_there(bridge, world, gm, open_page, shot):
    assert gm.request("system.set", system="two_d20")["ok"]
    assert gm.request("2d20.session.start", players=2)["ok"]
    gm_page = open_page(f"{bridge.url}/table")
    gm_logs_in(gm_page, world)
    for actor_id, sheet in CHARACTERS.items():
        gm_registers(gm_page, gm, actor_id, sheet)
    alice = open_page(invite_link(gm, bridge, world, "alice", ["ann"]))
    bob = open_page(invite_link(gm, bridge, world, "bob", ["bo"]))
    pages = (gm_page, alice, bob)
    put_on_the_map(gm_page, pages, ("ann", "bo", "thug"))

    # The GM picks Bo: he has the initiative.
    start_the_fight(gm_page, {"ann-token": "alice", "bo-token": "bob", "thug-token": "gm"}, first="Bo")
    order = [re.compile("^bob"), re.compile("^GM|^gm"), re.compile("^alice")]  # Bo first, then the sides alternate
    for page in pages:
        expect(page.locator("#combat-order li")).to_have_text(order)
        expect(page.locator("#combat-order li.has-turn")).to_have_text(re.compile("^bob"))
        expect(page.locator("#combat-first-choice")).to_be_hidden()
    combat = gm.request("table.snapshot")["result"]["combats"][0]
    assert (combat["order"], combat["seat"]) == (["bob", "gm", "alice"], "bob")
    card = gm.request("roll.log", limit=1)["result"]["rolls"][-1]
    assert (card["rule"], card["result"]["first"]) == ("combat.initiative", "bob")
    shot(gm_page, "2d20-bo-has-the-initiative")

    # Bo's turn: his minor action moves him a zone; a second is refused, as is Ann acting before her turn.
    assert gm.request("2d20.zones", zones={"bar": ["street"], "street": []}, positions={"ann": "bar", "bo": "bar"})["ok"]
    act(alice, "ann-token", "minor", "street")
    notice_says(alice, re.compile("Could not act for Ann: .*not this token's turn"))
    act(bob, "bo-token", "minor", "street")
    act(bob, "bo-token", "minor", "bar")  # sent once the first is answered (the form waits for it)
    notice_says(bob, re.compile("Could not act for Bo: .*minor action this turn"))
    document = state_of(gm)
    assert (document["zones"]["positions"]["bo"], document["turns"]["bo"]["taken"]) == ("street", ["minor"])
