// What the module adds to Foundry, declared the way foundry-vtt-types asks (its configuration interfaces):
// the module's settings and flags, and Dice So Nice's `game.dice3d`. For the type check only
// (tests/test_plugin_types.py); nothing here is loaded by Foundry.

declare global {
  interface SettingConfig {
    "vtt-bridge.bridgeUrl": string;
    "vtt-bridge.worldId": string;
    "vtt-bridge.hpAttribute": string;
    "vtt-bridge.templateSeconds": number;
    "vtt-bridge.sheetMapping": string;
    "vtt-bridge.bridgeDice": boolean;
    "vtt-bridge.gmKey": string;
    "vtt-bridge.playerToken": { token?: string; expires_at?: number; world?: string };
    "vtt-bridge.revokedUsers": string[];
  }

  interface FlagConfig {
    User: { "vtt-bridge": { digest?: string; offered?: string } };
    ChatMessage: { "vtt-bridge": { roll_id?: string; notice_of?: string } };
    Actor: { "vtt-bridge": { sheet?: object } };
    MeasuredTemplate: { "vtt-bridge": { hazard?: string } };
    Token: { "vtt-bridge": { health?: object } };
    ActiveEffect: { "vtt-bridge": { severity?: string } };
  }

  /** Dice So Nice's API, when that module is active. */
  interface ReadyGame {
    dice3d?: { showForRoll(roll: Roll.Any, user: User.Implementation, synchronize?: boolean): Promise<boolean> };
  }

  /** The module runs its Foundry calls from the "ready" hook on (main.js). */
  interface AssumeHookRan {
    ready: true;
  }
}

export {};
