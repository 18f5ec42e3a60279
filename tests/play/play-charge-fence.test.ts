// Play mode's charge over a fence (K-6.1a, K-3.1a, house contactAcrossObstacle): a drag that ends at a
// fence across from an enemy standing 1.5 cm behind it is refused as a plain move (contact) and re-sent
// by the controller as a charge at that unit; with the house value 0 it stays a plain move.
import { describe, expect, it } from 'vitest';
import { createPlay } from '../../src/app/play';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import type { Scenario } from '../../src/scenario';
import { ThenDice, arrange, flowScenario, flowTable, type UnitSpec } from '../flow/fixture';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

// A wooden fence (1.2 high, 0.2 thick) north–south along x = 56, faces at 55.9 and 56.1.
const FENCE = { id: 'fence_test', kind: 'fence', name: 'Fence', material: 'wood', path: [[56, 30], [56, 50]], height: 1.2, thickness: 0.2 };
const R = 0.6; // rifleman base radius
const UNITS: UnitSpec[] = [
  { id: 'c', side: 'whites', at: [50, 40], size: 2 },
  { id: 't', side: 'reds', at: [56.1 + 1.5 + R, 40], size: 2 }, // bases 1.5 cm behind the fence
  { id: 'x', side: 'reds', at: [110, 70], size: 1 },
];
const DRAG = [{ figureId: 'c_1', to: [55.9 - 0.1 - R, 40] as [number, number] }, { figureId: 'c_2', to: [55.9 - 0.1 - R, 41.5] as [number, number] }];

async function playAt(house?: Record<string, unknown>) {
  const scenario = flowScenario(UNITS, { features: [FENCE], ...(house ? { rules: { house } } : {}) } as Partial<Scenario>);
  const table = await flowTable(scenario);
  const p = createPlay(scenario, table, { dice: new ThenDice(arrange(['c', 't', 'x'], ['c', 't', 'x']), 4), storage: null });
  for (const id of ['begin-turn', 'draw', 'activate:move-shoot']) p.control.send(p.view.get().actions.find((a) => a.id === id)!.command);
  return p;
}

describe('play: charging over a fence by dragging up to it', () => {
  it('K-6.1a K-3.1a a drag ending at the fence across from the enemy is sent as a charge at that unit', async () => {
    const p = await playAt();
    expect(rulesTable(p.game().state as KSequenced).figures.c_1!.baseRadius).toBe(R);
    expect(p.view.get().move?.mode).toBe('normal');
    expect(p.control.move(DRAG)).toEqual({ ok: true });
    expect(p.game().log.at(-1)!.command).toMatchObject({ type: 'MOVE', side: 'whites', unitId: 'c', mode: 'charge', targetId: 't' });
    expect(p.log.get().find((l) => l.type === 'CHARGE_DECLARED')).toMatchObject({ rule: 'K-6.1a', side: 'whites' });
    expect(p.view.get().prompt.side).toBe('reds'); // K-6.2a defensive fire next
  });

  it('K-6.1a with contactAcrossObstacle 0 the same drag is a plain move (bases must touch)', async () => {
    const p = await playAt({ contactAcrossObstacle: 0 });
    expect(p.control.move(DRAG)).toEqual({ ok: true });
    expect(p.game().log.at(-1)!.command).toMatchObject({ type: 'MOVE', mode: 'normal' });
    expect(p.view.get().prompt.side).toBe('whites');
  });
});
