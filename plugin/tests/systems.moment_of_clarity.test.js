// Moment of Clarity's module: its verdicts, its state drawn from a real state document (Raphe and
// Harry's session, played through the bridge's own state functions with fixed dice) and its request
// builders checked against the request schemas a plugin must satisfy (docs/schemas), through the
// bridge's own Python (bridge-python.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as moc from "../core/systems/moment_of_clarity.js";
import { panelRequest } from "../core/roll-panel.js";
import { VERDICTS, systemFor } from "../core/systems.js";
import { cardHTML } from "../core/cards.js";
import { python, requestErrors, schema } from "./bridge-python.js";

/** Raphe <the hacker> (a Wildcard choosing 3 of 4 cards) and Harry (a Hero hit for pain), a scene in, chips and a secret roll. */
const PLAY = `
import json
from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_clarity.chips import Chip, Use
from bridge.rules.moment_of_clarity.health import take_hit
from bridge.systems.moment_of_clarity import state
sheet = {"body": 3, "toughness": 2, "l_score": 2, "primary_dice": 3, "power_level": "standard", "skills": [], "draws_cards": True,
         "characteristics": {},
         "tracks": {"damage": 0, "pain": 0, "fatigue": 0}}
now, _ = state.register({**sheet, "actor_id": "raphe", "name": "Raphe <the hacker>", "archetype": "wildcard",
                         "placed": {"action": 1, "drama": 2}})(None)
now, _ = state.register({**sheet, "actor_id": "harry", "name": "Harry", "archetype": "hero", "placed": {},
                         "skills": [{"name": "Shooting", "element": "action", "dice": 4, "difficulty": 1, "primary": "Body", "secondary": "At"}]})(now)
now, _ = state.new_session(FixedDice([52, 39, 1, 1, 1, 1]))(now)
now, _ = state.new_scene(now)
now, _ = state.grant_chips("raphe", [Chip.RED, Chip.WHITE], True)(now)
now, _ = state.change_health("harry", lambda health: take_hit(health, 1, 6))(now)
now, _ = state.open_secret("card-1", "raphe")(now)
now, _ = state.grant_chips("harry", [Chip.BLUE] * 6, False)(now)
for _ in range(6):
    now, _ = state.spend_chip("harry", Chip.BLUE, Use.CHARACTER_POINT, None, FixedDice([]))(now)
now, _ = state.spend_points("harry", None, "Shooting", 20)(now)
print(json.dumps(now))
`;

/** The text's 8, 8, 7, 7, 4, 2 (EN 9) and a 1 against TN 7, as the rules make its card. */
const CARD = `
import json
from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_clarity.rolls import roll
from bridge.schemas.encode import dump
from bridge.systems.moment_of_clarity.schemas.rolls import MocRoll
rolled = roll(7, 10, 7, FixedDice([8, 8, 7, 7, 4, 2, 1]))
print(json.dumps({"roll_id": "c1", "user": "bob", "actor_id": "harry", "label": "", "rule": "moc.roll", "result": dump(MocRoll, rolled)}))
`;

test("a moc.roll card names its level and marks the dice making the Effect Number", () => {
  const html = cardHTML(python(CARD), { verdicts: VERDICTS });
  assert.match(html, /<span class="vb-outcome vb-success">Success<\/span> 3 successes against TN 7, 7 dice/);
  const dice = [...html.matchAll(/<li class="vb-die vb-([a-z]+)" data-face="(\d+)"/g)].map((m) => [Number(m[2]), m[1]]);
  assert.deepEqual(dice, [[8, "effect"], [8, "effect"], [7, "other"], [7, "other"], [4, "other"], [2, "other"], [1, "one"]]);
  assert.ok(html.includes("<li>Effect Number 9 (highest of 2x8 -&#62; 9, 2x7 -&#62; 8, 4 -&#62; 4, 2 -&#62; 2, 1 -&#62; 1)</li>"), html);
});

test("the registry knows the system and every level of success has words", () => {
  assert.equal(systemFor("moment_of_clarity"), systemFor(moc.name));
  assert.equal(systemFor("moment_of_clarity").title, "Moment of Clarity");
  const labels = schema("result.moc.roll.json").$defs.MocOutcome.properties.label.enum;
  assert.deepEqual(Object.keys(moc.outcomes).sort(), [...labels].sort());
});

test("the state shows each hand, the cards to choose from, chips, beads, tracks and secret rolls", () => {
  const state = python(PLAY);
  const html = moc.poolsHTML(state);
  assert.match(html, /<h4>Session 1, scene 1 <span class="vb-moc-drawn">6 cards out of the deck<\/span><\/h4>/);
  const [raphe, harry] = html.split('data-actor-id="harry"');
  assert.match(raphe, /<strong>Raphe &#60;the hacker&#62;<\/strong> <span class="vb-moc-archetype">wildcard<\/span>/);
  // Raphe draws first: the 52nd card (Ace of Hearts), the 39th of the 51 left (Ace of Spades), then the first left twice
  assert.match(raphe, /hand: —<\/div><div class="vb-moc-choosing">to keep 3 of: <ul class="vb-moc-cards"><li class="vb-moc-card vb-moc-hearts" title="Ace of Hearts">A♥<\/li><li class="vb-moc-card vb-moc-spades" title="Ace of Spades">A♠<\/li><li class="vb-moc-card vb-moc-clubs" title="2 of Clubs">2♣<\/li>/);
  assert.match(raphe, /<li class="vb-moc-chip vb-moc-white">1 white<\/li><li class="vb-moc-chip vb-moc-red">1 red<\/li>/);
  assert.match(raphe, /<li class="vb-moc-bead vb-moc-action">1 action<\/li><li class="vb-moc-bead vb-moc-drama">2 drama<\/li>/);
  assert.match(harry, /hand: <ul class="vb-moc-cards"><li class="vb-moc-card vb-moc-clubs" title="4 of Clubs">4♣<\/li><li class="vb-moc-card vb-moc-clubs" title="5 of Clubs">5♣<\/li><\/ul>/);
  assert.match(harry, /<span class="vb-moc-dazed">dazed<\/span>/);
  assert.match(harry, /Damage 1\/6, Pain 6\/10, Fatigue 0/);
  assert.match(harry, /<li class="vb-moc-bead vb-moc-action">6 action<\/li>/);
  // Six points from blue chips, five of them spent on Shooting's fifth die.
  assert.match(harry, /<ul class="vb-moc-skills"><li class="vb-moc-skill">Shooting 5d<\/li><\/ul><div class="vb-moc-points">1 character point<\/div>/);
  assert.match(raphe, /<div class="vb-moc-points">0 character points<\/div>/);
  assert.match(html, /<h5>Secret rolls<\/h5><ul class="vb-moc-secrets"><li>Raphe &#60;the hacker&#62;: 0 declared<\/li><\/ul>/);
  assert.ok(!html.includes("<the hacker>"));
});

test("no characters, no session yet", () => {
  const html = moc.poolsHTML(null);
  assert.match(html, /Session 0, scene 0/);
  assert.match(html, /No characters yet/);
});

test("the roll panel builds a moc.roll from the form's values", () => {
  const values = Object.fromEntries(moc.rollPanel.fields.map((field) => [field.name, field.value]));
  assert.deepEqual(panelRequest(moc.rollPanel, values, { actorId: "a1" }), {
    event: "moc.roll",
    payload: { actor_id: "a1", label: "", parts: [{ source: "pool", dice: 3 }], sides: 10, tn: 7, untrained: null, open_ended: true },
  });
  const built = panelRequest(moc.rollPanel, { ...values, dice: "5", sides: "6", tn: "9", untrained: "2", open_ended: "" }, { actorId: "a1" });
  assert.deepEqual(built.payload, {
    actor_id: "a1", label: "", parts: [{ source: "pool", dice: 5 }], sides: 6, tn: 9, untrained: 2, open_ended: false,
  });
});

/** The character form's values as typed: its defaults, and `typed`. */
function characterValues(typed) {
  return { ...Object.fromEntries(moc.characterPanel.fields.map((field) => [field.name, field.value])), ...typed };
}

test("the GM's character form builds moc.character from the sheet as typed", () => {
  const built = panelRequest(moc.characterPanel, characterValues({
    name: "Landon Sol", archetype: "protagonist", power_level: "heroic", primary_dice: "7", body: "3", toughness: "2", l_score: "2",
    characteristics: "Body 3, Sp 2, At 2", skills: "Brawling 2 action Body/T, Cryptography 1 plot difficult Mind/R", draws_cards: false,
  }), { actorId: "" });
  assert.deepEqual(built, { event: "moc.character", payload: {
    actor_id: "landon-sol", name: "Landon Sol", archetype: "protagonist", power_level: "heroic", primary_dice: 7, placed: {},
    body: 3, toughness: 2, l_score: 2, characteristics: { Body: 3, Sp: 2, At: 2 }, draws_cards: false,
    skills: [{ name: "Brawling", element: "action", dice: 2, difficulty: 1, primary: "Body", secondary: "T" },
      { name: "Cryptography", element: "plot", dice: 1, difficulty: 2, primary: "Mind", secondary: "R" }],
  } });
  assert.throws(() => panelRequest(moc.characterPanel, characterValues({ name: "", skills: "Brawling two action", characteristics: "Sp" }), { actorId: "" }),
    (error) => error.code === "invalid" && Object.keys(error.fields).sort().join() === "characteristics,name,skills");
});

test("the points form raises a skill of the sheet, else the characteristic named", () => {
  const sheet = { skills: [{ name: "Shooting", dice: 4 }], characteristics: { Body: 3, Sp: 2 } };
  assert.deepEqual(panelRequest(moc.actionPanels[2], { raise: "Shooting" }, { actorId: "harry", sheet }).payload,
    { actor_id: "harry", label: "", skill: "Shooting" });
  assert.deepEqual(panelRequest(moc.actionPanels[2], { raise: "Sp" }, { actorId: "harry", sheet }).payload,
    { actor_id: "harry", label: "", characteristic: "Sp" });
  assert.deepEqual(moc.sheetLists({ characters: { harry: sheet } }, "harry").purchases,
    [["Shooting", "Shooting 4d to 5d: 5 points"], ["Body", "Body 3 to 4: 20 points"], ["Sp", "Sp 2 to 3: 9 points"]]);
});

test("every builder sends what the request schemas accept", () => {
  const eight = { rank: 8, suit: "clubs", name: "8 of Clubs" };
  const requests = [
    moc.rollPanel.build(Object.fromEntries(moc.rollPanel.fields.map((field) => [field.name, field.value])), { actorId: "a1" }),
    moc.roll({ actorId: "antares", parts: [{ source: "Mind", dice: 3 }, { source: "Reasoning", dice: 2 }], untrained: 2 }),
    moc.split({ actorId: "harry", pool: 13, counted: 3, actions: [
      { name: "move", dice: 1, needs: "failure" }, { name: "lift", dice: 1, free_success: true }, { name: "throw", dice: 7 }, { name: "defense", dice: 2 },
    ] }),
    moc.augment({ actorId: "harry", rollId: "c1", card: eight, element: "action", points: [{ action: 0, die: 0, points: 1 }, { action: 2, die: 2, points: 2 }] }),
    moc.secretRoll({ actorId: "coulard", dice: 6 }),
    moc.declare({ actorId: "coulard", rollId: "c2", successes: 3, against: "the first agent" }),
    moc.declare({ actorId: "agent", rollId: "c3", successes: 1, resists: "c4" }),
    moc.attack({ actorId: "santana", target: "harry", dice: 6, weapon: { name: "blast pistol", damage: 4, lethality: 7, lethal: true }, resist: { dice: 5 } }),
    moc.recover({ actorId: "harry", kind: "action" }),
    moc.odds({ dice: 40, tn: 20 }),
    moc.trumpPlay({ actorId: "raphe", card: eight, element: "drama", standing: { beads: 2, actor_id: "harry", element: "action" } }),
    moc.trumpPlay({ actorId: "raphe", chip: "red", standing: { card: { rank: 12, suit: "hearts" }, suiting: "on_suit" } }),
    moc.spendPoints({ actorId: "harry", skill: "Shooting" }),
    moc.spendPoints({ actorId: "harry", characteristic: "Sp", label: "an arc's end" }),
    moc.characterPanel.build(characterValues({ name: "Landon Sol", characteristics: "Body 3, Sp 2, At 2",
      skills: "Brawling 2 action Body/T, Cryptography 1 plot difficult Mind/R, Lore 1 storytelling", placed: "plot 1" })),
    moc.keepCards({ actorId: "raphe", cards: [eight, { rank: 14, suit: "hearts" }, { rank: 2, suit: "spades" }] }),
    moc.cardAsBeads({ actorId: "harry", card: eight, beforeScene: true }),
    moc.cardShiftsBeads({ actorId: "harry", card: eight, source: "action", target: "drama" }),
    moc.spendBeads({ actorId: "rissh", element: "storytelling", beads: 1, storytelling: true }),
    moc.spendChip({ actorId: "raphe", chip: "white", use: "beads", element: "drama" }),
    moc.tradeChips({ actorId: "raphe", give: ["white", "white", "white", "white"], take: ["red"] }),
    moc.grantChips({ actorId: "raphe", chips: ["red"], sceneStart: true }),
    moc.registerCharacter({ actorId: "landon", name: "Landon Sol", archetype: "hero", powerLevel: "heroic", primaryDice: 7, body: 3,
      toughness: 2, lScore: 2, skills: [{ name: "Brawling", element: "action", dice: 2, difficulty: 1 }], tracks: { damage: 0, pain: 0, fatigue: 1 } }),
    moc.registerCharacter({ actorId: "goon", name: "Goon", archetype: "hero", primaryDice: 1, body: 2, toughness: 1, lScore: 1, drawsCards: false }),
    moc.newSession(),
    moc.newScene(),
  ];
  const errors = requestErrors(requests);
  assert.deepEqual(errors, requests.map(() => []), JSON.stringify(errors));
});
