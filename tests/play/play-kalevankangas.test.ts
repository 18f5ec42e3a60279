// Play mode on Kalevankangas (a 1918 scenario: 13-man osastos, Maxim teams, leaders): the HUD model
// of a real game with scripted dice — whose card, the unit cards, a leader's command buttons, an
// osasto's move offer (a reach outline per man) and targets — built quickly enough to follow every command.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createPlay, type PlayHandle } from '../../src/app/play';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { commandableUnits, deckCards, kuularuiskuRuleset } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../src/scenario';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
let CARDS: string[];
let bf: Battlefield;

beforeAll(async () => {
  bf = await createBattlefield(scenario);
  // The deck before the shuffle: one card per unit and leader with a card (K-2.1a), in unit order.
  CARDS = deckCards(kuularuiskuRuleset.setup(scenario, { table: bf }));
});

/** A seeded game (the scenario's own special rules roll dice of their own as turns begin). */
function game(): PlayHandle {
  return createPlay(scenario, bf, { seed: 11, storage: null });
}

/** Begin the turn and draw, passing the other cards (and rolling any step they bring) until `unitId` is offered its activation. */
function offered(p: PlayHandle, unitId: string): void {
  for (let i = 0; i < 80; i++) {
    const v = p.view.get();
    const ids = v.actions.map((a) => a.id);
    if (v.prompt.card?.unitId === unitId && ids.some((id) => id.startsWith('activate:'))) return;
    const next = ids.includes('begin-turn') ? 'begin-turn' : ids.includes('draw') ? 'draw' : ids.includes('pass') ? 'pass' : ids.includes('readiness:pass') ? 'readiness:pass' : ids.includes('end-activation') ? 'end-activation' : ids[0]!;
    act(p, next);
  }
  throw new Error(`${unitId} was never offered its activation`);
}
const act = (p: PlayHandle, id: string) => {
  const a = p.view.get().actions.find((x) => x.id === id);
  if (!a) throw new Error(`no action ${id} among ${p.view.get().actions.map((x) => x.id).join(', ')}`);
  const r = p.control.send(a.command);
  if (!r.ok) throw new Error(`${id}: ${r.reason}`);
};

describe('play on Kalevankangas', () => {
  it('K-2.1b the unit cards show every unit with its strength; the drawn card hands the screen to its side', () => {
    const p = game();
    const v = p.view.get();
    expect(v.rulesetId).toBe('kuularuisku');
    expect(v.sides.map((x) => x.id)).toEqual(['red', 'white']);
    expect(v.units).toHaveLength((scenario.units ?? []).length);
    expect(v.units.find((u) => u.id === 'r_os1')).toMatchObject({ kind: 'squad', strength: { now: 13, start: 13 }, status: [], activated: false });
    expect(v.units.find((u) => u.id === 'w_mg1')).toMatchObject({ kind: 'MG squad', strength: { now: 4, start: 4 } });
    expect(v.units.find((u) => u.id === 'r_os1')!.figures[0]).toMatchObject({ side: 'red', condition: 'healthy', at: [103.5, 68], weapon: 'K-WPN-3' });
    act(p, 'begin-turn');
    act(p, 'draw');
    const drawn = rulesTable(p.game().state as KSequenced);
    const top = drawn.seq.drawn[0]!;
    expect(p.view.get().prompt).toMatchObject({ side: drawn.units[top]!.side, tallies: [expect.objectContaining({ id: 'deck', count: CARDS.length - 1, text: `Deck ${CARDS.length - 1} left · 1 drawn` })] });
    expect(p.view.get().prompt.headline).toContain(drawn.units[top]!.name);
  });

  it('K-4.0 an osasto moving then shooting is offered a reach outline for each of its men, and its targets', () => {
    const p = game();
    offered(p, 'r_os1');
    const t = Date.now();
    act(p, 'activate:move-shoot');
    const took = Date.now() - t;
    const v = p.view.get();
    const os1 = v.units.find((u) => u.id === 'r_os1')!;
    expect(Object.keys(v.move!.reach)).toHaveLength(os1.strength.now);
    for (const ring of Object.values(v.move!.reach)) expect(ring).toHaveLength(48);
    const healthy = os1.figures.find((f) => f.condition === 'healthy' && !f.removed)!;
    expect(v.move!.allowance[healthy.id]).toEqual({ open: 10, difficult: 5 });
    expect(v.targets.map((x) => x.side)).toEqual(expect.arrayContaining(['white']));
    for (const x of v.targets) expect(x.command ? !x.refusal : !!x.refusal?.rule).toBe(true);
    expect(took).toBeLessThan(3000);
    expect(p.view.get().prompt.detail).toMatch(/drag .* to move, or pick a target/);
  });

  it('K-2.2a a leader\'s card offers a command button for each unit within 15 cm, as the rules list them', () => {
    const p = game();
    offered(p, 'w_pl1');
    const want = commandableUnits(rulesTable(p.game().state as KSequenced), bf, 'w_pl1');
    expect(want.length).toBeGreaterThan(0);
    const buttons = p.view.get().actions.filter((a) => a.id.startsWith('command:'));
    expect(buttons.map((a) => a.command.unitId)).toEqual(want);
    for (const b of buttons) expect(b).toMatchObject({ rule: 'K-2.2a', label: expect.stringMatching(/^Command /) });
    act(p, buttons[0]!.id);
    expect(p.view.get().prompt).toMatchObject({ side: 'white', card: { unitId: want[0], via: 'command' } });
  });
});
