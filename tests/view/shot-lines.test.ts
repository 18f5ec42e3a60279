// Shots drawn from the game's events: the log's shot record of a shot (K-5.3a), defensive fire
// (K-6.2b) and fire from off the table, and the lines and marks the table draws from it.
import { describe, expect, it } from 'vitest';
import { shotOf } from '../../src/rules/kuularuisku/hud/log';
import type { KState } from '../../src/rules/kuularuisku/state';
import { shotDrawing, type Point3 } from '../../src/view/play/shot-lines';
import { latestShots } from '../../src/view/play/ShotMarks';

const table = { width: 180, depth: 120 };
const stands: Record<string, Point3> = { a1: [10, 0, 10], a2: [14, 0, 10], b1: [60, 1, 40], b2: [70, 1, 40] };
const stand = (id: string) => stands[id];

describe('the shot record of an event', () => {
  const state = { figures: { b1: { id: 'b1', unitId: 'B' }, b2: { id: 'b2', unitId: 'B' } }, special: { config: { offTable: [{ id: 'guns', from: 'north' }] } } } as unknown as KState;

  it('K-5.3a a shot: each die with its shooter and whether it hit; K-6.2b defensive fire marked as such', () => {
    const e = { type: 'SHOT_FIRED', rule: 'K-5.3a', shooterId: 'A', targetId: 'B', shooters: ['a1', 'a2'], targets: ['b1', 'b2'], defensive: false,
      dice: [{ figureId: 'a1', value: 5, need: 4, success: true }, { figureId: 'a2', value: 2, need: 4, success: false }] };
    expect(shotOf(state, e)).toEqual({ targetUnitId: 'B', targetFigureIds: ['b1', 'b2'], dice: [{ figureId: 'a1', hit: true }, { figureId: 'a2', hit: false }] });
    expect(shotOf(state, { ...e, rule: 'K-6.2b', defensive: true })?.defensive).toBe(true);
  });

  it('fire from off the table comes from the table edge the special rule names', () => {
    const e = { type: 'SPECIAL_FIRE', rule: 'K-5.3a', special: 'guns', targetId: 'B', dice: [{ value: 6, need: 5, success: true }], hits: 1, machineGun: false };
    expect(shotOf(state, e)).toEqual({ targetUnitId: 'B', targetFigureIds: ['b1', 'b2'], dice: [{ hit: true }], fromEdge: 'north' });
    expect(shotOf(state, { type: 'MORALE_TEST', unitId: 'B' })).toBeUndefined();
  });
});

describe('the lines and marks of a shot', () => {
  it('one line per shooter to the nearest soldier he could hit, a hit mark per hit and a miss mark per miss', () => {
    const d = shotDrawing([{ targetUnitId: 'B', targetFigureIds: ['b1', 'b2'], dice: [{ figureId: 'a1', hit: true }, { figureId: 'a1', hit: false }, { figureId: 'a2', hit: false }] }], stand, table);
    expect(d.hitLines).toHaveLength(2);
    expect(d.missLines).toHaveLength(2);
    // a1 aims at b1, the nearer; the line starts and ends at chest height.
    expect(d.hitLines[0]).toEqual([10, 1.5, 10]);
    expect(d.hitLines[1]).toEqual([60, 2.5, 40]);
    expect(d.hitMarks).toEqual([[60, 2.5, 40]]);
    expect(d.missMarks).toHaveLength(2);
    for (const m of d.missMarks) expect(Math.hypot(m[0] - 60, m[2] - 40)).toBeGreaterThan(1);
  });

  it('a shooter this screen does not draw gets no line; fire from off the table starts at its edge', () => {
    const hidden = shotDrawing([{ targetUnitId: 'B', targetFigureIds: ['b1'], dice: [{ figureId: 'x9', hit: true }] }], stand, table);
    expect(hidden.hitLines).toEqual([]);
    const off = shotDrawing([{ targetUnitId: 'B', targetFigureIds: ['b1', 'b2'], dice: [{ hit: true }, { hit: false }], fromEdge: 'north' }], stand, table);
    expect(off.hitLines[0]).toEqual([60, 8.5, 120]);
    expect(off.missLines[0]).toEqual([70, 8.5, 120]);
    expect(off.hitMarks).toHaveLength(1);
    expect(off.missMarks).toHaveLength(1);
  });

  it('the table shows the newest command\u2019s shots only', () => {
    const shot = { targetUnitId: 'B', targetFigureIds: ['b1'], dice: [{ figureId: 'a1', hit: true }] };
    const line = (commandIndex: number, withShot: boolean) => ({ index: 0, commandIndex, type: 'X', text: '', ...(withShot ? { shot } : {}) });
    expect(latestShots([line(0, true), line(1, false)])).toEqual({ command: 1, shots: [] });
    expect(latestShots([line(0, false), line(1, true), line(1, false)])).toEqual({ command: 1, shots: [shot] });
  });

  it('while the replay shows a past moment, the shots of the command that moment belongs to, as far as it', () => {
    const shot = { targetUnitId: 'B', targetFigureIds: ['b1'], dice: [{ figureId: 'a1', hit: true }] };
    const line = (index: number, commandIndex: number, withShot: boolean) => ({ index, commandIndex, type: 'X', text: '', ...(withShot ? { shot } : {}) });
    // Command 1 fires (event 2), command 2 does not: the live table shows none.
    const log = [line(0, 0, false), line(1, 1, false), line(2, 1, true), line(3, 2, false)];
    expect(latestShots(log)).toEqual({ command: 2, shots: [] });
    // On show: event 2, the shot; event 1, command 1 before its shot; event 0, before any shot; event 3, after it.
    expect(latestShots(log, 2)).toEqual({ command: 1, shots: [shot] });
    expect(latestShots(log, 1)).toEqual({ command: 1, shots: [] });
    expect(latestShots(log, 0)).toEqual({ command: 0, shots: [] });
    expect(latestShots(log, 3)).toEqual({ command: 2, shots: [] });
  });
});
