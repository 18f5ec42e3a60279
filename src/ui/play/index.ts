// The play HUD (hot seat): renders a game's PlayView and sends the commands it carries.
export { PlayHud } from './PlayHud';
export type { PlayHudProps } from './PlayHud';
export { StartChoice } from './StartChoice';
export type { StartChoiceProps } from './StartChoice';
export type { PlayHudHandle, PlayRefusal, PlayReplay, PlaySaves } from './types';
export { latestRolls, targetNumber } from './dice-rolls';
export type { TrayRoll } from './dice-rolls';
