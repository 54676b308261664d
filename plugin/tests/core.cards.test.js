// Cards rendered from real cards the bridge made (core.cards.fixture.json: a skill roll with a
// named modifier, a damage roll, a 6d6 explosion over two tokens, a pistol shot at 4 m).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { cardHTML, escapeHTML, facesOf } from "../core/cards.js";

const cards = JSON.parse(readFileSync(new URL("core.cards.fixture.json", import.meta.url), "utf8"));
const dice = (html) => [...html.matchAll(/<li class="vb-die( vb-[a-z_]+)?" data-face="(\d)"/g)].map((m) => [Number(m[2]), (m[1] ?? "").trim()]);

test("a roll card shows every face as it was counted, the TN, the modifiers and the explanation", () => {
  const html = cardHTML(cards.roll);
  const { result } = cards.roll;
  assert.deepEqual(dice(html), result.dice.map((die) => [die.face, `vb-${die.counts_as}`]));
  const verdict = { success: "Success", failure: "Failure", critical_success: "Critical success",
    success_with_setback: "Success with a setback", critical_failure: "Critical failure" }[result.outcome.label];
  assert.ok(html.includes(`${verdict}</span> ${result.successes} successes against TN 2, 6 dice`));
  assert.match(html, /<li class="vb-part">darkness \+1d6<\/li>/);
  for (const line of result.explanation) assert.ok(html.includes(`<li>${escapeHTML(line)}</li>`), line);
  assert.ok(html.includes("Sneak &#60;past&#62;"));
  assert.ok(!html.includes("<past>"));
  assert.deepEqual(facesOf(cards.roll), result.faces);
});

test("a damage card marks minor and serious faces", () => {
  const html = cardHTML(cards.damage);
  const marks = cards.damage.result.dice.map((die) => [die.face, die.serious ? "vb-serious" : die.minor ? "vb-minor" : "vb-blank"]);
  assert.deepEqual(dice(html), marks);
  assert.deepEqual(facesOf(cards.damage), cards.damage.result.faces);
  assert.match(html, new RegExp(`Damage 4d6 \\(4,5\\): ${cards.damage.result.serious} serious, ${cards.damage.result.minor} minor`));
});

test("an explosion card lists each token's result with its dice and the conditions it changed", () => {
  const html = cardHTML(cards.explosion);
  const sections = html.split('<section class="vb-card-token"').slice(1);
  assert.equal(sections.length, 2);
  cards.explosion.result.tokens.forEach((each, i) => {
    assert.ok(sections[i].startsWith(` data-token-id="${each.token_id}"`));
    assert.deepEqual(dice(sections[i]).map(([face]) => face), each.damage.flatMap((d) => d.faces));
    for (const { condition, gained } of each.token?.changes ?? []) {
      assert.ok(sections[i].includes(`<li class="vb-${gained ? "gained" : "lost"}">${gained ? "+" : "−"}${condition}</li>`));
    }
  });
  assert.deepEqual(facesOf(cards.explosion), cards.explosion.result.tokens.flatMap((each) => each.damage.flatMap((d) => d.faces)));
  assert.ok(html.includes(escapeHTML(cards.explosion.result.explanation.at(-1))));
});

test("a hazard's faces come in rolling order: pips, then rolls, then damage", () => {
  const entry = { roll_id: "h1", rule: "hazard.vacuum.enter", user: "gm", actor_id: "a", label: "", visibility: "public",
    result: { tokens: [{ token_id: "t1", damage: [{ faces: [6], dice: [{ face: 6, minor: true, serious: true }] }],
      rolls: [{ faces: [1, 5], dice: [{ face: 1, counts_as: "one" }, { face: 5, counts_as: "success" }] }], pips: [3, 4], explanation: [] }] } };
  assert.deepEqual(facesOf(entry), [3, 4, 1, 5, 6]);
  assert.deepEqual(dice(cardHTML(entry)), [[3, ""], [4, ""], [1, "vb-one"], [5, "vb-success"], [6, "vb-serious"]]);
});

test("a blind notice shows only that a roll happened", () => {
  const notice = { roll_id: "n1", request_id: "r", at: 1, user: "alice", actor_id: "pc-1", label: "Search", visibility: "blind", rule: "roll", hidden: true };
  const html = cardHTML(notice);
  assert.match(html, /alice made a blind roll/);
  assert.deepEqual(dice(html), []);
  assert.deepEqual(facesOf(notice), []);
});

test("a card of a rule the plugin does not know shows its explanation; all text is escaped", () => {
  const html = cardHTML({ roll_id: 'x"1', rule: "new.rule<b>", user: "<img src=x onerror=alert(1)>", actor_id: "a&b", label: "",
    visibility: "whisper", result: { explanation: ["<script>alert(1)</script>"] } });
  assert.ok(!/<(script|img|b)[ >]/.test(html));
  assert.ok(html.includes("&#60;script&#62;alert(1)&#60;/script&#62;"));
  assert.ok(html.includes('data-roll-id="x&#34;1"'));
  assert.ok(html.includes("a&#38;b"));
  assert.equal(escapeHTML(`<a href='x'>&"`), "&#60;a href=&#39;x&#39;&#62;&#38;&#34;");
});

test("an attack card shows its roll, each hit's damage, then what each target took", () => {
  const html = cardHTML(cards.attack);
  const { result } = cards.attack;
  const [own, ...sections] = html.split('<section class="vb-card-token"');
  const hitFaces = result.hits.flatMap((hit) => hit.damage.faces);
  assert.deepEqual(dice(own).map(([face]) => face), [...result.roll.faces, ...hitFaces, ...result.scatter_faces, ...(result.ammo?.faces ?? [])]);
  assert.deepEqual(dice(own).slice(0, result.roll.faces.length), result.roll.dice.map((die) => [die.face, `vb-${die.counts_as}`]));
  assert.equal(sections.length, result.tokens.length);
  const taken = result.tokens[0];
  assert.ok(sections[0].startsWith(` data-token-id="${taken.token_id}"><h4>${taken.name} <span class="vb-token-id">`));
  for (const { condition, gained } of taken.changes) {
    assert.ok(sections[0].includes(`<li class="vb-${gained ? "gained" : "lost"}">${gained ? "+" : "−"}${condition}</li>`), condition);
  }
  assert.ok(html.includes(escapeHTML(result.explanation.at(-1))));
});
