// Exact payloads; tests/plugin/test_plugin_node.py also checks these builders' output against docs/schemas.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STATISTICS, attack, distance, explosion, fall, fireIgnite, inBlast, skillRoll, statisticName, statisticRoll, vacuumEnter } from "../core/rolls.js";

const agility = { name: "Agility", value: 3 };

test("a skill roll: TN as difficulty over the world's default, own MoTs, raised stakes, conditions", () => {
  assert.deepEqual(skillRoll({ actorId: "pc-1", statistic: agility, skill: { name: "Stealth", level: 2 }, tn: 3, defaultTn: 2,
    moments: 2, stakesRaised: false, visibility: "blind", conditions: ["injured"], label: "Sneak" }), {
    event: "roll",
    payload: { actor_id: "pc-1", kind: "skill", skill: { name: "Stealth", level: 2 }, statistic: agility, stakes_raised: false,
      visibility: "blind", label: "Sneak", difficulty: 1, moments: { own: 2 }, conditions: ["injured"] },
  });
});

test("a skill the actor lacks is an unskilled roll; defaults leave the options out", () => {
  assert.deepEqual(skillRoll({ actorId: "pc-1", statistic: agility, skill: null }).payload,
    { actor_id: "pc-1", kind: "unskilled", statistic: agility, stakes_raised: false, visibility: "public", label: "" });
  assert.deepEqual(statisticRoll({ actorId: "pc-1", statistic: agility, tn: 1, defaultTn: 1, whisperTo: ["gm"], visibility: "whisper" }).payload,
    { actor_id: "pc-1", kind: "statistic", statistic: agility, stakes_raised: false, visibility: "whisper", label: "", difficulty: 0, whisper_to: ["gm"] });
});

test("an attack names its weapon and targets by token", () => {
  assert.deepEqual(attack({ attacker: "t1", weapon: ".45 Auto Pistol", targets: ["t2"], distance: 7.5, moments: 1 }), {
    event: "attack",
    payload: { attacker: "t1", weapon: { name: ".45 Auto Pistol" }, targets: [{ token_id: "t2" }], distance: 7.5,
      moments_spent: 1, visibility: "public", label: "" },
  });
});

test("an explosion sends each token's distance to the centimetre and its cover", () => {
  assert.deepEqual(explosion({ actorId: "gm", charge: "shrapnel", dice: 20,
    tokens: [{ token_id: "a", distance: 1.41421356 }, { token_id: "b", distance: 2.5, cover: 3 }] }), {
    event: "hazard.explosion",
    payload: { actor_id: "gm", charge: "shrapnel", dice: 20, label: "",
      tokens: [{ token_id: "a", distance: 1.41, cover: 0 }, { token_id: "b", distance: 2.5, cover: 3 }] },
  });
});

test("a charge reaches while ceil(distance) <= dice: 20d6 reaches 20 m, not 20.01 m", () => {
  assert.equal(inBlast(20, 0), true);
  assert.equal(inBlast(20, 20), true);
  assert.equal(inBlast(20, 20.01), false);
  assert.equal(inBlast(1, 1), true);
  assert.equal(inBlast(1, 1.2), false);
});

test("fall, fire and vacuum name the tokens picked", () => {
  assert.deepEqual(fall({ tokenIds: ["a", "b"], meters: 30 }), { event: "hazard.fall", payload: { token_ids: ["a", "b"], meters: 30, armor: false, label: "" } });
  assert.deepEqual(fireIgnite({ tokenIds: ["a"], startingDice: 5, grease: true }),
    { event: "hazard.fire.ignite", payload: { token_ids: ["a"], starting_dice: 5, grease: true, label: "" } });
  assert.deepEqual(vacuumEnter({ tokenIds: ["a"], rupturedSuit: true }),
    { event: "hazard.vacuum.enter", payload: { token_ids: ["a"], warned: false, ruptured_suit: true, label: "" } });
});

test("distance on a grid: pixels to squares to metres", () => {
  assert.equal(distance({ x: 0, y: 0 }, { x: 300, y: 400 }, 100, 1.5), 7.5);
  assert.equal(distance({ x: 24, y: 24 }, { x: 72, y: 72 }, 48, 1), 1.41);
  assert.equal(distance({ x: 5, y: 5 }, { x: 5, y: 5 }, 48, 1), 0);
});

test("the six statistics, as a roll names them", () => {
  assert.deepEqual(STATISTICS.map(statisticName), ["Endurance", "Strength", "Agility", "Will", "Perception", "Education"]);
});
