// Moves between the floors of a building through the table's drag model and the play controller, on
// the training ground's farmhouse (x 94–106, z 25–35; floors at 0 and 4 cm; one door, south, on the
// ground floor). A drag's destination storey is stepped with stepDragFloor (what PageUp / PageDown,
// [ / ] and the wheel do during a drag); the destinations dragTargets makes go to control.move, and
// the rules judge them (K-4.0: walls, doors and floors; the climb measured as a 3D tape).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay, type PlayHandle } from '../../src/app/play';
import { analysePath } from '../../src/rules/kuularuisku/engine';
import { DEFAULT_HOUSE } from '../../src/rules/kuularuisku/house';
import { dragTargets, stepDragFloor, type MoveDrag } from '../../src/view/play/drag-store';
import { floorAt, floorsAt, moveTape } from '../../src/view/play/surface';
import { floorsNear, moveFloorKey, nextMoveFloor, pressedFloor, type MoveFloor } from '../../src/view/play/move-floor';
import { loadTrainingGround, trainingGroundScenario } from '../battlefield/fixture';
import { ThenDice, arrange } from '../flow/fixture';

const scenario = trainingGroundScenario();
const CARDS = (scenario.units ?? []).map((u) => u.id);
let bf: Battlefield;

beforeAll(async () => {
  bf = await loadTrainingGround();
});

function game(first: string[]): PlayHandle {
  const order = [...first, ...CARDS.filter((c) => !first.includes(c))];
  return createPlay(scenario, bf, { dice: new ThenDice(arrange(CARDS, order), 4), storage: null });
}

const act = (p: PlayHandle, id: string) => {
  const a = p.view.get().actions.find((x) => x.id === id);
  if (!a) throw new Error(`no action ${id} among ${p.view.get().actions.map((x) => x.id).join(', ')}`);
  const r = p.control.send(a.command);
  if (!r.ok) throw new Error(`${id} refused: ${r.reason} (${r.rule})`);
};
const figure = (p: PlayHandle, id: string) => p.view.get().units.flatMap((u) => u.figures).find((f) => f.id === id)!;
const unitOf = (p: PlayHandle, id: string) => p.view.get().units.find((u) => u.id === id);

/** A drag of `figureId` from where he stands to `to` (a whole-unit drag of a one-figure unit). */
function dragTo(p: PlayHandle, unitId: string, figureId: string, to: [number, number]): MoveDrag {
  const at = figure(p, figureId).at;
  return { unitId, figureId, grab: at, pressed: [0, 0], offset: [to[0] - at[0], to[1] - at[1]], only: false };
}
const floorOf = (to: [number, number], floor: number) => floorAt(bf, to, floor);
const stories = (to: [number, number]) => floorsAt(bf, to);
/** Send the drag as the table does on release. */
function release(p: PlayHandle, d: MoveDrag) {
  const moves = dragTargets(d, unitOf(p, d.unitId), floorOf);
  return p.control.move(moves.map((t) => ({ figureId: t.figureId, to: t.to, ...(t.floor !== undefined ? { floor: t.floor } : {}) })));
}

describe('moving between floors through the drag model (K-4.0)', () => {
  it('the storeys under a point and the tape of a climb are what the rules measure', () => {
    expect(floorsAt(bf, [100, 30])).toBe(2);
    expect(floorsAt(bf, [100, 40])).toBe(1);
    expect(floorsAt(bf, [-5, 40])).toBe(1);
    // Straight down a storey in place: the storey's height (4 cm), as analysePath measures the leg.
    const cases: Array<[[number, number], number, [number, number], number]> = [
      [[100, 33], 1, [100, 33], 0],
      [[100, 33], 1, [97, 31], 0],
      [[100, 33], 0, [98, 29], 1],
      [[104, 38], 0, [104, 34], 0],
    ];
    expect(moveTape(bf, [100, 33], 1, [100, 33], 0)).toBeCloseTo(4, 6);
    for (const [a, fa, b, fb] of cases) {
      const r = analysePath(bf, [{ at: a, floor: fa }, { at: b, floor: fb }], DEFAULT_HOUSE, 0.6);
      expect(moveTape(bf, a, fa, b, fb || undefined)).toBeCloseTo(r.length, 6);
    }
  });

  it('a drag keeps the figure\'s floor by default; the stepped storey stays within the building under the destination', () => {
    const p = game(['house_upper']);
    act(p, 'begin-turn');
    act(p, 'draw');
    act(p, 'activate:move-shoot');
    const unit = unitOf(p, 'house_upper');
    const d = dragTo(p, 'house_upper', 'house_upper_1', [97, 31]);
    expect(dragTargets(d, unit, floorOf)[0]).toMatchObject({ to: [97, 31], floor: 1 });
    const up = stepDragFloor(d, unit, 1, floorOf, stories);
    expect(up.floor).toBe(1); // the farmhouse has no floor 2
    const down = stepDragFloor(d, unit, -1, floorOf, stories);
    expect(down.floor).toBe(0);
    expect(dragTargets(down, unit, floorOf)[0]!.floor).toBeUndefined();
    expect(stepDragFloor(down, unit, -1, floorOf, stories).floor).toBe(0);
    // Outside the building the only storey is the ground, whatever was chosen inside.
    const out = { ...dragTo(p, 'house_upper', 'house_upper_1', [100, 40]), floor: 1 };
    expect(dragTargets(out, unit, floorOf)[0]!.floor).toBeUndefined();
    expect(stepDragFloor(out, unit, 1, floorOf, stories).floor).toBe(0);
    p.dispose();
  });

  it('house_upper goes down to the ground floor inside, and a ground-floor soldier up to floor 1', () => {
    const p = game(['house_upper']);
    act(p, 'begin-turn');
    act(p, 'draw');
    act(p, 'activate:move-shoot');
    const unit = unitOf(p, 'house_upper');
    // Down the stairs and 3.6 cm across: tape hypot(3.6, 4) = 5.4 cm > the 5 cm of difficult going (K-AMB-4 buildings).
    const far = stepDragFloor(dragTo(p, 'house_upper', 'house_upper_1', [97, 31]), unit, -1, floorOf, stories);
    expect(moveTape(bf, [100, 33], 1, [97, 31], 0)).toBeGreaterThan(5);
    const refused = release(p, far);
    expect(refused).toMatchObject({ ok: false, rule: 'K-4.2c' });
    expect(refused.ok ? '' : refused.reason).toMatch(/^the squad leader of First-floor window[^:]* would move 5\.4 cm, more than its 5 cm/);
    expect(figure(p, 'house_upper_1')).toMatchObject({ at: [100, 33], floor: 1 });
    // 2 cm across and down: tape hypot(2, 4) ≈ 4.5 cm, within the 5 cm.
    const near = stepDragFloor(dragTo(p, 'house_upper', 'house_upper_1', [98, 33]), unit, -1, floorOf, stories);
    expect(release(p, near)).toEqual({ ok: true });
    expect(figure(p, 'house_upper_1')).toMatchObject({ at: [98, 33], floor: 0 });

    // Back up a storey in his next activation (turn 2): every other card passes or ends.
    for (let i = 0; i < 80; i++) {
      const v = p.view.get();
      const ids = v.actions.map((a) => a.id);
      if ((v.prompt.turn ?? 0) >= 2 && v.activeUnitId === 'house_upper' && ids.includes('activate:move-shoot')) break;
      const next = ['end-activation', 'end-turn', 'begin-turn', 'draw', 'readiness:pass', 'pass'].find((a) => ids.includes(a));
      if (!next) throw new Error(`stuck at ${ids.join(', ')}`);
      act(p, next);
    }
    act(p, 'activate:move-shoot');
    const again = unitOf(p, 'house_upper');
    const d = dragTo(p, 'house_upper', 'house_upper_1', [99, 31]);
    expect(dragTargets(d, again, floorOf)[0]!.floor).toBeUndefined(); // stays on the ground by default
    const up = stepDragFloor(d, again, 1, floorOf, stories);
    expect(dragTargets(up, again, floorOf)[0]!.floor).toBe(1);
    expect(release(p, up)).toEqual({ ok: true });
    expect(figure(p, 'house_upper_1')).toMatchObject({ at: [99, 31], floor: 1 });
    p.dispose();
  });

  it('K-4.0 a drag up to floor 1 from outside, through the farmhouse north wall (no door there), is refused by the rules and nothing moves', () => {
    const p = game(['wall_south']);
    act(p, 'begin-turn');
    act(p, 'draw');
    act(p, 'activate:move-shoot');
    const unit = unitOf(p, 'wall_south');
    const d = stepDragFloor(dragTo(p, 'wall_south', 'wall_south_1', [104, 34]), unit, 1, floorOf, stories);
    expect(dragTargets(d, unit, floorOf)[0]).toMatchObject({ to: [104, 34], floor: 1 });
    const r = release(p, d);
    expect(r).toMatchObject({ ok: false, rule: 'K-4.0' });
    expect(r.ok ? '' : r.reason).toMatch(/^the squad leader of South of the wall[^:]*: the move runs into a wall of Farmhouse \(go through a door\)$/);
    expect(figure(p, 'wall_south_1')).toMatchObject({ at: [104, 38], floor: 0 });
    p.dispose();
  });
});

describe('the move panel\'s floor choice (the move-floor state the table publishes)', () => {
  const near = (points: readonly [number, number][]) => floorsNear(bf, points);

  it('offers the storeys of a building the unit stands in or next to, and none on open ground', () => {
    // 3 cm south of the farmhouse's south wall (z 35): next to it, two storeys.
    expect(floorsNear(bf, [[104, 38]])).toBe(2);
    expect(floorsNear(bf, [[100, 33]])).toBe(2);
    // The church tower's five storeys (floors 0–4).
    expect(floorsNear(bf, [[140, 90]])).toBe(5);
    // Open ground far from any building.
    expect(floorsNear(bf, [[65, 60]])).toBe(1);
    expect(floorsNear(bf, [[104, 45]])).toBe(1);
    // The tallest building near any of the figures counts.
    expect(floorsNear(bf, [[65, 60], [104, 38]])).toBe(2);
  });

  it('keeps the choice for the same move offer and drops it when the activation changes', () => {
    const p = game(['house_upper', 'wall_south']);
    act(p, 'begin-turn');
    act(p, 'draw');
    expect(moveFloorKey(p.view.get())).toBeNull(); // no move offered before the activation is chosen
    act(p, 'activate:move-shoot');
    const key = moveFloorKey(p.view.get())!;
    expect(key).not.toBeNull();
    const figures = unitOf(p, 'house_upper')!.figures;
    const first = nextMoveFloor(null, key, figures, near)!;
    expect(first).toEqual({ key, floors: 2, own: 1, chosen: null });
    expect(pressedFloor(first)).toBe(1);
    const chosen: MoveFloor = { ...first, chosen: 0 };
    expect(pressedFloor(chosen)).toBe(0);
    // The view published again for the same offer: the choice stays (the same object when nothing changed).
    expect(nextMoveFloor(chosen, key, figures, near)).toBe(chosen);
    // A storey that does not stand there any more is dropped.
    expect(nextMoveFloor({ ...first, chosen: 3 }, key, figures, near)!.chosen).toBeNull();
    // The choice goes down through a drag begun with it (as the table starts one): the rules take him down.
    const d = { ...dragTo(p, 'house_upper', 'house_upper_1', [98, 33]), floor: chosen.chosen! };
    expect(dragTargets(d, unitOf(p, 'house_upper'), floorOf)[0]!.floor).toBeUndefined(); // the ground floor
    expect(release(p, d)).toEqual({ ok: true });
    expect(figure(p, 'house_upper_1')).toMatchObject({ at: [98, 33], floor: 0 });
    // The activation ends, the next card: another offer, the choice gone; no move offered, no state.
    act(p, 'end-activation');
    expect(nextMoveFloor(chosen, moveFloorKey(p.view.get()), figures, near)).toBeNull();
    act(p, 'draw');
    act(p, 'activate:move-shoot');
    const other = moveFloorKey(p.view.get())!;
    expect(other).not.toBe(key);
    const next = nextMoveFloor(chosen, other, unitOf(p, 'wall_south')!.figures, near)!;
    expect(next).toEqual({ key: other, floors: 2, own: 0, chosen: null });
    p.dispose();
  });

  it('names no own floor when the unit\'s figures stand on different floors', () => {
    const f = nextMoveFloor(null, 'k', [{ at: [100, 33], floor: 1 }, { at: [99, 31], floor: 0 }, { at: [65, 60], floor: 0, removed: 'dead' }], near)!;
    expect(f.own).toBeNull();
    expect(pressedFloor(f)).toBeNull();
    expect(nextMoveFloor(null, 'k', [{ at: [100, 33], floor: 1 }, { at: [65, 60], floor: 0, removed: 'dead' }], near)!.own).toBe(1);
  });
});
