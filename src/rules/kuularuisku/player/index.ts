// The Kuularuisku player, apart from the rules (which never import it): random legal play and the
// candidates it picks among. Everything outside this folder imports the player from here.
export { kuularuiskuPlayer, pickRandomCommand, DEFAULT_WEIGHTS, keyOf, type KPlayer, type KPlayerOptions } from './random-player';
export { candidateGroups, candidateCommands, checkedCommands, type CandidateCtx, type CandidateGroup } from './candidates';
export { candidateActions, moveCandidates, type MoveCandidate } from './move-candidates';
export * from './purpose';
export { figureBound, unitSurelyStays, moveSurelyRefused, shotSurelyRefused, noteShotRefused, shotKnownUnseen } from './sure-refusals';
