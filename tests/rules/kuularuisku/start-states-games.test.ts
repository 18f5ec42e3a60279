// A scenario opening mid-battle (turn 2 under way: a melee, a pinned and a routing unit, the wounded on
// their way, a machine gun on the ground) played to the end by random legal commands, and through `cli play`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { runCli } from '../../../src/cli/commands';
import { hashValue } from '../../../src/core';
import { cachedTable, playableModule, playGame } from '../../../src/flow';
import { GameSession, loadSave, makeSave } from '../../../src/game';
import type { KGameState } from '../../../src/rules/kuularuisku/engine';
import { validateKScenario } from '../../../src/rules/kuularuisku/engine';
import type { Scenario } from '../../../src/scenario';
import { activationViolations, citationViolations } from '../../flow/invariants';
import { fallen, line, scenarioWith } from './fixture';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { setupRead } from './reading';
import { rulesTable } from '../../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

let scenario: Scenario;
let table: Battlefield;

beforeAll(async () => {
  scenario = scenarioWith([
    { id: 'r_melee', at: [[50, 80], [50, 82], [50, 84]], start: { meleeWith: 'b_melee', charged: true, activated: true } },
    { id: 'b_melee', side: 'blue', at: [[51.6, 80], [51.6, 82]], start: { meleeWith: 'r_melee' }, figureStart: { 2: { condition: 'light' } } },
    { id: 'r_pinned', at: line(40, 60, 4), start: { status: 'pinned' }, figureStart: { 4: { condition: 'serious', evacuation: { escort: 'r_pinned_3' } } } },
    { id: 'b_rout', side: 'blue', at: line(120, 70, 4), start: { status: 'routing', defensiveFireUsed: true }, figureStart: fallen(3, 4) },
    { id: 'b_ready', side: 'blue', at: line(110, 95, 3), start: { ready: true } },
  ], { start: { turn: 2, deck: ['r_pinned', 'b_melee', 'b_rout'], markers: [{ weapon: 'maxim-1910', at: [70, 70], side: 'blue' }] } }, { turnLimit: 3 });
  expect(validateKScenario(scenario)).toEqual([]);
  table = await createBattlefield(scenario);
});
afterAll(() => table.free());

describe('a mid-battle start played to the end', () => {
  it('K-2.0b K-6.3a K-7.1f K-7.3d K-5.6e K-GAP-1: random legal games from the starting states end, keep the turn\'s activations and replay from their saves', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) {
      const cached = cachedTable(table);
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table: cached, seed });
      const first = rulesTable(g.state as KSequenced);
      expect(first.seq.round).toBe(2);
      playGame(g, kuularuiskuModule.player({ seed: seed * 7919 + 1, draw: 'groups' }), { table: cached });
      for (const e of g.events) seen.add(`${e.type}:${e.rule}${e.type === 'FIGURES_MOVED' ? `:${e.unitId}` : ''}`);
      const out = [...activationViolations(g.events), ...citationViolations(g.events)];
      if (!g.victory()) out.push('the game did not end');
      if (hashValue(g.stateAt(g.events.length)) !== g.stateHash()) out.push('folding the event log gives another state than the session holds');
      const back = loadSave(JSON.parse(JSON.stringify(makeSave(g))), 'game.json', scenario, kuularuiskuRuleset as never, cached);
      if (back.stateHash() !== g.stateHash()) out.push('the save replays to another state');
      // K-2.0b the unit that has activated in turn 2 does not act again before turn 3 (its melee may still be fought by its enemy).
      const next = g.events.findIndex((e) => e.type === 'TURN_STARTED');
      const turn2 = next < 0 ? g.events : g.events.slice(0, next);
      if (turn2.some((e) => e.type === 'ACTIVATION_STARTED' && (e.units as string[]).includes('r_melee'))) out.push('r_melee activated twice in turn 2');
      problems.push(...out.map((p) => `seed ${seed}: ${p}`));
    }
    expect(problems).toEqual([]);
    // The starting states came into play: the melee fought on, the pinned test, the rout, the wounded moved.
    for (const want of ['MELEE_ROUND:K-6.4', 'MORALE_TEST:K-7.1-T4', 'FIGURES_MOVED:K-7.3c:b_rout', 'FIGURES_MOVED:K-5.6e:r_pinned']) expect([...seen].some((s) => s.startsWith(want))).toBe(true);
  });
});

describe('a mid-battle scenario file through `cli play`', () => {
  async function cli(...argv: string[]) {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (x) => { out += x; }, err: (x) => { err += x; } });
    return { code, out, err };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-start-'));

  it('K-6.3 a bad starting state is refused naming the file, the JSON path and what was expected; a sound one plays to the end', async () => {
    const bad = join(dir, 'bad-melee.json');
    const units = JSON.parse(JSON.stringify(scenario.units)) as NonNullable<Scenario['units']>;
    (units[1]!.data as { start: { meleeWith: string } }).start.meleeWith = 'r_pinned';
    writeFileSync(bad, JSON.stringify({ ...scenario, units }));
    const refused = await cli('play', bad, '--random-legal', '--seed', '1');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${bad}: units.1.data.start.meleeWith: "r_pinned" does not start in melee — expected its data.start.meleeWith to name "b_melee"`);
    const good = join(dir, 'mid-battle.json');
    writeFileSync(good, JSON.stringify(scenario));
    const played = await cli('play', good, '--random-legal', '--seed', '2');
    expect(played.code).toBe(0);
    expect(played.out).toMatch(/\nResult: .+ \(K-GAP-1\)\n/);
  });
});
