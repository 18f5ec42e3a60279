// The flow's faster forms against their plain ones, on every state of random 1918 games: the
// recalled K-1.0c stragglers (activation/stragglers-recalled.ts), K-GAP-1 sidesOnTable by witness units and the objective
// points from one holders pass (victory.ts), sidesWithReadyUnits in one pass (readiness.ts), and the
// flow record's one shape (flow-state.ts: every key present, absent ones undefined).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { GameSession } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import {
  holdsObjectives, initialTableFlow, objectiveAreas, objectiveHolder, objectiveHolders, objectivePoints, readyUnits, sidesOnTable, sidesWithReadyUnits, unitOnTable,
} from '../../src/rules/kuularuisku/activation';
import { stragglers } from '../../src/rules/kuularuisku/coherency';
import { recallingStragglers } from '../../src/rules/kuularuisku/activation/stragglers-recalled';
import type { KReading } from '../../src/rules/kuularuisku/state';
import { liveFigures } from '../../src/rules/kuularuisku/table';
import { pointInPolygon, type Vec2 } from '../../src/core';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { setupRead } from '../rules/kuularuisku/reading';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const plainSidesOnTable = (s: KReading) => s.sides.map((x) => x.id).filter((side) => Object.values(s.units).some((u) => u.side === side && unitOnTable(s, u)));
const plainSidesWithReadyUnits = (s: KReading) => s.sides.map((x) => x.id).filter((side) => readyUnits(s, side).length > 0);
function plainObjectivePoints(s: KReading, scenario: Scenario): Record<string, number> {
  const score: Record<string, number> = Object.fromEntries(s.sides.map((x) => [x.id, 0]));
  const areas = objectiveAreas(scenario);
  for (const o of scenario.objectives ?? []) {
    const h = objectiveHolder(s, o, areas.get(o.id));
    if (h) score[h] = (score[h] ?? 0) + (o.points ?? 1);
  }
  return score;
}

type Objective = { at: readonly [number, number]; radius: number; inside?: readonly Vec2[][] | undefined };
/**
 * objectiveHolders as victory.ts had it: a set of sides per objective, unitOnTable and liveFigures per
 * unit — with the scenario's objective-control (a lone leader or a pinned unit holds nothing, K-GAP-1).
 */
function plainObjectiveHolders(s: KReading, objectives: readonly Objective[]): Array<string | null> {
  const present = objectives.map(() => new Set<string>());
  for (const u of Object.values(s.units)) {
    if (u.status === 'routing' || u.status === 'surrendered' || !unitOnTable(s, u)) continue;
    if (!holdsObjectives(u, s.special?.config.control)) continue;
    for (const f of liveFigures(s, u)) {
      if (f.condition === 'serious') continue;
      for (let i = 0; i < objectives.length; i++) {
        const o = objectives[i]!;
        const there = o.inside?.length ? o.inside.some((poly) => pointInPolygon(f.at, poly)) : Math.hypot(f.at[0] - o.at[0], f.at[1] - o.at[1]) <= o.radius + f.baseRadius;
        if (there) present[i]!.add(u.side);
      }
    }
  }
  return present.map((p) => (p.size === 1 ? [...p][0]! : null));
}

describe.each(['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'])('the flow\'s faster forms on %s', (file) => {
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await createBattlefield(parseScenarioOrThrow(readFileSync(file, 'utf8'), file));
  });
  afterAll(() => bf.free());

  it('give the plain forms\' answers on every state of a random game (K-1.0c, K-GAP-1, K-2.3b)', () => {
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const table = cachedTable(bf);
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 3 });
    const states: KGameState[] = [rulesTable(g.state as KSequenced)];
    const orig = g.dispatch.bind(g);
    (g as { dispatch: typeof g.dispatch }).dispatch = (c) => {
      const r = orig(c);
      if (r.ok) states.push(rulesTable(g.state as KSequenced));
      return r;
    };
    playGame(g, kuularuiskuModule.player({ seed: 3 * 7919 + 1, draw: 'groups' }), { table });
    expect(states.length).toBeGreaterThan(100);

    const recalled = recallingStragglers(stragglers);
    // The reading's sequence: KSeq's keys in one order (sequence/reading.ts sequenceFacts).
    const seqKeys = ['round', 'turnOpen', 'lastRound', 'deck', 'drawn', 'acted', 'unit', 'side', 'via', 'by', 'forced', 'ready', 'readiness', 'queue'];
    const tableFlowKeys = Object.keys(initialTableFlow());
    let regrouping = 0;
    for (const s of states) {
      expect(Object.keys(s.seq)).toEqual(seqKeys);
      expect(Object.keys(s.tableFlow)).toEqual(tableFlowKeys);
      expect(sidesOnTable(s)).toEqual(plainSidesOnTable(s));
      expect(sidesWithReadyUnits(s)).toEqual(plainSidesWithReadyUnits(s));
      for (const id in s.units) {
        const want = stragglers(s, id, table);
        expect(recalled(s, id, table), id).toEqual(want);
        if (want.length) regrouping++;
      }
    }
    // Objective holders: the scenario's objectives (with the outlines they name) and goals around the
    // soldiers of the state midway (some contested, some held, some empty, some exactly at a base edge).
    const areas = objectiveAreas(scenario);
    const mid = states[states.length >> 1]!;
    const goals: Objective[] = (scenario.objectives ?? []).map((o) => ({ at: o.at, radius: o.radius, inside: areas.get(o.id) }));
    for (const f of Object.values(mid.figures).filter((x) => !x.removed).slice(0, 40)) {
      const [x, z] = f.at;
      const square = (x0: number, x1: number, z0: number, z1: number): Vec2[] => [[x0, z0], [x1, z0], [x1, z1], [x0, z1]];
      goals.push(
        { at: [x + 3, z], radius: 3 - f.baseRadius }, { at: f.at, radius: 15 }, { at: [x + 40, z - 20], radius: 8 },
        // Outlines around him, beside him (he is before or after the box), and with him on its edge.
        { at: f.at, radius: 0, inside: [square(x - 5, x + 5, z - 5, z + 5)] }, { at: f.at, radius: 0, inside: [square(x + 1, x + 9, z - 5, z + 5), square(x - 9, x - 1, z - 5, z + 5)] },
        { at: f.at, radius: 0, inside: [square(x, x + 9, z, z + 5)] },
      );
    }
    let held = 0;
    for (const s of states) {
      const got = objectiveHolders(s, goals);
      expect(got).toEqual(plainObjectiveHolders(s, goals));
      held += got.filter((h) => h !== null).length;
    }
    expect(held).toBeGreaterThan(0);

    // Objective points at every tenth state (each plain answer is a pass per objective).
    for (let i = 0; i < states.length; i += 10) expect(objectivePoints(states[i]!, scenario)).toEqual(plainObjectivePoints(states[i]!, scenario));
    void regrouping;

    // A soldier carried out of formation and back (new records, then the old values again): the
    // recalled answer follows his place, as the plain one does.
    const s = states[states.length >> 1]!;
    const live = (id: string) => !!s.figures[id] && !s.figures[id]!.removed && s.figures[id]!.condition !== 'dead' && s.figures[id]!.floor === 0;
    const u = Object.values(s.units).find((x) => x.figures.filter(live).length >= 3)!;
    const fid = u.figures.find(live)!;
    const f = s.figures[fid]!;
    const moved = (dx: number, dz: number): KReading => ({ ...s, figures: { ...s.figures, [fid]: { ...f, at: [f.at[0] + dx, f.at[1] + dz] } } });
    const far = [moved(40, 0), moved(-40, 0), moved(0, 40), moved(0, -40)].find((t) => {
      try {
        return stragglers(t, u.id, table).length > 0;
      } catch {
        return false;
      }
    })!;
    const back = moved(0, 0);
    for (const t of [s, far, back, far, s]) expect(recalled(t, u.id, table)).toEqual(stragglers(t, u.id, table));
    expect(stragglers(far, u.id, table)).not.toEqual(stragglers(s, u.id, table));
  });
});
