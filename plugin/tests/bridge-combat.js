// The bridge's combat tracker for the plugin's tests (not a test file): a client whose combat.start,
// combat.initiative, combat.next and combat.end are answered by the bridge's own tracker rules
// (bridge/rules/moment_of_truth/tracker.py, initiative.py), run by the project's Python as the bridge's
// handlers run them (systems/moment_of_truth/events/tracker.py), each change pushed as `combat.changed`.
// Initiative is rolled with seeded dice, every seat's statistics 3, the GM rolling his highest.
import { python } from "./bridge-python.js";

const RULES = `
import json, sys
from bridge.rules.dice import SeededDice
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.initiative import GmReaction, GmSide, roll_initiative
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.tracker import Combat, Combatant, advanced, fighting_seats, seat_tokens, started, with_initiative
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.tracker import Combat as CombatShape, InitiativeResult

asked = json.load(sys.stdin)
event, payload = asked["event"], asked["payload"]
combat = Combat.from_dict(asked["combat"]) if asked["combat"] else None
error = result = None
if event == "combat.start":
    combat = started(payload["scene_id"], payload["seating"], payload["gm_seat"],
                     [Combatant(c["token_id"], c["seat"]) for c in payload["combatants"]])
    result = dump(CombatShape, combat)
elif event == "combat.initiative":
    three = {statistic: 3 for statistic in Statistic}
    players = {seat: three for seat in fighting_seats(combat) if seat != combat.gm_seat}
    gm_tokens = seat_tokens(combat, combat.gm_seat)
    gm = GmSide(combat.gm_seat, {token: three for token in gm_tokens}, GmReaction.HIGHEST) if gm_tokens else None
    rolled = roll_initiative(fighting_seats(combat), players, gm, Dials(), dice=SeededDice(asked["seed"]))
    combat = with_initiative(combat, rolled)
    result = {"rule": "combat.initiative", "result": dump(InitiativeResult, rolled)}
elif event == "combat.next":
    if payload["seat"] != combat.seat:
        error = f"it is {combat.seat!r}'s turn by now"
    else:
        combat = advanced(combat)
        result = {"seat": combat.seat}
elif event == "combat.end":
    result, combat = {"ended": dump(CombatShape, combat)}, None
print(json.dumps({"combat": dump(CombatShape, combat) if combat else None, "result": result, "error": error}))
`;

/** A connected client of the GM's whose combat requests the bridge's tracker rules answer, pushing each change to `table`. */
export class BridgeCombat {
  /**
   * @param {{applyPush: Function}} table the client's TableState
   * @param {number} seed the initiative dice's seed
   */
  constructor(table, seed) {
    Object.assign(this, { table, seed, state: "connected", sent: [], combat: null, version: 0 });
  }

  /** The combat as the bridge keeps it (its `seat` whose turn it is), or null. */
  get seat() {
    return this.combat?.seat ?? null;
  }

  async request(event, payload) {
    this.sent.push([event, payload]);
    const scene = this.combat?.scene_id ?? payload.scene_id;
    const answer = python(RULES, JSON.stringify({ event, payload, combat: this.combat, seed: this.seed }));
    if (answer.error) throw Object.assign(new Error(answer.error), { code: "invalid" });
    this.combat = answer.combat;
    this.version += 1;
    this.table.applyPush("combat.changed", { scene_id: scene, version: this.version, state: this.combat && { ...this.combat, version: this.version } });
    return answer.result;
  }
}
