// The stand-in's hooks (plugin/tests/foundry.hooks.js) against v13's declarations: the stub passes no argument
// a hook's declared function lacks (it may pass fewer where the types declare more than Foundry passes, as
// 13.345.1 does for get<App>HeaderButtons).
import { STUB_HOOKS } from "../../plugin/tests/foundry.hooks.js";

type Upto<N extends number, Seen extends unknown[] = []> = Seen["length"] extends N ? N : Seen["length"] | Upto<N, [...Seen, unknown]>;
type Arity<F> = F extends (...args: infer A) => unknown ? Upto<Required<A>["length"]> : never;

export const checked: { [K in keyof (typeof STUB_HOOKS)[13]]: Arity<Hooks.Function<K>> } = STUB_HOOKS[13];
