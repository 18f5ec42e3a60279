// A toy ruleset module (tests only, not shipped): COBI-style alternating activation — initiative each
// round, sides take turns picking a unit, one action each — in inches with d6. It meets the game
// layer's RulesetModule, so a copy of the registry with it added shows every list deriving from the map.
import type { ActivationStage, FlowAdapter, TableQueries, TurnStage } from '../../src/core';
import type { Command, GameEvent, PlayView, Ruleset, RulesetModule } from '../../src/game';

export interface Toy {
  round: number;
  open: boolean;
  toAct: string | null;
  acted: Record<string, boolean>;
  current: { unit: string; action?: string; done: boolean } | null;
  over: boolean;
}
const UNITS: Record<string, string> = { a1: 'A', a2: 'A', b1: 'B' };
const other = (side: string) => (side === 'A' ? 'B' : 'A');
/** The training ground's sides play the toy's A and B. */
const SIDE: Record<string, string> = { A: 'red', B: 'blue' };
const left = (s: Toy, side: string) => Object.keys(UNITS).filter((u) => UNITS[u] === side && !s.acted[u]);

export const toy: Ruleset<Toy, Command, GameEvent, TableQueries> = {
  id: 'toy-alternating', version: '1', activationModel: 'alternating',
  validateScenario: () => [],
  setup: () => ({ round: 0, open: false, toAct: null, acted: {}, current: null, over: false }),
  legalCommands: () => [],
  // C-3.2e the side with the turn acts; between rounds either may roll for initiative.
  actingSides: (s) => ({ sides: s.toAct ? [SIDE[s.toAct]!] : ['red', 'blue'], rule: 'C-3.2e' }),
  decide(s, c, { dice }) {
    const no = (reason: string) => ({ ok: false as const, reason, rule: 'C-3.2' });
    switch (c.type) {
      case 'BEGIN_TURN': {
        if (s.open || s.over) return no('the round is on');
        // C-3.2f initiative: both roll, the higher acts first (ties to A here).
        const a = dice.roll(6, 'initiative A', 'C-3.2f');
        const b = dice.roll(6, 'initiative B', 'C-3.2f');
        return { ok: true, events: [{ type: 'ROUND_STARTED', rule: 'C-3.2f', first: a >= b ? 'A' : 'B' }] };
      }
      case 'SELECT_UNIT':
        if (!s.open || s.current || UNITS[c.unitId as string] !== s.toAct || s.acted[c.unitId as string]) return no('not that unit now');
        return { ok: true, events: [{ type: 'SELECTED', rule: 'C-3.3a', unit: c.unitId }] };
      case 'ACTIVATE':
        if (!s.current || s.current.action) return no('no unit to act');
        return { ok: true, events: [{ type: 'ACTION', rule: 'C-3.3c', action: c.action }] };
      case 'MOVE':
      case 'ATTACK':
        if (!s.current?.action || s.current.done || s.current.action !== c.type.toLowerCase()) return no('not this action');
        return { ok: true, events: [{ type: 'DONE_PART', rule: 'C-3.3c' }] };
      case 'END_ACTIVATION':
        if (!s.current) return no('no unit acting');
        return { ok: true, events: [{ type: 'ACTED', rule: 'C-3.2e', unit: s.current.unit }] };
      case 'END_TURN':
        if (!s.open || s.toAct) return no('units still to act');
        return { ok: true, events: [{ type: 'ROUND_ENDED', rule: 'C-3.2g', over: s.round >= 2 }] };
      default:
        return no(`unknown ${c.type}`);
    }
  },
  evolve(s, e) {
    switch (e.type) {
      case 'ROUND_STARTED': return { ...s, round: s.round + 1, open: true, acted: {}, toAct: e.first as string };
      case 'SELECTED': return { ...s, current: { unit: e.unit as string, done: false } };
      case 'ACTION': return { ...s, current: { ...s.current!, action: e.action as string } };
      case 'DONE_PART': return { ...s, current: { ...s.current!, done: true } };
      case 'ACTED': {
        const acted = { ...s.acted, [e.unit as string]: true };
        const next = { ...s, acted, current: null };
        const side = UNITS[e.unit as string]!;
        // C-3.2e the turn passes to the opponent; C-GAP-1 (toy): if he has none left, back again.
        const toAct = left(next, other(side)).length ? other(side) : left(next, side).length ? side : null;
        return { ...next, toAct };
      }
      case 'ROUND_ENDED': return { ...s, open: false, over: e.over as boolean };
      default: return s;
    }
  },
  victory: (s) => (s.over ? { winner: null, reason: 'two rounds played' } : undefined),
};

export const toyAdapter: FlowAdapter<Toy> = {
  activationModel: 'alternating',
  // C-3.2 the toy's own words: a unit is picked by selecting it; no forced steps.
  steps: { beginTurn: ['BEGIN_TURN'], pick: ['SELECT_UNIT'], window: [], windowState: 'window', endTurn: ['END_TURN'], resolve: [], choose: ['ACTIVATE'], choosers: ['unit'], forced: {} },
  turnStage(s): TurnStage {
    if (s.over) return 'over';
    if (!s.open) return 'between-turns';
    if (s.current) return 'activation';
    return s.toAct ? 'pick' : 'turn-end';
  },
  activationStage(s): ActivationStage {
    if (!s.current) return { kind: 'none' };
    if (!s.current.action) return { kind: 'choosing', chooser: 'unit' };
    return { kind: 'acting', action: s.current.action, parts: [s.current.action], done: s.current.done ? 1 : 0 };
  },
  sideToAct: (s) => s.toAct ?? undefined,
  activationEnded: (events) => events.some((e) => e.type === 'ACTED'),
};

/** The toy's play HUD: its position in the neutral play model, nothing to drag. */
export const toyHud: RulesetModule<Toy>['hud'] = {
  describe: (s, { scenario }): PlayView => ({
    rulesetId: 'toy', scenarioTitle: scenario.title, sides: scenario.sides.map((x) => ({ id: x.id, name: x.name })),
    prompt: { side: toyPhase(s).side ?? null, headline: toyPhase(s).label, detail: '', turn: s.round },
    units: [], actions: [], targets: [],
  }),
  log: (_s, log) => log.map((entry, i) => ({ index: i, commandIndex: i, type: entry.command.type, text: entry.command.type })),
  rules: () => [{ id: 'C-3.2', title: 'Alternating activation', text: 'Sides take turns to activate one unit.' }],
  moveCommand: () => undefined,
  contactedEnemy: () => undefined,
  dragAsCharge: () => undefined,
};

/** C-3.2 where a toy game stands. */
export function toyPhase(s: Toy): { side: string | undefined; awaiting: string; label: string } {
  if (s.over) return { side: undefined, awaiting: 'over', label: 'The game is over' };
  if (!s.open) return { side: undefined, awaiting: 'between-turns', label: `Round ${s.round + 1}: roll for initiative` };
  if (s.current) return { side: UNITS[s.current.unit], awaiting: 'activation', label: `Round ${s.round}: side ${UNITS[s.current.unit]} acts` };
  return s.toAct ? { side: s.toAct, awaiting: 'pick', label: `Round ${s.round}: side ${s.toAct} picks a unit` } : { side: undefined, awaiting: 'turn-end', label: `Round ${s.round}: end the round` };
}

export const toyModule: RulesetModule<Toy> = {
  ruleset: toy,
  name: 'Toy skirmish',
  phase: toyPhase,
  flow: toyAdapter,
  hud: toyHud,
  measure: 'inch',
  dice: { sides: [6] },
  sightPoints: [{ name: 'head', fraction: 0.9 }],
  validateScenarioData: (scenario) => (scenario.units ?? []).flatMap((u, i) => (u.data === undefined ? [] : [{ path: `$.units[${i}].data`, message: 'the toy reads no unit data' }])),
};
