// The home view glides when the canvas's uncovered part changes (a panel opening or folding): an
// ease-out over GLIDE_MS, straight from the pose shown to the new framing, each frame at most
// GLIDE_MAX_STEP of the way (a slow renderer takes more frames, never a larger step); a glide under
// way turns to the newest framing from where it is, and so does a flight to the home view (its end was
// fitted to the old canvas); the user's own move stops it.
import type { CameraControlsImpl } from '@react-three/drei';
import { afterEach, describe, expect, it } from 'vitest';
import { cameraDirector, cameraStatus, GLIDE_MAX_STEP, GLIDE_MS, glideEase, glideShare, presetPose, type CameraPose } from '../../src/view/camera';

type V3 = [number, number, number];

/** A stand-in for camera-controls: the pose set last is the pose read. */
function fakeControls(): CameraControlsImpl {
  const pose = { position: [0, 100, 100] as V3, target: [0, 0, 0] as V3 };
  const out = (p: V3) => ({ x: p[0], y: p[1], z: p[2] });
  return {
    camera: { fov: 32, aspect: 1.6 },
    getPosition: () => out(pose.position),
    getTarget: () => out(pose.target),
    setLookAt(px: number, py: number, pz: number, tx: number, ty: number, tz: number) {
      pose.position = [px, py, pz];
      pose.target = [tx, ty, tz];
      return Promise.resolve();
    },
    update: () => false,
  } as unknown as CameraControlsImpl;
}

const near = (a: CameraPose, b: CameraPose) => [...a.position, ...a.target].every((v, i) => Math.abs(v - [...b.position, ...b.target][i]!) < 1e-6);
const dist = (a: CameraPose, b: CameraPose) => Math.max(Math.hypot(...a.position.map((v, i) => v - b.position[i]!)), Math.hypot(...a.target.map((v, i) => v - b.target[i]!)));
/** The share of the way from `a` to `b` that `p` stands at, and how far off the straight line it is. */
function along(a: CameraPose, b: CameraPose, p: CameraPose): { share: number; off: number } {
  const d = b.position.map((v, i) => v - a.position[i]!);
  const len2 = d.reduce((s, v) => s + v * v, 0);
  const share = d.reduce((s, v, i) => s + v * (p.position[i]! - a.position[i]!), 0) / len2;
  const off = Math.hypot(...p.position.map((v, i) => v - (a.position[i]! + d[i]! * share)));
  return { share, off };
}

const FRAME = { width: 180, depth: 120, fov: 32, aspect: 1.6 };
/** The canvas's right third covered by a panel (NDC). */
const PANEL = { left: -1, right: 0.33, top: 1, bottom: -1 };

describe('the home view glides to a new framing', () => {
  let detach: (() => void) | null = null;
  afterEach(() => {
    cameraDirector.setClearArea(null);
    cameraDirector.userMoved();
    detach?.();
    detach = null;
  });

  function attachedAtHome(): void {
    detach = cameraDirector.attach(fakeControls(), 180, 120, () => undefined);
    cameraDirector.showPreset('home', { instant: true });
    expect(near(cameraDirector.pose()!, presetPose('home', FRAME))).toBe(true);
  }

  it('eases out: quick at first, soft at the end, each frame at most a step on', () => {
    expect(glideEase(0)).toBe(0);
    expect(glideEase(1)).toBe(1);
    expect(glideEase(0.25)).toBeGreaterThan(0.5);
    expect(glideEase(0.9) - glideEase(0.8)).toBeLessThan(glideEase(0.2) - glideEase(0.1));
    // A frame 300 ms late moves one step, not the whole way.
    expect(glideShare(0, 300)).toBe(GLIDE_MAX_STEP);
    expect(GLIDE_MAX_STEP).toBeLessThanOrEqual(1 / 3);
    expect(glideShare(0.9, GLIDE_MS)).toBe(1);
    expect(glideShare(0, 10)).toBeCloseTo(glideEase(10 / GLIDE_MS));
  });

  it('a panel opening: the camera goes straight to the new framing in steps, flying until it lands', () => {
    attachedAtHome();
    const from = cameraDirector.pose()!;
    cameraDirector.setClearArea(PANEL);
    const start = performance.now(); // the glide starts when asked (framing takes a moment)
    const to = presetPose('home', FRAME, PANEL);
    expect(dist(from, to)).toBeGreaterThan(5);
    // Nothing moved yet: the glide starts from the pose shown.
    expect(near(cameraDirector.pose()!, from)).toBe(true);
    expect(cameraStatus.get()).toEqual({ view: 'home', flying: true });
    const shares: number[] = [0];
    // Slow frames (250 ms apart, as a software renderer under load draws them).
    for (let k = 1; k < 20 && cameraStatus.get().flying; k++) {
      cameraDirector.step(start + 250 * k, 0.25);
      const p = cameraDirector.pose()!;
      const a = along(from, to, p);
      expect(a.off, `frame ${k} off the straight line`).toBeLessThan(1e-6);
      shares.push(a.share);
    }
    expect(cameraStatus.get()).toEqual({ view: 'home', flying: false });
    expect(near(cameraDirector.pose()!, to)).toBe(true);
    expect(shares.at(-1)).toBeCloseTo(1);
    const steps = shares.slice(1).map((s, i) => s - shares[i]!);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const d of steps) {
      expect(d).toBeGreaterThan(0);
      expect(d).toBeLessThanOrEqual(GLIDE_MAX_STEP + 1e-9);
    }
  });

  it('on a quick renderer it lands in GLIDE_MS, along the ease', () => {
    attachedAtHome();
    const from = cameraDirector.pose()!;
    cameraDirector.setClearArea(PANEL);
    const start = performance.now(); // the glide starts when asked (framing takes a moment)
    const to = presetPose('home', FRAME, PANEL);
    let share = 0;
    for (let t = 16; t < GLIDE_MS; t += 16) {
      cameraDirector.step(start + t, 0.016);
      const s = along(from, to, cameraDirector.pose()!).share;
      expect(s).toBeGreaterThanOrEqual(share);
      share = s;
    }
    expect(cameraStatus.get().flying).toBe(true);
    cameraDirector.step(start + GLIDE_MS + 20, 0.016);
    expect(cameraStatus.get().flying).toBe(false);
    expect(near(cameraDirector.pose()!, to)).toBe(true);
  });

  it('a second change mid-glide turns to the newest framing from where the camera is; the same framing asked again does not restart it; a user move stops it', () => {
    attachedAtHome();
    cameraDirector.setClearArea(PANEL);
    const start = performance.now();
    const to = presetPose('home', FRAME, PANEL);
    cameraDirector.step(start + 30, 0.03);
    const early = cameraDirector.pose()!;
    cameraDirector.refit(); // the same framing asked again: the glide goes on from where it got to
    cameraDirector.step(start + 60, 0.03);
    const mid = cameraDirector.pose()!;
    expect(dist(mid, to)).toBeLessThan(dist(early, to));
    cameraDirector.setClearArea(null); // the panel folded again
    expect(near(cameraDirector.pose()!, mid)).toBe(true);
    const back = presetPose('home', FRAME);
    cameraDirector.step(performance.now() + 30, 0.03);
    const a = along(mid, back, cameraDirector.pose()!);
    expect(a.share).toBeGreaterThan(0);
    expect(a.off).toBeLessThan(1e-6);
    cameraDirector.userMoved();
    const held = cameraDirector.pose()!;
    cameraDirector.step(performance.now() + 500, 0.5);
    expect(near(cameraDirector.pose()!, held)).toBe(true);
    expect(cameraStatus.get()).toEqual({ view: 'free', flying: false });
  });

  it('a flight to the home view under way when a panel opens lands on the new framing, not on the one fitted before', () => {
    detach = cameraDirector.attach(fakeControls(), 180, 120, () => undefined);
    cameraDirector.showPreset('top', { instant: true });
    cameraDirector.showPreset('home'); // the 1 s flight
    const start = performance.now();
    cameraDirector.step(start + 200, 0.2);
    expect(cameraStatus.get()).toEqual({ view: 'home', flying: true });
    cameraDirector.refit(); // the same canvas: the flight goes on to its own end
    cameraDirector.step(start + 300, 0.1);
    const mid = cameraDirector.pose()!;
    cameraDirector.setClearArea(PANEL);
    expect(near(cameraDirector.pose()!, mid)).toBe(true); // no jump: it turns from where it is
    for (let k = 1; k < 40 && cameraStatus.get().flying; k++) cameraDirector.step(start + 300 + 100 * k, 0.1);
    expect(cameraStatus.get()).toEqual({ view: 'home', flying: false });
    expect(near(cameraDirector.pose()!, presetPose('home', FRAME, PANEL))).toBe(true);
    expect(dist(presetPose('home', FRAME, PANEL), presetPose('home', FRAME))).toBeGreaterThan(5);
  });
});
