// The table's combat in a world of another system than Moment of Truth, for the plugin's tests (not a
// test file): a client whose combat.start, combat.initiative, combat.next and combat.end are answered as
// the table core answers them (bridge/table/events.py: seats on their first seating, one turn per seat in
// the order, a wrap a new round), the order set by the world's system's own `Table.order`
// (bridge/systems/<name>/table.py) run by the project's Python with seeded dice, after its schema of the
// request loaded the payload the plugin sent; each change pushed as `combat.changed`. The d10 system's
// table sets the order again at each new round (its phases), as its `combat.next` does.
import { python } from "./bridge-python.js";

const ORDER = `
import json, sys
from bridge.rules.dice import SeededDice
from bridge.systems import installed
asked = json.load(sys.stdin)
table = installed()[asked["system"]].table
schema = table.schemas.get(asked["event"])
request = schema().load({"request_id": "r1", **asked["payload"]}) if schema else dict(asked["payload"])
order, card = table.order(asked["combat"], asked["records"], request, SeededDice(asked["seed"]))
print(json.dumps({"order": order, "card": card}))
`;

/** A connected GM's client whose combat requests the table core and the world's system answer, pushing each change to `table`. */
export class BridgeTable {
  /**
   * @param {{applyPush: Function}} table the client's TableState
   * @param {string} system the world's rule system
   * @param {Object<string, object>} records each tracked token's record, by token id
   * @param {number} seed the order's dice's seed
   */
  constructor(table, system, records, seed) {
    Object.assign(this, { table, system, records, seed, state: "connected", sent: [], combat: null, version: 0, cards: [] });
  }

  /** The seat whose turn it is, or null. */
  get seat() {
    return this.combat?.seat ?? null;
  }

  async request(event, payload) {
    this.sent.push([event, payload]);
    const scene = this.combat?.scene_id ?? payload.scene_id;
    let result;
    if (event === "combat.start") {
      const combatants = payload.combatants.map(({ token_id, seat }) => ({ token_id, seat: seat ?? token_id }));
      this.combat = { scene_id: payload.scene_id, combatants, order: [], turn: null, round: 1, seat: null };
      result = this.combat;
    } else if (event === "combat.initiative") {
      const { order, card } = this.order(event, payload);
      this.cards.push(card);
      this.combat = { ...this.combat, order, turn: 0, round: 1, seat: order[0] };
      result = { combat: this.combat, card: { rule: event, result: card }, started: { seat: order[0], round: 1, new_round: true } };
    } else if (event === "combat.next") {
      if (payload.seat !== this.combat.seat) throw Object.assign(new Error("the turn has moved on already"), { code: "invalid" });
      const wrapped = this.combat.turn + 1 >= this.combat.order.length;
      this.combat = { ...this.combat, turn: wrapped ? 0 : this.combat.turn + 1, round: this.combat.round + (wrapped ? 1 : 0) };
      if (wrapped && this.system === "highest_d10") {
        const { order, card } = this.order(event, payload);
        this.cards.push(card);
        this.combat = { ...this.combat, order };
      }
      this.combat = { ...this.combat, seat: this.combat.order[this.combat.turn] };
      result = { started: { seat: this.combat.seat, round: this.combat.round, new_round: wrapped } };
    } else if (event === "combat.end") {
      result = { ended: this.combat };
      this.combat = null;
    }
    this.version += 1;
    this.table.applyPush("combat.changed", { scene_id: scene, version: this.version, state: this.combat && { ...this.combat, version: this.version } });
    return result;
  }

  /** The order the world's system sets, its schema of the request loading the payload sent. */
  order(event, payload) {
    const asked = { system: this.system, event, payload, combat: this.combat, records: this.records, seed: this.seed + this.combat.round };
    return python(ORDER, JSON.stringify(asked));
  }
}
