// Play mode on Tammerkoski: the scenario's special commands (the Reds' off-table fire lane, the
// bridge demolition) appear among the activation's buttons exactly when the rules list them; night
// turns show in the headline and hidden units carry a chip.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createPlay, type PlayHandle } from '../../src/app/play';
import { parseScenarioOrThrow } from '../../src/scenario';

const FILE = 'scenarios/kuularuisku/tammerkoski.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
let bf: Battlefield;

beforeAll(async () => {
  bf = await createBattlefield(scenario);
});

const EXTRAS = new Set(['SPLIT', 'JOIN', 'REUNITE', 'EVACUATE']);

/** Draw, passing other cards and rolling their steps, until a unit of `side` is offered its activation. */
function offeredSide(p: PlayHandle, side: string): void {
  for (let i = 0; i < 80; i++) {
    const v = p.view.get();
    const ids = v.actions.map((a) => a.id);
    if (v.prompt.side === side && ids.includes('activate:shoot')) return;
    const next = ids.includes('begin-turn') ? 'begin-turn' : ids.includes('draw') ? 'draw' : ids.includes('pass') ? 'pass' : ids.includes('readiness:pass') ? 'readiness:pass' : ids.includes('end-activation') ? 'end-activation' : ids[0]!;
    const r = p.control.send(v.actions.find((a) => a.id === next)!.command);
    if (!r.ok) throw new Error(`${next}: ${r.reason}`);
  }
  throw new Error(`no ${side} unit was offered its activation`);
}

describe('play on Tammerkoski', () => {
  it('K-5.3d in an activation the buttons are the legal commands other than moves and shots: the end, and the scenario\'s special commands', () => {
    const p = createPlay(scenario, bf, { seed: 4, storage: null });
    offeredSide(p, 'red');
    // Turn 1 is a night turn (special rule "night": sight 30 cm); the felt-factory garrison is hidden.
    expect(p.view.get().prompt.headline).toMatch(/^Turn 1 \(night: sight 30 cm\)/);
    expect(p.view.get().units.find((u) => u.id === 'r_marksmen')!.status).toContain('hidden');
    const r = p.control.send(p.view.get().actions.find((a) => a.id === 'activate:shoot')!.command);
    expect(r.ok).toBe(true);
    const buttons = p.view.get().actions.filter((a) => !EXTRAS.has(a.command.type));
    const legal = p.game().legalCommands().filter((c) => c.type !== 'MOVE' && c.type !== 'SHOOT');
    expect(buttons.map((a) => a.command)).toEqual([...legal.filter((c) => c.type === 'END_ACTIVATION'), ...legal.filter((c) => c.type !== 'END_ACTIVATION')]);
    expect(buttons.some((b) => b.command.type === 'DEMOLISH' || b.command.type === 'OFF_TABLE_FIRE')).toBe(true);
    for (const b of buttons.filter((x) => x.command.type === 'DEMOLISH')) expect(b).toMatchObject({ id: 'demolish:bridge-demolition', rule: 'K-3.3a', label: 'Fire the demolition charge' });
    for (const b of buttons.filter((x) => x.command.type === 'OFF_TABLE_FIRE')) expect(b).toMatchObject({ rule: 'K-5.3d', label: expect.stringMatching(/^Call fire from off the table on /) });
  });
});
