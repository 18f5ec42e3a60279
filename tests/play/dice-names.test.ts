// Dice by name (players read names, never ids): the rules word a roll's purpose with figure ids; the
// log names each soldier, and the dice tray shows a unit's dice of one test on one line under the
// unit's name (K-5.3d shooting tests, K-5.5c wound tests), the medic's re-roll (K-SKL-8) by name.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createPlay, type PlayHandle } from '../../src/app/play';
import type { Command } from '../../src/game';
import { namedPurpose, trayPurpose } from '../../src/rules/kuularuisku/hud/log';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../src/scenario';
import { latestRolls } from '../../src/ui/play/dice-rolls';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
let bf: Battlefield;

beforeAll(async () => {
  bf = await createBattlefield(scenario);
});
afterAll(() => bf?.free());

/** Seed 11 at Kalevankangas: the Whites' first card is a squad that may shoot at the Reds' Osasto 1 (as tests/e2e/play-decision.test.ts plays it). */
const game = (): PlayHandle => createPlay(scenario, bf, { seed: 11, storage: null });

const act = (p: PlayHandle, id: string) => {
  const a = p.view.get().actions.find((x) => x.id === id);
  if (!a) throw new Error(`no action ${id} among ${p.view.get().actions.map((x) => x.id).join(', ')}`);
  const r = p.control.send(a.command);
  if (!r.ok) throw new Error(`${id} refused: ${r.reason}`);
};

const figureIds = () => (scenario.units ?? []).flatMap((u) => u.figures.map((f) => f.id));
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const idPattern = new RegExp(`\\b(${figureIds().join('|')})\\b`);

describe('dice by name in the log and the dice tray', () => {
  it('K-5.3d a shot\'s dice: the log names each soldier, the tray one line for the unit, no figure id anywhere', () => {
    const p = game();
    act(p, 'begin-turn');
    act(p, 'draw');
    act(p, 'activate:shoot');
    const shooter = p.view.get().units.find((u) => u.id === p.view.get().activeUnitId)!;
    const t = p.view.get().targets.find((x) => x.unitId === 'r_os1')!;
    const before = p.log.get().length;
    expect(p.control.send(t.command as Command).ok).toBe(true);
    const log = p.log.get();
    const dice = log.slice(before).filter((l) => l.dice);
    expect(dice.length).toBeGreaterThan(0);
    for (const l of dice) {
      expect(l.text).not.toMatch(idPattern);
      expect(l.dice!.purpose).not.toMatch(idPattern);
    }
    const tests = dice.filter((l) => l.dice!.rule === 'K-5.3d' || l.rule === 'K-5.3d');
    expect(tests.length).toBeGreaterThan(1);
    for (const l of tests) {
      expect(l.text).toMatch(new RegExp(`^shooting test of (rifleman \\d+|the [a-z -]+) of ${esc(shooter.name)} \\(\\d\\+\\): d6 → \\d$`));
      expect(l.dice!.purpose).toMatch(new RegExp(`^shooting test of ${esc(shooter.name)} \\(\\d\\+\\)$`));
    }
    // The tray: the unit's shooting dice together, under its name.
    const rows = latestRolls(log);
    const shooting = rows.filter((r) => r.rule === 'K-5.3d');
    expect(shooting).toHaveLength(1);
    expect(shooting[0]!.purpose).toMatch(new RegExp(`^shooting test of ${esc(shooter.name)} \\(\\d\\+\\)$`));
    expect(shooting[0]!.dice).toHaveLength(tests.length);
    for (const r of rows) expect(r.purpose).not.toMatch(idPattern);
  });

  it('K-SKL-8, K-5.5c, K-2.3c a medic\'s re-roll names the medic and the soldier; a wound test the unit in the tray; a readiness roll the side', () => {
    const p = game();
    const s = rulesTable(p.game().state as KSequenced);
    const unit = Object.values(s.units).find((u) => u.figures.length > 1)!;
    const [a, b] = unit.figures as [string, string];
    const soldier = `(rifleman \\d+|the [a-z -]+) of ${esc(unit.name)}`;
    expect(namedPurpose(s, `medic ${a} re-rolls the wound test of ${b}`)).toMatch(new RegExp(`^${soldier} re-rolls the wound test of ${soldier}$`));
    expect(namedPurpose(s, `wound test of ${b}`)).toMatch(new RegExp(`^wound test of ${soldier}$`));
    expect(trayPurpose(s, `wound test of ${b}`)).toBe(`wound test of ${unit.name}`);
    const side = scenario.sides[0]!;
    expect(namedPurpose(s, `readiness roll-off: ${side.id}`)).toBe(`readiness roll-off: ${side.name}`);
    // Words that are no figure's id stay as they are.
    expect(namedPurpose(s, 'shuffle the activation deck (turn 1, card 3 of 11)')).toBe('shuffle the activation deck (turn 1, card 3 of 11)');
  });
});
