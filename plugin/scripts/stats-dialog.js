/**
 * The "Bridge stats" dialog of an actor sheet: the stat block the GM's client registers the actor's
 * tokens with (six statistics, skills, weapons, hit points, armor, shield), kept in the actor's
 * flags (`flags.vtt-bridge.sheet`). Foundry has no Moment of Truth system, so the module keeps them.
 */

import { statisticName } from "../core/rolls.js";
import { formFromSheet, sheetFromForm } from "./actors.js";
import * as vtt from "./adapter.js";

/**
 * The editor's fields for an actor.
 * @param {{flags: object, system: object}} actor plain actor data
 */
export function statsFields(actor) {
  const form = formFromSheet(actor);
  return [
    ...form.statistics.map(({ name, value }) => ({ name, label: statisticName(name), number: true, value, min: 0, max: 20 })),
    { name: "skills", label: vtt.t("Stats.Skills"), textarea: true, value: form.skills },
    { name: "weapons", label: vtt.t("Stats.Weapons"), textarea: true, value: form.weapons },
    { name: "hit_points", label: vtt.t("Stats.HitPoints"), number: true, value: form.hit_points, min: 1, max: 2100 },
    { name: "armor", label: vtt.t("Stats.Armor"), value: form.armor },
    { name: "shield", label: vtt.t("Stats.Shield"), value: form.shield },
  ];
}

/**
 * Edits an actor's stat block and saves it; the GM's client then registers its tokens again.
 * @param {string} actorId
 */
export async function statsDialog(actorId) {
  const actor = vtt.actorData(vtt.actor(actorId));
  const content = await vtt.renderTemplate("form", { fields: statsFields(actor) });
  const answer = await vtt.dialog({
    title: vtt.t("Stats.Title", { name: actor.name }), content,
    buttons: [{ action: "save", label: vtt.t("Stats.Save"), icon: "fa-solid fa-floppy-disk", default: true }],
  });
  return answer ? vtt.saveActorFlags(actorId, sheetFromForm(answer.values)) : null;
}
