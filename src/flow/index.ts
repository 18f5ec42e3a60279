// Flow layer: the XState v5 sequence machines that own a ruleset's turn structure (alternating,
// phases, cards — a close-combat exchange in the cards one), run inside the game session's fold.
//
// How the machines and the GameSession relate (decided here):
// * The GameSession is the record and the truth. Commands go in, events come out, state =
//   fold(evolve, events); a save is the scenario, the seed and the command log.
// * A sequenced ruleset (alternating, phases, cards: src/core/sequence.ts) leaves its turn structure
//   to a sequence machine (sequence-machines.ts), run in the session's fold (sequenced.ts,
//   sequenced-cards.ts): the state is its table and the machine's snapshot (`state.seq`, the
//   sequence view the HUD reads). `decide` takes a command only in a machine step whose meta takes
//   its role, and refuses any other with the step's reason; the sequence's events step the machine.
// * So every play path — the HUD (src/app/play), headless play (playGame), `cli play --commands`,
//   save replays and undo — sends its commands to the session and nothing else: there is one
//   machine in the loop, and the session's refusal is the rules' or the machine's reason. The
//   random-game harnesses check that the legal list and the machine agree (tests/flow/invariants.ts).
// * The machine's snapshot is a function of the events: replaying a save's log, or taking a command
//   back, rebuilds the same sequence. A close-combat exchange is the cards machine's nested states;
//   the program names its steps. xstate/graph walks each model (tests/flow/turn-models.test.ts).
// * The per-ruleset differences are the program's (src/core/sequence.ts): its commands, rule ids,
//   guards and resolutions. No branch on a ruleset id, no ruleset's words here.
export { playGame, type PlayGameOptions, type PlayedGame } from './play-game';
export { cachedTable } from './table-cache';
export { playableModule, sequencedRuleset } from './sequenced';
export { SEQUENCE_EVENTS, EXCHANGE_FIELD, sequenceMachineFor, alternatingMachine, phasesMachine, cardsMachine } from './sequence-machines';
