// The 2d20 variant's module: its verdicts, its state drawn from a real state document (a session
// played through the bridge's own state functions) and its request builders checked against the
// request schemas a plugin must satisfy (docs/schemas). Runs the project's Python
// (.venv/bin/python, or $VTT_BRIDGE_PYTHON).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as twoD20 from "../core/systems/two_d20.js";
import { VERDICTS, systemFor } from "../core/systems.js";
import { cardHTML } from "../core/cards.js";
import { python, requestErrors, schema } from "./bridge-python.js";

/** Two players; Ann <the bold> hit through her armor, taking a trait; a thug; smoke on the scene; 3 Momentum banked. */
const PLAY = `
import json
from bridge.rules.two_d20.traits import Trait, TraitSubject
from bridge.systems.two_d20 import state
sheet = {"npc": False, "skills": {"Survive": 2}, "styles": {"Boldly": 3, "Forcefully": 1}, "focuses": {}, "armor": 2}
now, _ = state.start_session(None, 2)
now, _ = state.register(now, "ann", {**sheet, "name": "Ann <the bold>", "powers": True})
now, _ = state.register(now, "thug", {**sheet, "name": "Thug", "npc": True, "powers": False})
state.take_hit_in(now, "ann", 6, 0, "Bleeding")
state.add_trait(now, Trait("Smoke", TraitSubject.LOCATION, 1), None)
now["momentum"]["tokens"] = 3
print(json.dumps(now))
`;

/** A test card made by the pure rules with fixed faces: a 1 (two successes) and a 20, one assistant's 4. */
const CARD = `
import json
from bridge.rules.dice import FixedDice
from bridge.rules.two_d20 import Target, roll_skill_test
from bridge.schemas.encode import dump
from bridge.systems.two_d20.schemas import TwoD20SkillTest
test = roll_skill_test(Target(3, 5, focus=2), 2, dice=FixedDice([1, 20, 4]), assistants=[("Ana", Target(1, 1))])
print(json.dumps({"roll_id": "c1", "request_id": "r1", "at": 0, "user": "alice", "actor_id": "ann", "label": "",
                  "visibility": "public", "rule": "2d20.test", "result": dump(TwoD20SkillTest, test)}))
`;

test("the registry knows the system and every card's verdict has words", () => {
  assert.equal(systemFor("two_d20"), systemFor(twoD20.name));
  assert.equal(systemFor("two_d20").title, "2d20 variant");
  const labels = schema("result.2d20.test.json").$defs.TwoD20Verdict.properties.label.enum;
  assert.deepEqual(Object.keys(twoD20.outcomes).sort(), [...labels].sort());
});

test("the pools: Momentum against its cap, Chaos, the scene's traits, each character's trackers, escaped", () => {
  const html = twoD20.poolsHTML(python(PLAY));
  assert.match(html, /<dd class="vb-2d20-momentum">3 \/ 6<\/dd>/);
  assert.match(html, /<dd class="vb-2d20-chaos">4<\/dd>/);
  assert.match(html, /Scene: <ul class="vb-2d20-traits"><li class="vb-2d20-trait" title="location">Smoke \(\+1\)<\/li>/);
  // Ann: Stress 2 + 3 = 5, 6 damage less 2 armor is 4, cut to 2 by the trait; armor ablated to 1; Mana 6.
  assert.match(html, /<strong>Ann &#60;the bold&#62;<\/strong> <span class="vb-2d20-stress">Stress 3 \/ 5<\/span> <span class="vb-2d20-armor">Armor 1 \/ 2<\/span>/);
  assert.match(html, /Determination 1 \/ 3<\/span> <span class="vb-2d20-mana">Mana 6 \/ 6<\/span> <ul class="vb-2d20-traits"><li [^>]*>Bleeding<\/li>/);
  assert.match(html, /<strong>Thug<\/strong> <span class="vb-2d20-npc">NPC<\/span>/);
  assert.doesNotMatch(html, /Thug.*Mana/);
  assert.doesNotMatch(html, /<the bold>/);
});

test("a test's card shows its verdict, each die as it counted and the assistant's die", () => {
  const html = cardHTML(python(CARD), { verdicts: VERDICTS });
  assert.match(html, /<span class="vb-outcome vb-passed">Passed<\/span> 2 successes against TN 8, 2 dice/);
  assert.match(html, /<li class="vb-die vb-critical_success" data-face="1" title="critical_success">1<\/li><li class="vb-die vb-complication" data-face="20"/);
  assert.match(html, /data-key="assistants"><div class="vb-dice-head">Assistants: 1 die<\/div><ol class="vb-dice"><li class="vb-die vb-failure" data-face="4"/);
  assert.match(html, /<li>passed: 0 Momentum from extra successes<\/li>/);
});

test("before a session the pools say the GM starts one", () => {
  assert.match(twoD20.poolsHTML(null), /No session started/);
});

test("every builder's request is what its schema accepts", () => {
  const fight = { skill: "Fight", style: "Boldly" };
  const built = [
    twoD20.test({ actorId: "ann", ...fight, focus: "Swords", difficulty: 2, traits: ["Smoke"], assistants: [{ actorId: "bob", ...fight }], bought: 2, paidBy: "chaos", criticalDie: true }),
    twoD20.test({ actorId: "ann", ...fight, difficulty: 0 }),
    twoD20.reroll({ actorId: "ann", dice: [0, "2"] }),
    twoD20.contest({ actorId: "ann", ...fight, opponent: { actorId: "thug", skill: "Fight", style: "Forcefully" } }),
    twoD20.attack({ actorId: "thug", targetId: "ann", kind: "melee", ...fight, damage: 4, bonusDamage: 1, defence: fight, negativeTrait: "Bleeding", counterDamage: 2 }),
    twoD20.attack({ actorId: "ann", targetId: "thug", kind: "ranged", ...fight, damage: 3 }),
    twoD20.startSession(3),
    twoD20.registerCharacter({ actorId: "ann", name: "Ann", skills: { Survive: 2 }, styles: { Boldly: 3, Forcefully: 1 }, armor: 2, powers: true }),
    twoD20.spend({ pool: "momentum", spend: "question" }),
    twoD20.spend({ pool: "chaos", spend: "trait", trait: { name: "Smoke", about: "location", difficulty: 1 }, actorId: "ann" }),
    twoD20.gainChaos({ prevented: 1 }),
    twoD20.gainChaos({ tokens: 2, reason: "a villain arrives" }),
    twoD20.spendDetermination({ actorId: "ann", use: "trait", removeTrait: "Bleeding" }),
    twoD20.spendDetermination({ actorId: "ann", use: "extra_action" }),
    twoD20.awardDetermination({ actorId: "ann", reason: "a fine speech" }),
    twoD20.spendMana({ actorId: "ann", mana: 2 }),
    twoD20.changeTrait({ trait: { name: "Dark", about: "location", difficulty: 1 } }),
    twoD20.changeTrait({ remove: "Bleeding", actorId: "ann" }),
    twoD20.endRound(),
    twoD20.endScene(),
  ];
  assert.deepEqual(requestErrors(built), built.map(() => []));
  assert.deepEqual(built.map((each) => each.event).slice(0, 6), ["2d20.test", "2d20.test", "2d20.reroll", "2d20.contest", "2d20.attack", "2d20.attack"]);
  assert.deepEqual(built[2].payload.dice, [0, 2]);
  assert.equal("paid_by" in built[1].payload, false, "nothing bought, nobody pays");
});

test("the roll panel builds a skill test from a form's values", () => {
  assert.deepEqual(twoD20.rollPanel.fields.map((field) => field.name), ["skill", "style", "focus", "difficulty", "traits", "bought", "paid_by", "critical_die"]);
  const { event, payload } = twoD20.rollPanel.build(
    { skill: "Fight", style: "Boldly", focus: "", difficulty: 2, traits: "Smoke, Dark ,", bought: 1, paid_by: "chaos", critical_die: true },
    { actorId: "ann" },
  );
  assert.equal(event, "2d20.test");
  assert.deepEqual(payload, {
    actor_id: "ann", label: "", skill: "Fight", style: "Boldly", difficulty: 2, traits: ["Smoke", "Dark"], assistants: [],
    bought: 1, critical_die: true, paid_by: "chaos",
  });
});
