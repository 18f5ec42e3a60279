// The answers remembered per state for speed (names by the latest records, the offered unit's options, …) against the same answers
// worked out afresh, on every state of seeded random games, the states also asked out of order (an
// older state after a newer one: a memo keyed on the wrong records would answer stale).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield } from '../../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../../src/flow';
import { GameSession } from '../../../src/game';
import type { KGameState } from '../../../src/rules/kuularuisku/engine';
import { nameInUnit } from '../../../src/rules/kuularuisku/soldier-names';
import { goalsOf, heldBy } from '../../../src/rules/kuularuisku/player/purpose';
import { objectiveHolders } from '../../../src/rules/kuularuisku/activation/victory';
import { offerOptions, offerOptionsAfresh } from '../../../src/rules/kuularuisku/activation/offer';
import { phaseOf } from '../../../src/rules/kuularuisku/activation/phase';
import { parseScenarioOrThrow } from '../../../src/scenario';
import type { TableQueries } from '../../../src/core';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { setupRead } from './reading';
import { rulesTable } from '../../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
let bf: Awaited<ReturnType<typeof createBattlefield>>;
let table: TableQueries;
/** Every state of two seeded random games (the first 400 commands of each). */
const states: KGameState[] = [];

beforeAll(async () => {
  bf = await createBattlefield(scenario);
  table = cachedTable(bf);
  for (const seed of [3, 4]) {
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
    states.push(rulesTable(g.state as KSequenced));
    playGame(g, kuularuiskuModule.player({ seed: seed * 7919 + 1, draw: 'groups' }), { table, maxCommands: 400, onCommand: () => states.push(rulesTable(g.state as KSequenced)) });
  }
}, 120_000);

afterAll(() => bf?.free());

/** The states in play order, then every seventh again from the last back (older after newer). */
function shuffled(): KGameState[] {
  const back: KGameState[] = [];
  for (let i = states.length - 1; i >= 0; i -= 7) back.push(states[i]!);
  return [...states, ...back];
}

const ROLE_NAMES: Record<string, string> = {
  soldier: 'rifleman', 'squad-leader': 'squad leader', 'lance-corporal': 'lance corporal', leader: 'leader',
  'mg-gunner': 'machine gunner', 'mg-loader': 'loader', medic: 'medic',
};

/** nameInUnit as first written: the soldier's role and his place among those of his role in his home unit. */
function plainName(s: KGameState, figureId: string): string {
  const f = s.figures[figureId]!;
  const role = ROLE_NAMES[f.role] ?? f.role;
  const same = s.units[f.homeUnitId]?.figures.filter((id) => s.figures[id]?.role === f.role) ?? [];
  return same.length > 1 ? `${role} ${same.indexOf(f.id) + 1}` : `the ${role}`;
}

describe('answers remembered per state = worked out afresh, on seeded random games', () => {
  it('soldiers\' names in their units (the log\'s and the allocation choices\' names) by the latest records', () => {
    expect(states.length).toBeGreaterThan(500);
    let asked = 0;
    const all = shuffled();
    for (let i = 0; i < all.length; i += 3) {
      const s = all[i]!;
      for (const id in s.figures) {
        expect(nameInUnit(s, id)).toBe(plainName(s, id));
        asked++;
      }
    }
    expect(asked).toBeGreaterThan(30_000);
  });

  it('K-GAP-1 who holds each goal, kept across units records that count the same soldiers = objectiveHolders', () => {
    let held = 0;
    for (const s of shuffled()) {
      for (const side of s.sides) {
        const goals = goalsOf(table, side.id);
        const want = objectiveHolders(s, goals.map((g) => ({ at: g.at, radius: g.radius, inside: g.polygons })));
        expect(heldBy(s, goals)).toEqual(want);
        held += want.filter((h) => h !== null).length;
      }
    }
    expect(held).toBeGreaterThan(0);
  });

  it('K-2.4a / K-2.2a the offered unit\'s options (actions, readiness, leaders, units a leader may command), once per state = worked out afresh', () => {
    let offers = 0;
    let commanders = 0;
    for (const s of shuffled()) {
      const p = phaseOf(s);
      if (p.kind !== 'offer') continue;
      const once = offerOptions(s, p.offer, table);
      expect(once).toEqual(offerOptionsAfresh(s, p.offer, table));
      // Asked again of the same state: the same answer, not worked out again.
      expect(offerOptions(s, p.offer, table)).toBe(once);
      offers++;
      if (once.command.length) commanders++;
    }
    expect(offers).toBeGreaterThan(50);
    expect(commanders).toBeGreaterThan(0);
  });

  it('K-2.2a a leader offered his card in a new state where a unit has activated may no longer command it (the memo follows the state)', () => {
    const all = shuffled();
    for (const s of all) {
      const p = phaseOf(s);
      if (p.kind !== 'offer') continue;
      const known = offerOptions(s, p.offer, table);
      const target = known.command[0];
      if (!target) continue;
      const s1: KGameState = { ...s, seq: { ...s.seq, acted: [...s.seq.acted, target] } };
      expect(offerOptions(s1, p.offer, table).command).not.toContain(target);
      expect(offerOptions(s1, p.offer, table)).toEqual(offerOptionsAfresh(s1, p.offer, table));
      expect(offerOptions(s, p.offer, table)).toBe(known);
      return;
    }
    throw new Error('no leader of the games was offered a card with a unit to command');
  });

  it('K-GAP-1 a unit routing in a new units record (its soldiers\' records the same) no longer holds its goal', () => {
    // A state where a unit holds a goal alone, then the same figures with that unit routing (K-GAP-1: a routing unit holds nothing).
    for (const s of states) {
      for (const side of s.sides) {
        const goals = goalsOf(table, side.id);
        const holders = heldBy(s, goals);
        const i = holders.findIndex((h) => h !== null);
        if (i < 0) continue;
        const holder = Object.values(s.units).find((u) => objectiveHolders({ ...s, units: { [u.id]: u } }, [{ at: goals[i]!.at, radius: goals[i]!.radius, inside: goals[i]!.polygons }])[0] !== null);
        if (!holder) continue;
        const routed: KGameState = { ...s, units: { ...s.units, [holder.id]: { ...holder, status: 'routing' } } };
        const want = objectiveHolders(routed, goals.map((g) => ({ at: g.at, radius: g.radius, inside: g.polygons })));
        expect(heldBy(routed, goals)).toEqual(want);
        expect(heldBy(s, goals)).toEqual(holders);
        return;
      }
    }
    throw new Error('no state of the games has a goal held');
  });

  it('a soldier whose home unit lists its soldiers anew (same figures record) is named by the new list', () => {
    const s0 = states[0]!;
    const u = Object.values(s0.units).find((x) => x.figures.filter((id) => s0.figures[id]!.role === 'soldier').length > 2)!;
    const riflemen = u.figures.filter((id) => s0.figures[id]!.role === 'soldier');
    const last = riflemen[riflemen.length - 1]!;
    const before = nameInUnit(s0, last);
    // The same figures record, the unit's list without its first rifleman: the last one's number drops by one.
    const s1: KGameState = { ...s0, units: { ...s0.units, [u.id]: { ...u, figures: u.figures.filter((id) => id !== riflemen[0]) } } };
    expect(nameInUnit(s1, last)).toBe(plainName(s1, last));
    expect(nameInUnit(s1, last)).not.toBe(before);
    expect(nameInUnit(s0, last)).toBe(before);
  });

  it('a soldier given another role in new records is named by it at once (the memo follows the records)', () => {
    const s0 = states[0]!;
    const id = Object.keys(s0.figures).find((x) => s0.figures[x]!.role === 'soldier')!;
    const before = nameInUnit(s0, id);
    const s1: KGameState = { ...s0, figures: { ...s0.figures, [id]: { ...s0.figures[id]!, role: 'medic' } } };
    expect(nameInUnit(s1, id)).toBe(plainName(s1, id));
    expect(nameInUnit(s1, id)).not.toBe(before);
    expect(nameInUnit(s0, id)).toBe(before);
  });
});
