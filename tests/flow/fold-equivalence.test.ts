// The fold's faster forms (evolve.ts, game-state.ts) against the plain ones: whole random games on
// Kalevankangas and Tammerkoski folded event by event through the composed module (the table's fold,
// then the cards machine), every table compared key by key, in key order (undefined-valued keys
// included), with the plain step-at-a-time forms of the events that evolveK now folds in one copy of
// the state (ACTIVATION_STARTED, ACTIVATION_ENDED, FIGURES_MOVED, WOUND_TEST), and the recalled folds
// (evolveKRecalled) against evolveK itself.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { GameSession } from '../../src/game';
import { evolveTableFlow, isFlowEvent } from '../../src/rules/kuularuisku/activation';
import type { KEvent } from '../../src/rules/kuularuisku/events';
import { evolveK, evolveKRecalled } from '../../src/rules/kuularuisku/evolve';
import { activationRecord, activationWith, figureWith, stateWith, unitWith } from '../../src/rules/kuularuisku/records';
import type { KFigure, KState, KUnit } from '../../src/rules/kuularuisku/state';
import { parseScenarioOrThrow } from '../../src/scenario';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';

// The plain forms, as evolve.ts had them (one helper call per change), with records of the one shape
// (records.ts: every field present, in one order).
function setUnit(s: KState, id: string, patch: Partial<KUnit> | ((u: KUnit) => Partial<KUnit>)): KState {
  const u = s.units[id];
  if (!u) return s;
  const p = typeof patch === 'function' ? patch(u) : patch;
  return stateWith(s, { units: { ...s.units, [id]: unitWith(u, p) } });
}
function setFigure(s: KState, id: string, patch: Partial<KFigure>): KState {
  const f = s.figures[id];
  if (!f) return s;
  return stateWith(s, { figures: { ...s.figures, [id]: figureWith(f, patch) } });
}
function dropMember(s: KState, figureId: string): KState {
  const f = s.figures[figureId];
  if (!f) return s;
  const u = s.units[f.unitId];
  if (!u || !u.figures.includes(figureId)) return s;
  return setUnit(s, u.id, { figures: u.figures.filter((x) => x !== figureId) });
}
function addUnique(list: readonly string[], items: readonly string[]): string[] {
  const out = [...list];
  for (const i of items) if (!out.includes(i)) out.push(i);
  return out;
}
function plainEvolveK(s: KState, e: KEvent): KState {
  switch (e.type) {
    case 'ACTIVATION_STARTED':
      return stateWith(s, {
        activation: activationRecord({ unitId: e.unitId, units: e.units, via: e.via, commandedBy: e.commandedBy, moved: [], shot: [], phase: 'none' }),
      });
    case 'ACTIVATION_ENDED': {
      let next = s;
      for (const id of e.units) next = setUnit(next, id, { commandedMove: false, chargeFrom: undefined });
      const melees = Object.fromEntries(Object.entries(next.melees).map(([id, m]) => [id, { ...m, grenadesOpen: false }]));
      return stateWith(next, { melees, activation: undefined });
    }
    case 'FIGURES_MOVED': {
      const figures = { ...s.figures };
      for (const m of e.moves) {
        const f = figures[m.figureId];
        if (f) figures[m.figureId] = figureWith(f, { at: [m.to[0], m.to[1]], floor: m.floor });
      }
      let next: KState = stateWith(s, { figures });
      const ids = e.moves.map((m) => m.figureId);
      if (e.mode === 'charge') next = setUnit(next, e.unitId, { chargeFrom: Object.fromEntries(e.moves.map((m) => [m.figureId, { at: m.from, floor: m.fromFloor }])) });
      next = setUnit(next, e.unitId, (u) => ({ movedThisTurn: addUnique(u.movedThisTurn, ids) }));
      if (next.activation && next.activation.units.includes(e.unitId) && e.mode !== 'fall-back' && e.mode !== 'evacuation') {
        const a = next.activation;
        const phase = a.phase === 'none' ? 'moving' : a.phase === 'shooting' ? 'shot-then-moving' : a.phase;
        next = stateWith(next, { activation: activationWith(a, { moved: addUnique(a.moved, ids), phase }) });
      }
      return next;
    }
    case 'WOUND_TEST': {
      if (!s.figures[e.figureId]) return s;
      let next = setFigure(s, e.figureId, { condition: e.condition });
      if (e.condition === 'dead') next = setFigure(dropMember(next, e.figureId), e.figureId, { removed: 'killed' });
      return next;
    }
    default:
      return evolveK(s, e);
  }
}

/** The state as text with its keys in their order and undefined-valued keys kept. */
const keyed = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (v === undefined ? '<undefined>' : v));

describe.each(['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'])('the fold of %s', (file) => {
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await createBattlefield(parseScenarioOrThrow(readFileSync(file, 'utf8'), file));
  });
  afterAll(() => bf.free());

  it('folds every event of a random game to the state the plain forms make, key for key; recalled folds are evolveK\'s', () => {
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const seen = new Set<string>();
    for (const seed of [1]) {
      const table = cachedTable(bf);
      // A game as it is played (the rules and the cards machine composed); its log folded again through the composed module.
      const played = playableModule(kuularuiskuModule);
      const g = new GameSession({ ruleset: played.ruleset, scenario, table, seed });
      playGame(g, kuularuiskuModule.player({ seed: seed * 7919 + 1, draw: 'groups' }), { table });
      let c = played.ruleset.setup(g.scenario, { table }) as KSequenced;
      for (const logged of g.events) {
        if (logged.type === 'DICE_ROLLED') continue;
        const e = logged as unknown as KEvent;
        seen.add(e.type);
        const s = c.table;
        const plain: KState = isFlowEvent(e) ? { ...s, tableFlow: evolveTableFlow(s, e) } : (() => {
          const tableFlow = evolveTableFlow(s, e);
          const k = plainEvolveK(s, e);
          return k.tableFlow === tableFlow ? k : { ...k, tableFlow };
        })();
        c = played.ruleset.evolve(c, logged) as KSequenced;
        expect(keyed(c.table), e.type).toBe(keyed(plain));
        if (!isFlowEvent(e)) {
          // Recalled: the same answer object for the same state and event objects, equal to a fresh fold.
          const again = evolveKRecalled(s, e);
          expect(evolveKRecalled(s, e)).toBe(again);
          expect(keyed(again)).toBe(keyed(evolveK(s, e)));
        }
      }
      // The fold again gives the played game: its table, the machine's sequence, the rules' reading of both.
      expect(keyed(c)).toBe(keyed(g.state));
      expect(keyed(rulesTable(c))).toBe(keyed(rulesTable(g.state as KSequenced)));
    }
    for (const t of ['ACTIVATION_STARTED', 'ACTIVATION_ENDED', 'FIGURES_MOVED', 'WOUND_TEST']) expect(seen, t).toContain(t);
  });
});
