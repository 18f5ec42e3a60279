// COBI's play view: the prompt, the buttons for the legal commands, the log with its dice, the move a drag makes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { cobiModule } from '../../../src/rules/cobi';
import type { CState } from '../../../src/rules/cobi/state';
import type { Scenario } from '../../../src/scenario';
import { beginRound, send, sessionOn, skirmishTable } from './fixture';

let scenario: Scenario;
let bf: Battlefield;
beforeAll(async () => ({ scenario, bf } = await skirmishTable()));
afterAll(() => bf.free());

describe('the COBI play view', () => {
  it('C-3.0a before round 1 the one button rolls for the initiative; C-3.3a then the side to act activates a squad', () => {
    const g = sessionOn(scenario, bf, [2, 5]);
    const view = () => cobiModule.hud.describe(g.state, { scenario, table: bf, legal: g.legalCommands() });
    expect(view().prompt).toMatchObject({ side: null, headline: 'Round 1: roll for the initiative', turn: 0, turnLimit: 6, turnWord: 'Round' });
    // C-3.2g besides the roll, each side's surrender.
    expect(view().actions.map((a) => a.id)).toEqual(['begin-round', 'surrender:germans', 'surrender:americans']);
    send(g, { type: 'BEGIN_ROUND' });
    // C-3.2d the winner's two buttons.
    expect(view().prompt).toMatchObject({ side: 'americans', headline: 'Round 1: act first or hand the first activation over', detail: 'Americans won the initiative: act first, or hand the first activation over (C-3.2d)' });
    expect(view().actions.filter((a) => a.rule === 'C-3.2d').map((a) => [a.id, a.label])).toEqual([['first:act', 'Act first'], ['first:pass', 'Hand the first activation over']]);
    send(g, { type: 'CHOOSE_FIRST', choice: 'act' });
    expect(view().prompt).toMatchObject({ side: 'americans', headline: 'Round 1: activate a squad', detail: 'Americans to act: 3 squad(s) left to activate this round' });
    expect(view().actions.map((a) => a.label)).toEqual(['Activate 1st Rifle Squad', 'Activate 2nd Rifle Squad', 'Activate BAR Team', 'Germans: surrender', 'Americans: surrender']);
    const log = cobiModule.hud.log(g.state, g.log);
    expect(log.filter((l) => l.dice).map((l) => [l.text, l.rule])).toEqual([['initiative of Germans: d6 → 2', 'C-3.0a'], ['initiative of Americans: d6 → 5', 'C-3.0a']]);
  });

  it('C-3.3c, C-3.3.1e the activated squad\'s buttons: hold and its moves; a drag makes a move the rules measure', () => {
    const g = sessionOn(scenario, bf, [6, 1]);
    beginRound(g);
    send(g, { type: 'SELECT_UNIT', unitId: 'ger_1' });
    const v = cobiModule.hud.describe(g.state, { scenario, table: bf, legal: g.legalCommands() });
    expect(v.activeUnitId).toBe('ger_1');
    expect(v.actions[0]).toMatchObject({ id: 'hold', label: 'Hold', rule: 'C-3.3c' });
    expect(v.actions.map((a) => a.label)).toEqual(expect.arrayContaining(['Move 15.0 cm N', 'Move 15.0 cm NE']));
    // One button a compass point, the longest move the rules take that way (a drag makes any other); the legal list keeps the half moves.
    const moves = v.actions.filter((a) => a.command.type === 'MOVE');
    const points = moves.map((a) => a.label.split(' ').at(-1));
    expect(new Set(points).size).toBe(moves.length);
    for (const a of moves) {
      const same = g.legalCommands().filter((c) => c.type === 'MOVE' && cobiModule.hud.describe(g.state, { scenario, table: bf, legal: [c] }).actions[0]?.label.endsWith(` ${a.label.split(' ').at(-1)}`));
      const length = (label: string) => Number(label.split(' ')[1]);
      expect(Math.max(...same.map((c) => length(cobiModule.hud.describe(g.state, { scenario, table: bf, legal: [c] }).actions[0]!.label)))).toBe(length(a.label));
    }
    expect(g.legalCommands().filter((c) => c.type === 'MOVE').length).toBeGreaterThan(moves.length);
    const s = g.state as CState;
    const drag = s.table.figures.filter((f) => f.unit === 'ger_1').map((f) => ({ figureId: f.id, to: [f.at[0] + 3, f.at[1] + 4] as [number, number] }));
    const c = cobiModule.hud.moveCommand(s, drag)!;
    expect(c).toMatchObject({ type: 'MOVE', side: 'germans', unitId: 'ger_1' });
    expect(g.dispatch(c).ok).toBe(true);
    expect((g.state as CState).table.figures.find((f) => f.id === 'ger_1_1')!.at).toEqual([23, 18]);
  });
});
