import "@league-of-foundry-developers/foundry-vtt-types";

// 13.345.1 leaves getSceneControlButtons undeclared (commented out, "saw a major rework in v13"); v13 passes
// the controls keyed by name, each with its tools keyed by name (SceneControls#_getControlButtons).
declare module "./node_modules/@league-of-foundry-developers/foundry-vtt-types/src/configuration/hooks.mjs" {
  interface HookConfig {
    getSceneControlButtons: (controls: Record<string, foundry.applications.ui.SceneControls.Control>) => void;
  }
}
