// Game layer: rulesets' common contract, sessions (commands → events → state), saves and replay.
export type * from './types';
export type * from './ruleset-module';
export { GameSession, TableFor, sameTable, scenarioWithOptions, tableKey, type LogEntry, type SessionInit } from './session';
export { sideRefusal, withSideToAct, type SideRefusal } from './sides';
export { makeSave, parseSave, loadSave, SaveError, SAVE_FORMAT, type SaveFile } from './save';
export { answerMissingDecisions } from './missing-answers';
export * from './play-view';
export { GameOptionsSchema, GameOptionsError, normaliseOptions, hasOptions, parseGameOptions, describeOptions, type GameOptions, type GameOptionChoice } from './options';
