// The play HUD (hot seat): renders a game's PlayView and sends the commands it carries.
export { PlayHud } from './PlayHud';
export type { PlayHudProps } from './PlayHud';
export { PlayRefused } from './PlayRefused';
export type { PlayRefusedProps } from './PlayRefused';
export { PlayToggle } from './PlayToggle';
export type { PlayToggleProps } from './PlayToggle';
export { StartChoice } from './StartChoice';
export type { StartChoiceProps } from './StartChoice';
export type { PlayHudHandle, PlayRefusal, PlayReplay, PlaySaves } from './types';
export { latestRolls, targetNumber } from './dice-rolls';
export type { TrayDie, TrayRoll } from './dice-rolls';
