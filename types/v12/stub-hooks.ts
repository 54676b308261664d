// The stand-in's hooks (plugin/tests/foundry.hooks.js) against v12's declarations: the stub passes no argument
// a hook's declared function lacks. v12's types name a dynamic hook's function by its kind.
import { STUB_HOOKS } from "../../plugin/tests/foundry.hooks.js";

type Upto<N extends number, Seen extends unknown[] = []> = Seen["length"] extends N ? N : Seen["length"] | Upto<N, [...Seen, unknown]>;
type Arity<F> = F extends (...args: infer A) => unknown ? Upto<Required<A>["length"]> : never;

export const checked: {
  init: Arity<Hooks.StaticCallbacks["init"]>;
  setup: Arity<Hooks.StaticCallbacks["setup"]>;
  ready: Arity<Hooks.StaticCallbacks["ready"]>;
  renderChatMessage: Arity<Hooks.StaticCallbacks["renderChatMessage"]>;
  getSceneControlButtons: Arity<Hooks.StaticCallbacks["getSceneControlButtons"]>;
  renderTokenHUD: Arity<Hooks.RenderApplication<TokenHUD>>;
  getActorSheetHeaderButtons: Arity<Hooks.GetApplicationHeaderButtons<ActorSheet>>;
  updateUser: Arity<Hooks.UpdateDocument<typeof User>>;
  combatStart: Arity<Hooks.StaticCallbacks["combatStart"]>;
  combatTurn: Arity<Hooks.StaticCallbacks["combatTurn"]>;
  combatRound: Arity<Hooks.StaticCallbacks["combatRound"]>;
  deleteCombat: Arity<Hooks.DeleteDocument<typeof Combat>>;
  renderCombatTracker: Arity<Hooks.RenderApplication<CombatTracker>>;
} = STUB_HOOKS[12];
