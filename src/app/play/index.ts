// Play mode's composition root: createPlay builds a game of a scenario on a battlefield and hands the
// ui (src/ui/play) and the view (src/view/play) a PlayHandle — stores to render, a control to send to.
export { createPlay, type PlayHandle, type PlayOptions } from './create-play';
export { autosaveKeyFor, AUTOSAVE_PREFIX, type SaveStorage } from './saves';
export { playHudFor, playModuleFor, type PlayHud, type FigureDrag } from './huds';
export { NotPlayableError, notPlayableText, playRefusalOf, type PlayRefusalText } from './not-playable';
