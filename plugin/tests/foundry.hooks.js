// The Foundry hooks the stand-in (foundry.stub.js) fires, each with the number of arguments it passes, per
// Foundry line. The stub fires no other hook and no other count; types/<line>/stub-hooks.ts holds each count to
// the hook's declaration in foundry-vtt-types (tests/plugin/test_plugin_types.py), so the stub cannot invent an argument.
export const STUB_HOOKS = /** @type {const} */ ({
  12: {
    init: 0, setup: 0, ready: 0,
    renderChatMessage: 2, renderTokenHUD: 2, getActorSheetHeaderButtons: 2, getSceneControlButtons: 1, updateUser: 4,
    combatStart: 2, combatTurn: 3, combatRound: 3, deleteCombat: 3, renderCombatTracker: 2,
  },
  13: {
    init: 0, setup: 0, ready: 0,
    renderChatMessageHTML: 2, renderTokenHUD: 2, getActorSheetHeaderButtons: 2, getHeaderControlsActorSheetV2: 2,
    getSceneControlButtons: 1, updateUser: 4, combatStart: 2, combatTurn: 3, combatRound: 3, deleteCombat: 3,
    renderCombatTracker: 2,
  },
});
