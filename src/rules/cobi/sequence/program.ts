// COBI on the flow's alternating machine (src/flow/sequence-machines.ts): each round an initiative roll
// (C-3.0a first, C-3.2f later), then the sides alternate, one unit's activation each (C-3.2e, C-3.3a),
// a side with no unit left letting the other act on (C-GAP-1: the machine's `next`), until every unit
// has acted; the game ends after the scenario's last round, when a side has no unit or when a side
// surrenders (C-3.2g, at any moment). The initiative's winner chooses to act first or hand the first
// activation over (C-3.2d round 1, C-3.2f later; C-AMB-13: read at C-3.2d, since setup is not built).
// The machine's log events are ROUND_STARTED (the initiative), FIRST_CHOSEN, UNIT_SELECTED, UNIT_ACTED
// and ROUND_ENDED. A vehicle and the squad beside it activate together (C-3.3a, sequence/together.ts).
// Still to come: setup (F1).
import type { AlternatingProgram, Command, Dice, Resolution, SequenceCtx, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { actCobi } from '../actions';
import { answerDefence, defenceDecision } from '../actions/attack-infantry';
import { evolveTable } from '../evolve';
import { cobiActions } from '../legal';
import { playersOf, setupTable, sideName, validateCobiScenario } from '../scenario-data';
import { COBI_ACTION_TYPES, COBI_ANSWER_TYPES, sideUnits, type CState, type CTable } from '../state';
import { answerStrike, strikeDecision } from '../actions/attack-vehicle';
import { rollInitiative, triesText } from './initiative';
import { activationDone, activationTogether } from './together';
import { cobiVictory, sideWiped } from './victory';

type Ctx = SequenceCtx<Scenario, TableQueries>;

/** C-3.0a/b, C-3.0d, C-3.2f the round's initiative; C-3.2d/f its winner then chooses to act first or hand over. */
export function cobiInitiative(s: CState, { scenario, dice }: Ctx & { dice: Dice }): { winner: string; text: string; choose: true } {
  const round = s.seq.round + 1;
  const rule = round === 1 ? 'C-3.0a' : 'C-3.2f';
  const sides = scenario.sides.map((x) => ({ id: x.id, name: x.name, players: playersOf(scenario, x.id) }));
  const r = rollInitiative(dice, sides, rule);
  return { winner: r.winner, text: `Round ${round}: ${sideName(scenario, r.winner)} win the initiative (${triesText(r.tries)})`, choose: true };
}

/** C-3.2g a side may surrender at any moment (none once one has). */
export function cobiSurrenders(s: CState, side: string): Command[] {
  return s.table.surrendered ? [] : [{ type: 'SURRENDER', side }];
}

/** C-3.2g a side surrenders: the game ends (cobiVictory). */
export function cobiSurrender(_s: CState, c: Command, { scenario }: Ctx & { dice: Dice }): Resolution {
  const side = String(c.side);
  return { ok: true, events: [{ type: 'SIDE_SURRENDERED', rule: 'C-3.2g', side, text: `${sideName(scenario, side)} surrender` }] };
}

export const cobiSequence: AlternatingProgram<CTable, Scenario, TableQueries> = {
  model: 'alternating',
  commands: { begin: 'BEGIN_ROUND', select: 'SELECT_UNIT', end: 'END_ROUND', first: 'CHOOSE_FIRST' },
  rule: { begin: 'C-3.2f', select: 'C-3.2e', end: 'C-3.2g', first: 'C-3.2d' },
  roundWord: 'Round',
  units: sideUnits,
  // C-3.2g the scenario's round limit (validation asks for one).
  lastRound: (scenario) => scenario.turnLimit ?? 1,
  // C-3.2g a side that has lost its last squad ends the game at once.
  won: (t, sides) => sideWiped(t, sides) !== undefined,
  initiative: cobiInitiative,
  // C-3.3a, C-AMB-3 a vehicle activates with the squad beside it; the activation ends when both have acted.
  activationUnits: activationTogether,
  activationOver: activationDone,
  rules: {
    id: 'cobi',
    version: '1',
    validateScenario: validateCobiScenario,
    setup: (scenario) => setupTable(scenario),
    actionTypes: COBI_ACTION_TYPES,
    actions: (s, { scenario, table }) => cobiActions(s, scenario, table),
    act: actCobi,
    // C-3.3.3.2g the target's player rolls the defence; C-3.3.3.1m a vehicle's owner chooses the location
    // hit: decisions of the target's side (the activation's end waits for them).
    pendingDecision: (s, { scenario }) => strikeDecision(s, scenario) ?? defenceDecision(s, scenario),
    answerTypes: COBI_ANSWER_TYPES,
    answer: (s, c, ctx) => (c.type === 'CHOOSE_LOCATION' ? answerStrike(s, c, ctx.scenario, ctx.dice) : answerDefence(s, c, ctx)),
    evolve: evolveTable,
    victory: (s, { scenario }) => cobiVictory(s, scenario),
    anytime: { types: ['SURRENDER'], rule: 'C-3.2g', legal: cobiSurrenders, resolve: cobiSurrender },
  },
};
