// Play mode's charge (K-6.1a): a drag into contact with the enemy goes to the rules as a charge at the
// unit touched; the prompt then hands the screen to the charged side for its defensive fire (K-6.2a).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import { ThenDice, arrange, flowScenario, flowTable, type UnitSpec } from '../flow/fixture';

// A White squad of two 6.8 cm (base to base) from a Red squad of two: well within a 10 cm charge.
const UNITS: UnitSpec[] = [
  { id: 'c', side: 'whites', at: [50, 40], size: 2 },
  { id: 't', side: 'reds', at: [58, 40], size: 2 },
  { id: 'x', side: 'reds', at: [110, 70], size: 1 },
];
const scenario = flowScenario(UNITS);
let table: Battlefield;

beforeAll(async () => {
  table = await flowTable(flowScenario());
});

describe('play: charging by dragging into contact', () => {
  it('K-6.1a a move that touches the enemy is sent as a charge at that unit; K-6.2a the charged side is asked next', () => {
    const p = createPlay(scenario, table, { dice: new ThenDice(arrange(['c', 't', 'x'], ['c', 't', 'x']), 4), storage: null });
    for (const id of ['begin-turn', 'draw', 'activate:move-shoot']) p.control.send(p.view.get().actions.find((a) => a.id === id)!.command);
    expect(p.view.get().move?.mode).toBe('normal');
    const r = p.control.move([{ figureId: 'c_1', to: [56.75, 40] }, { figureId: 'c_2', to: [56.75, 41.5] }]);
    expect(r).toEqual({ ok: true });
    expect(p.game().log.at(-1)!.command).toMatchObject({ type: 'MOVE', side: 'whites', unitId: 'c', mode: 'charge', targetId: 't' });
    expect(p.log.get().find((l) => l.type === 'CHARGE_DECLARED')).toMatchObject({ rule: 'K-6.1a', side: 'whites' });
    const v = p.view.get();
    expect(v.prompt.side).toBe('reds');
    expect(v.prompt.detail).toMatch(/defensive fire/);
    expect(v.actions.map((a) => a.id)).toEqual(['defensive-fire:yes', 'defensive-fire:no']);
    expect(v.actions.map((a) => a.command)).toEqual(p.game().legalCommands());
  });

  it('K-6.1a a drag that stops short of the enemy is a plain move', () => {
    const p = createPlay(scenario, table, { dice: new ThenDice(arrange(['c', 't', 'x'], ['c', 't', 'x']), 4), storage: null });
    for (const id of ['begin-turn', 'draw', 'activate:move-shoot']) p.control.send(p.view.get().actions.find((a) => a.id === id)!.command);
    expect(p.control.move([{ figureId: 'c_1', to: [53, 40] }, { figureId: 'c_2', to: [53, 41.5] }])).toEqual({ ok: true });
    expect(p.game().log.at(-1)!.command).toMatchObject({ type: 'MOVE', mode: 'normal' });
    expect(p.view.get().prompt.side).toBe('whites');
  });
});
