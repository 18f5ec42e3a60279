// Kuularuisku turn & activation structure (F1–F4 and the F6 decisions): deck, offers, readiness,
// leader command, K-2.4 action order, end of turn and victory — pure, as the ruleset's flow part.
export * from './flow-state';
export * from './commands';
export * from './phase';
export { actingSides, type KActingSides } from './acting-sides';
export { FoldMemo, isFlowEvent, type AnyGameEvent } from './game-state';
export { deckCards, shuffleDeck, drawOutcome, hasCard, unitOnTable } from './deck';
export { commandRefusal, commandableUnits, leaderFigures } from './command';
export { canUseReadiness, readyUnits, sidesWithReadyUnits, rollOff } from './readiness';
export { actingUnit, offerOptions, activationUnits, type OfferOptions } from './offer';
export { actionGate, activating, partOf, type Gate, type MoveMode } from './action-gate';
export { decideFlow, afterActivation, endActivation, immediateEnd, ACTION_NAMES, type FlowCtx, type FlowDecision } from './decide';
export { startChargeSequence } from './melee-flow';
export { legalCommands, activateCommands, actingUnits, unitShots, specialCommandsNow, type Offer, type KCommand } from './legal';
export { KVictoryData, validateVictory, victoryCheck, turnLimitOf, objectiveHolder, objectiveHolders, holdsObjectives, objectivePoints, objectiveAreas, unitsIn, strength, sidesOnTable, type KVictoryDataT } from './victory';
export type { SoldierCommand } from './soldier-command';
export { recallingStragglers, recalledStragglers } from './stragglers-recalled';
export { askOwner, decideAllocation, decideMedic, woundDecision, medicDecision, ownerDecision, ownerAnswers, ownerOf } from './wound-choice';
