// Cards rendered from real cards the bridge made (core.cards.fixture.json: a skill roll with a
// named modifier, a damage roll, a 6d6 explosion over two tokens, a pistol shot at 4 m, a Molotov on
// two tokens, a macro that failed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { CARD_WORDS, cardHTML, cardParts, escapeHTML, facesOf } from "../core/cards.js";

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
  assert.ok(html.includes("<li>hurt: Thug-1, Thug-2</li>"), "the ids in the working are named");
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
  assert.ok(sections[0].startsWith(` data-token-id="${taken.token_id}"><h4>${taken.name}</h4>`));
  for (const { condition, gained } of taken.changes) {
    assert.ok(sections[0].includes(`<li class="vb-${gained ? "gained" : "lost"}">${gained ? "+" : "−"}${condition}</li>`), condition);
  }
  assert.ok(html.includes(escapeHTML(result.explanation.at(-1))));
  assert.ok(html.includes("<li>hit on Thug-2: the TN is met</li>"));
});

test("a macro's card: what it said, each fire it started with its dice, and each target by name with what it gained", () => {
  const html = cardHTML(cards.macro);
  const { result } = cards.macro;
  assert.ok(html.includes(`<ul class="vb-said">${result.said.map((line) => `<li>${escapeHTML(line)}</li>`).join("")}</ul>`));
  const [own, ...sections] = html.split('<section class="vb-card-token"');
  assert.deepEqual(dice(own).map(([face]) => face), result.effects.flatMap((effect) => effect.fire.damage.flatMap((d) => d.faces)));
  assert.deepEqual(sections.map((section) => section.match(/<h4>([^<]*)<\/h4>/)[1]), ["Ann", "Bob"]);
  for (const section of sections) assert.ok(section.includes('<li class="vb-gained">+on_fire</li>'));
  assert.ok(!html.includes("vb-card-error"));
});

test("a failed macro's card says where it failed and what it printed, escaped; nothing else", () => {
  const html = cardHTML(cards.macro_failed);
  assert.ok(html.includes('<p class="vb-card-error"><span class="vb-error-where">half_done.py line 9</span>: RuntimeError: the bottle slipped</p>'));
  assert.ok(html.includes('<pre class="vb-printed">tripping &#60;now&#62;\n</pre>'));
  assert.deepEqual(dice(html), []);
  assert.ok(!html.includes("vb-card-token"));
});

const headline = (html) => html.match(/<p class="vb-verdict vb-tone-([a-z_]+)">([^<]*)<\/p>/)?.slice(1);
const taken = (html) => [...(html.match(/<ul class="vb-taken">(.*?)<\/ul>/)?.[1] ?? "").matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
const withOutcome = (card, outcome, successes) => ({ ...card, result: { ...card.result, successes, outcome: { ...card.result.outcome, ...outcome } } });

test("the headline says the verdict; the working is collapsed in a <details> after it", () => {
  const html = cardHTML(cards.roll);
  assert.deepEqual(headline(html), ["success", "Success"]);
  assert.match(html, /<\/header><p class="vb-verdict[^>]*>Success<\/p><details class="vb-working"><summary>Dice and working<\/summary><section class="vb-dice-group"/);
  assert.ok(!html.includes("<details open"));
  assert.deepEqual(headline(cardHTML(withOutcome(cards.roll, { label: "critical_success" }, 4))), ["critical_success", "Critical success"]);
  assert.deepEqual(headline(cardHTML(withOutcome(cards.roll, { label: "success_with_setback" }, 2))), ["success_with_setback", "Success with a setback"]);
  assert.deepEqual(headline(cardHTML(withOutcome(cards.roll, { label: "failure" }, 1))), ["failure", "Failure"]);
});

test("counts are singular or plural as they fall: 1 success, 1 die, 1 hit point", () => {
  const one = { roll_id: "o", rule: "roll", user: "gm", result: { faces: [5], dice: [{ face: 5, counts_as: "success" }], successes: 1,
    target: { value: 1 }, outcome: { label: "success" }, explanation: [] } };
  assert.match(cardHTML(one), /Success<\/span> 1 success against TN 1, 1 die</);
  assert.match(cardHTML(cards.roll), /Success<\/span> 3 successes against TN 2, 6 dice</);
  const damage = cards.damage.result;
  assert.deepEqual(taken(cardHTML(cards.damage)), [`${damage.hit_points_lost} hit points lost`]);
  assert.deepEqual(taken(cardHTML({ ...cards.damage, result: { ...damage, hit_points_lost: 1 } })), ["1 hit point lost"]);
  assert.deepEqual(headline(cardHTML(cards.damage)), ["damage", "Damage taken"]);
  assert.ok(!/\b1 (successes|dice|hit points)\b/.test(cardHTML(one)));
});

test("an attack's headline is Hit with what each target lost, by name; with no hit, Miss", () => {
  const html = cardHTML(cards.attack);
  assert.deepEqual(headline(html), ["hit", "Hit"]);
  const { hits } = cards.attack.result;
  assert.deepEqual(taken(html), hits.map((hit) => `Thug-2: ${hit.damage.hit_points_lost} hit points lost`));
  const missed = cardHTML({ ...cards.attack, result: { ...cards.attack.result, hits: [] } });
  assert.deepEqual(headline(missed), ["miss", "Miss"]);
  assert.deepEqual(taken(missed), []);
});

test("a hazard's headline is the damage taken, each token by name", () => {
  const html = cardHTML(cards.explosion);
  assert.deepEqual(headline(html), ["damage", "Damage taken"]);
  const lost = cards.explosion.result.tokens.map((each) => each.damage.reduce((sum, d) => sum + d.hit_points_lost, 0));
  assert.deepEqual(taken(html), lost.map((n, i) => `Thug-${i + 1}: ${n} hit point${n === 1 ? "" : "s"} lost`));
});

test("names replace ids: the actor, the user and the tokens, from the caller's names first", () => {
  const names = { "thug-1": "Big Tony", gm: "Gamemaster" };
  const html = cardHTML(cards.explosion, { names });
  assert.match(html, /<span class="vb-card-who">Gamemaster <span class="vb-card-actor">for Big Tony<\/span>/);
  assert.ok(html.includes('data-token-id="thug-1"><h4>Big Tony</h4>'));
  assert.ok(html.includes("<li>hurt: Big Tony, Thug-2</li>"));
  assert.ok(!/>[^<]*thug-1[^<]*</.test(html), "no text shows the id");
});

test("every word goes through say: a translation reaches the headline, the counts and the working", () => {
  const say = (key, data) => `[${key}${data ? ` ${JSON.stringify(data)}` : ""}]`;
  const html = cardHTML(cards.attack, { say });
  assert.ok(html.includes("[Hit]"));
  assert.ok(html.includes("[Working]"));
  assert.ok(html.includes(escapeHTML('[Lost {"name":"Thug-2","count":16}]')));
  assert.ok(html.includes(escapeHTML('[Successes {"count":3}]')));
  const parts = cardParts(cards.attack, { say });
  assert.deepEqual(parts.verdict, { text: "[Hit]", tone: "hit" });
});

test("lang/en.json holds every card word, in the same English", () => {
  const lang = JSON.parse(readFileSync(new URL("../lang/en.json", import.meta.url), "utf8"));
  assert.deepEqual(lang.VTTBRIDGE.Card, { ...CARD_WORDS });
});
