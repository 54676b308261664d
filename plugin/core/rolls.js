/**
 * Request payloads built from the choices a player or the GM makes in the UI, exactly as the
 * bridge's schemas accept them (docs/schemas/request.<event>.json), and distances on a grid.
 * Each builder returns `{event, payload}`: hand it to `BridgeClient.request` (or `.queued` for
 * the hazards, which run on a worker).
 * @module core/rolls
 */

/** The six basic statistics (ch. 2), as the bridge's stat blocks name them. */
export const STATISTICS = ["endurance", "strength", "agility", "will", "perception", "education"];

/**
 * A statistic as a roll and the UI name it: "agility" as "Agility".
 * @param {string} id one of STATISTICS
 */
export function statisticName(id) {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/**
 * A skill roll (ch. 1): `kind` skill, or unskilled when the actor lacks the skill (`skill` null).
 * @param {object} choice
 * @param {string} choice.actorId
 * @param {{name: string, value: number}} choice.statistic
 * @param {{name: string, level: number}|null} choice.skill
 * @param {number} [choice.tn] the target number chosen; null: the world's default TN
 * @param {number} [choice.defaultTn] the world's `default_tn` (session.ready's settings)
 * @param {number} [choice.moments] the roller's own MoTs spent, +1d6 each (ch. 5)
 * @param {boolean} [choice.stakesRaised]
 * @param {"public"|"blind"|"whisper"} [choice.visibility]
 * @param {string[]} [choice.whisperTo]
 * @param {string[]} [choice.conditions] the actor's conditions, whose penalties apply (ch. 7)
 * @param {string} [choice.label]
 * @returns {{event: "roll", payload: object}}
 */
export function skillRoll({ skill, ...choice }) {
  return roll(choice, skill ? { kind: "skill", skill } : { kind: "unskilled" });
}

/**
 * A statistic roll (ch. 1): the options as for `skillRoll`, without a skill.
 * @param {object} choice see `skillRoll`
 * @returns {{event: "roll", payload: object}}
 */
export function statisticRoll(choice) {
  return roll(choice, { kind: "statistic" });
}

/**
 * @param {{actorId: string, statistic: object, tn?: number|null, defaultTn?: number, moments?: number, stakesRaised?: boolean,
 *   visibility?: string, whisperTo?: string[], conditions?: string[], label?: string}} choice
 * @param {object} kind
 * @returns {{event: "roll", payload: object}}
 */
function roll({ actorId, statistic, tn = null, defaultTn = 2, moments = 0, stakesRaised = false,
                visibility = "public", whisperTo = [], conditions = [], label = "" }, kind) {
  /** @type {Object<string, unknown>} */
  const payload = { actor_id: actorId, ...kind, statistic, stakes_raised: stakesRaised, visibility, label };
  if (tn !== null) payload.difficulty = tn - defaultTn;
  if (moments > 0) payload.moments = { own: moments };
  if (conditions.length) payload.conditions = conditions;
  if (whisperTo.length) payload.whisper_to = whisperTo;
  return { event: "roll", payload };
}

/**
 * An attack by a tracked token (ch. 7, 9, 10): its statistics, skill and conditions come from
 * its state on the bridge.
 * @param {object} choice
 * @param {string} choice.attacker the attacking token's id
 * @param {string} choice.weapon the weapon's name in the world's arsenal (`equipment.list`)
 * @param {string[]} choice.targets token ids, the primary first (1…3)
 * @param {number|null} [choice.distance] metres to the primary target; null for a melee weapon
 * @param {number} [choice.moments] MoTs spent on the attack roll
 * @param {"public"|"blind"|"whisper"} [choice.visibility]
 * @param {string} [choice.label]
 * @returns {{event: "attack", payload: object}}
 */
export function attack({ attacker, weapon, targets, distance = null, moments = 0, visibility = "public", label = "" }) {
  return {
    event: "attack",
    payload: {
      attacker, weapon: { name: weapon }, targets: targets.map((token_id) => ({ token_id })),
      distance, moments_spent: moments, visibility, label,
    },
  };
}

/**
 * A charge going off among tokens (ch. 8, Explosions). The caller measures each token's
 * distance from the center (`distance`) and the cover the GM gives it.
 * @param {object} choice
 * @param {string} choice.actorId whoever the card is about (the thrower, say)
 * @param {"shrapnel"|"no_shrapnel"|"flash_bang"} choice.charge
 * @param {number} choice.dice the pool at the center (a grenade: 20)
 * @param {{token_id: string, distance: number, cover?: number}[]} choice.tokens
 * @param {string} [choice.label]
 * @returns {{event: "hazard.explosion", payload: object}}
 */
export function explosion({ actorId, charge, dice, tokens, label = "" }) {
  return {
    event: "hazard.explosion",
    payload: {
      actor_id: actorId, charge, dice, label,
      tokens: tokens.map(({ token_id, distance, cover = 0 }) => ({ token_id, distance: metres(distance), cover })),
    },
  };
}

/**
 * The tokens a charge can reach: its pool loses 1d6 per metre begun past the first, so a
 * token at `distance` is in reach while `ceil(distance) <= dice` (ch. 8, Explosions).
 * @param {number} dice
 * @param {number} distance metres
 */
export function inBlast(dice, distance) {
  return Math.max(1, Math.ceil(distance)) <= dice;
}

/**
 * Tokens falling (ch. 8, Falling).
 * @param {{tokenIds: string[], meters: number, armor?: boolean, label?: string}} choice
 * @returns {{event: "hazard.fall", payload: object}}
 */
export function fall({ tokenIds, meters, armor = false, label = "" }) {
  return { event: "hazard.fall", payload: { token_ids: tokenIds, meters: metres(meters), armor, label } };
}

/**
 * Tokens set on fire (ch. 8, Fire).
 * @param {{tokenIds: string[], startingDice: number, grease?: boolean, label?: string}} choice
 * @returns {{event: "hazard.fire.ignite", payload: object}}
 */
export function fireIgnite({ tokenIds, startingDice, grease = false, label = "" }) {
  return { event: "hazard.fire.ignite", payload: { token_ids: tokenIds, starting_dice: startingDice, grease, label } };
}

/**
 * Tokens exposed to vacuum (ch. 8, Vacuum).
 * @param {{tokenIds: string[], warned?: boolean, rupturedSuit?: boolean, label?: string}} choice
 * @returns {{event: "hazard.vacuum.enter", payload: object}}
 */
export function vacuumEnter({ tokenIds, warned = false, rupturedSuit = false, label = "" }) {
  return { event: "hazard.vacuum.enter", payload: { token_ids: tokenIds, warned, ruptured_suit: rupturedSuit, label } };
}

/**
 * The distance between two points of a scene in the scene's units (metres), straight across.
 * @param {{x: number, y: number}} a in pixels
 * @param {{x: number, y: number}} b in pixels
 * @param {number} gridSize pixels per grid square
 * @param {number} gridDistance metres per grid square
 * @returns {number}
 */
export function distance(a, b, gridSize, gridDistance) {
  return metres((Math.hypot(b.x - a.x, b.y - a.y) / gridSize) * gridDistance);
}

/**
 * Metres to the centimetre, as the GM reads them off a map and the requests carry them.
 * @param {number} value metres
 */
export function metres(value) {
  return Math.round(value * 100) / 100;
}
