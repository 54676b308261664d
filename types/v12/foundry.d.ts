import "@league-of-foundry-developers/foundry-vtt-types";
