// COBI on the flow's alternating machine (src/flow/sequence-machines.ts): each round an initiative roll
// (C-3.0a first, C-3.2f later), then the sides alternate, one unit's activation each (C-3.2e, C-3.3a),
// a side with no unit left letting the other act on (C-GAP-1: the machine's `next`), until every unit
// has acted; the game ends after the scenario's last round or when a side has no unit (C-3.2g). The
// machine's log events are ROUND_STARTED (the initiative), UNIT_SELECTED, UNIT_ACTED and ROUND_ENDED.
// Still to come: the winner choosing to act first or hand the move over (C-3.2d/f), setup (F1).
import type { AlternatingProgram, Dice, SequenceCtx, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { actCobi } from '../actions';
import { evolveTable } from '../evolve';
import { cobiActions } from '../legal';
import { playersOf, setupTable, sideName, validateCobiScenario } from '../scenario-data';
import { COBI_ACTION_TYPES, sideUnits, type CState, type CTable } from '../state';
import { rollInitiative, triesText } from './initiative';
import { cobiVictory, sideWiped } from './victory';

type Ctx = SequenceCtx<Scenario, TableQueries>;

/** C-3.0a/b, C-3.0d, C-3.2f the round's initiative: the winner acts first. */
export function cobiInitiative(s: CState, { scenario, dice }: Ctx & { dice: Dice }): { first: string; text: string } {
  const round = s.seq.round + 1;
  const rule = round === 1 ? 'C-3.0a' : 'C-3.2f';
  const sides = scenario.sides.map((x) => ({ id: x.id, name: x.name, players: playersOf(scenario, x.id) }));
  const r = rollInitiative(dice, sides, rule);
  return { first: r.winner, text: `Round ${round}: ${sideName(scenario, r.winner)} win the initiative (${triesText(r.tries)}) and act first` };
}

export const cobiSequence: AlternatingProgram<CTable, Scenario, TableQueries> = {
  model: 'alternating',
  commands: { begin: 'BEGIN_ROUND', select: 'SELECT_UNIT', end: 'END_ROUND' },
  rule: { begin: 'C-3.2f', select: 'C-3.2e', end: 'C-3.2g' },
  roundWord: 'Round',
  units: sideUnits,
  // C-3.2g the scenario's round limit (validation asks for one).
  lastRound: (scenario) => scenario.turnLimit ?? 1,
  // C-3.2g a side that has lost its last squad ends the game at once.
  won: (t, sides) => sideWiped(t, sides) !== undefined,
  initiative: cobiInitiative,
  rules: {
    id: 'cobi',
    version: '1',
    validateScenario: validateCobiScenario,
    setup: (scenario) => setupTable(scenario),
    actionTypes: COBI_ACTION_TYPES,
    actions: (s, { scenario, table }) => cobiActions(s, scenario, table),
    act: actCobi,
    evolve: evolveTable,
    victory: (s, { scenario }) => cobiVictory(s, scenario),
  },
};
