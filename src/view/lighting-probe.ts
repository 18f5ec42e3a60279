// The light as drawn now, for the test hook (viewProbe): its kind, the turn it was chosen for and its
// brightness. A module of its own, free of three.js, so the probe stays out of the canvas's code.
export const lightingProbe = { light: null as string | null, turn: null as number | null, brightness: null as number | null };
