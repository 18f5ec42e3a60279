// Players read names, never ids: seeded random games at both Kuularuisku scenarios, every log line
// and every refusal (the random player's refused proposals, and at each activation a probe of the
// special actions, commands, evacuations, shots and weapon pick-ups the rules may refuse) checked for
// a unit, figure or terrain id of the scenario.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { Player } from '../../src/core';
import { cachedTable, playGame } from '../../src/flow';
import { GameSession, type Command } from '../../src/game';
import { RULESET_MODULES } from '../../src/rules';
import { logLines } from '../../src/rules/kuularuisku/engine';
import type { KState } from '../../src/rules/kuularuisku/state';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';

const { ruleset, player, flow } = RULESET_MODULES.kuularuisku;
const SEEDS = [1, 2, 3];

/** The scenario's ids as a pattern, leaving out any id that is also a word of a name it gives (the "mortuary" of "Stone mortuary"). */
function idPattern(scenario: Scenario, s: KState): RegExp {
  const names = [...scenario.features, ...(scenario.units ?? []), ...scenario.sides].map((x) => ('name' in x && typeof x.name === 'string' ? x.name : '')).join(' \n ');
  const ids = [...scenario.features.map((f) => f.id), ...Object.keys(s.units), ...Object.keys(s.figures)];
  const raw = ids.filter((id) => !new RegExp(`\\b${id}\\b`).test(names));
  return new RegExp(`(?<![\\w-])(${raw.sort((a, b) => b.length - a.length).join('|')})(?![\\w-])`);
}

/** Commands the rules may refuse, aimed at the activating unit and every other unit and soldier. */
function probes(s: KState): Command[] {
  const a = s.activation;
  if (!a) return [];
  const me = s.units[a.unitId];
  if (!me) return [];
  const out: Command[] = [];
  const others = Object.values(s.units).filter((u) => u.id !== me.id);
  const enemyFigure = others.find((u) => u.side !== me.side)?.figures[0];
  for (const d of s.special?.config.demolition ?? []) out.push({ type: 'DEMOLISH', special: d.id, unitId: me.id });
  for (const r of s.special?.config.offTable ?? []) for (const u of others) out.push({ type: 'OFF_TABLE_FIRE', special: r.id, targetId: u.id });
  for (const u of others) out.push({ type: 'COMMAND', leaderId: me.id, unitId: u.id });
  for (const f of me.figures) out.push({ type: 'EVACUATE', figureId: f, ...(enemyFigure ? { escortId: enemyFigure } : {}) });
  for (const u of others.filter((x) => x.side !== me.side)) out.push({ type: 'SHOOT', shooterId: me.id, targetId: u.id, ...(enemyFigure ? { shooters: [enemyFigure] } : {}) });
  for (const m of Object.keys(s.markers)) for (const f of me.figures) out.push({ type: 'PICK_UP', markerId: m, figureId: f });
  return out;
}

/** Every text a player could read in one seeded game: its log lines (dice too) and the refusals met on the way. */
function gameTexts(scenario: Scenario, bf: Battlefield, seed: number): { texts: string[]; pattern: RegExp; refusals: number } {
  const table = cachedTable(bf);
  const g = new GameSession({ ruleset, scenario, table, seed });
  const refusals: string[] = [];
  const base = player({ seed: seed * 7919 + 1, draw: 'groups' }) as Player<unknown, Command, unknown, Scenario>;
  const told: Player<unknown, Command, unknown, Scenario> = {
    ...base,
    choose: (state, view, decision) => {
      const choice = decision ? base.choose(state, view, decision) : base.choose(state, view);
      return { ...choice, next: () => choice.next(), refused: (c, r) => { refusals.push(r.reason); choice.refused(c, r); } };
    },
  };
  playGame(g as never, told as never, {
    table, flow,
    onCommand: (c) => {
      if (c.type !== 'ACTIVATE' && c.type !== 'COMMAND') return;
      for (const p of probes(g.state as KState)) {
        const r = g.check(g.withSideToAct(p as never) as never);
        if (!r.ok) refusals.push(r.reason);
      }
    },
  });
  const s = g.state as KState;
  const lines = logLines(s, g.log as never);
  const texts = [...lines.flatMap((l) => [l.text, ...(l.dice ? [l.dice.purpose] : [])]), ...refusals];
  return { texts, pattern: idPattern(scenario, s), refusals: refusals.length };
}

describe.each(['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'])('no id in what players read: %s', (file) => {
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await createBattlefield(scenario);
  });
  afterAll(() => bf?.free());

  it.each(SEEDS)('seed %i: no log line nor refusal names a unit, soldier or piece of terrain by its id', (seed) => {
    const { texts, pattern, refusals } = gameTexts(scenario, bf, seed);
    expect(refusals).toBeGreaterThan(50);
    const raw = texts.filter((t) => pattern.test(t));
    expect([...new Set(raw)].slice(0, 10)).toEqual([]);
  });
});
