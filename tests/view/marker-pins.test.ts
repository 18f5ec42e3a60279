// The status pin over a figure (pinned, routing, hidden): over a standing soldier's head; over a prone
// one (K-7.1: a pinned unit lies down) smaller and see-through, so that seen close it hides neither the
// soldier under it nor much of the one lying behind him; seen from low down (15°–35°) higher, clear of
// every soldier of the column.
import { describe, expect, it } from 'vitest';
import { projectNdc, type CameraPose } from '../../src/view/camera';
import { elevationOf, pinPlace, pronePinLift, PRONE_PIN, STANDING_PIN, type PinPlace } from '../../src/view/play/marker-pins';

/** The pin's cone (tip down, as PlayMarkers builds it: radius 0.4, height 0.9 at scale 1). */
const PIN = { radius: 0.4, height: 0.9 };
const lens = { fov: 32, aspect: 1.6 };

type Box = { left: number; right: number; bottom: number; top: number };
type P3 = [number, number, number];
/** The screen box (NDC) of world points. */
function screenBox(pose: CameraPose, pts: P3[]): Box {
  const q = pts.map((p) => projectNdc(pose, lens, p)!);
  return { left: Math.min(...q.map((p) => p[0])), right: Math.max(...q.map((p) => p[0])), bottom: Math.min(...q.map((p) => p[1])), top: Math.max(...q.map((p) => p[1])) };
}
const cuboid = (x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): P3[] =>
  [x0, x1].flatMap((x) => [y0, y1].flatMap((y) => [z0, z1].map((z) => [x, y, z] as P3)));
const area = (b: Box) => Math.max(0, b.right - b.left) * Math.max(0, b.top - b.bottom);
const common = (a: Box, b: Box): number =>
  area({ left: Math.max(a.left, b.left), right: Math.min(a.right, b.right), bottom: Math.max(a.bottom, b.bottom), top: Math.min(a.top, b.top) });

/** A prone soldier's body (world; head west, feet east) as figure-pose's prone shape at h = 2.6 cm. */
const proneBody = (z: number) => cuboid(-0.75, 1.8, 0, 0.6, z - 0.45, z + 0.45);
const pinAt = (z: number, pin: PinPlace) => {
  const r = PIN.radius * pin.scale;
  return cuboid(-r, r, pin.lift, pin.lift + PIN.height * pin.scale, z - r, z + r);
};

/** Three prone soldiers 2 cm apart, north–south, seen from `dist` cm to the south at `deg` above the table. */
function column(deg: number, pin: PinPlace, dist = 20): { own: boolean; worst: number } {
  const a = (deg * Math.PI) / 180;
  const pose: CameraPose = { position: [0, dist * Math.sin(a), dist * Math.cos(a)], target: [0, 0, 0] };
  const bodies = [2, 0, -2].map((z) => screenBox(pose, proneBody(z)));
  const pins = [2, 0, -2].map((z) => screenBox(pose, pinAt(z, pin)));
  return {
    own: pins.some((p, i) => common(p, bodies[i]!) > 0),
    worst: Math.max(...bodies.map((b) => pins.reduce((s, p) => s + common(p, b), 0) / area(b))),
  };
}

describe('the status pin over a figure', () => {
  it('K-7.1 over a prone soldier: smaller than over a standing one and see-through, its tip above his back', () => {
    expect(pinPlace({ look: { stance: 'prone' } as never })).toEqual(PRONE_PIN);
    expect(pinPlace({ look: { stance: 'prone' } as never }, 50)).toEqual(PRONE_PIN);
    expect(pinPlace({})).toEqual(STANDING_PIN);
    expect(pinPlace({ look: { stance: 'kneeling' } as never })).toEqual(STANDING_PIN);
    expect(PRONE_PIN.scale).toBeLessThan(0.5);
    expect(PRONE_PIN.opacity).toBeLessThan(0.8);
    expect(STANDING_PIN).toMatchObject({ scale: 1, opacity: 1 });
    expect(PRONE_PIN.lift).toBeGreaterThan(0.6 * 2); // well clear of the prone body's height
  });

  it('K-7.1 a line of prone soldiers seen close from 35° to 65° above the table: no pin on its own soldier, at most a tenth of a body under pins (the standing pin hid about a third)', () => {
    for (const deg of [35, 50, 60, 65]) {
      const prone = column(deg, PRONE_PIN);
      expect(prone.own, `own soldier at ${deg}°`).toBe(false);
      expect(prone.worst, `at ${deg}°`).toBeLessThan(0.11);
      expect(column(deg, STANDING_PIN).worst, `standing pin at ${deg}°`).toBeGreaterThan(0.25);
    }
  });

  it('K-7.1 the same column seen from low down, 15° to 35° above the table, close and farther: no pin over any soldier (at 2.2 cm the front pin lay over a sliver of the soldier 4 cm behind, an eighth of him at 30°)', () => {
    for (let deg = 15; deg <= 35; deg += 1) {
      const pin = pinPlace({ look: { stance: 'prone' } as never }, deg);
      for (const dist of [20, 30, 45]) {
        const low = column(deg, pin, dist);
        expect(low.own, `own soldier at ${deg}° from ${dist} cm`).toBe(false);
        expect(low.worst, `at ${deg}° from ${dist} cm`).toBe(0);
      }
    }
    expect(column(30, PRONE_PIN).worst).toBeGreaterThan(0.1);
  });

  it('K-7.1 as the camera rises through the change of lift, 35° to 65°, the pin never covers more than a tenth of a body nor its own soldier', () => {
    for (let deg = 35; deg <= 65; deg += 0.5) {
      for (const dist of [20, 30]) {
        const c = column(deg, pinPlace({ look: { stance: 'prone' } as never }, deg), dist);
        expect(c.own, `own soldier at ${deg}° from ${dist} cm`).toBe(false);
        expect(c.worst, `at ${deg}° from ${dist} cm`).toBeLessThan(0.11);
      }
    }
    expect(pronePinLift(20)).toBeGreaterThan(PRONE_PIN.lift);
    expect(pronePinLift(45)).toBe(PRONE_PIN.lift);
  });

  it('the camera elevation read from its view direction: level 0°, straight down 90°', () => {
    expect(elevationOf(0)).toBeCloseTo(0);
    expect(elevationOf(-1)).toBeCloseTo(90);
    expect(elevationOf(-Math.sin((30 * Math.PI) / 180))).toBeCloseTo(30);
  });
});
