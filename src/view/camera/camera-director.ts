// The one camera of the table, driven from anywhere: preset views, presentation beats and
// focus-on-a-point fly there in a 1 s eased arc; held keys pan/rotate/zoom. The mounted rig
// (TableCamera) attaches the camera-controls instance and steps the flight each rendered frame,
// so an idle table renders nothing (frameloop "demand").
import type { CameraControlsImpl } from '@react-three/drei';
import { type PerspectiveCamera, Vector3 } from 'three';
import { createStore } from '../store';
import { worldToTable, tableToWorld } from '../TableSpace';
import { focusPose, interpolatePose, presetPose, type CameraPose, type Frame, type PresetName, type Vec3 } from './camera-views';
import type { Rect } from './clear-area';
import { GLIDE_MS, glidePose, glideShare, poseDistance } from './glide';
import { unitInViewPose } from './unit-in-view';

export type CameraView = PresetName | 'beat' | 'focus';

export interface CameraStatus {
  view: CameraView;
  /** A scripted flight is under way. */
  flying: boolean;
}

/** The camera's named view, for the toolbar (changes only when a flight starts or ends, or the user moves). */
export const cameraStatus = createStore<CameraStatus>({ view: 'home', flying: false });

export type HeldMove = 'left' | 'right' | 'forward' | 'back' | 'rotateLeft' | 'rotateRight' | 'zoomIn' | 'zoomOut';

export const FLIGHT_MS = 1000;

interface Flight {
  from: CameraPose;
  to: CameraPose;
  start: number;
  duration: number;
  /** A preset refitted to a changed canvas: a straight glide, each frame at most a step on (glide.ts); `share` is how far it got. */
  glide?: { share: number };
}

/** A refit this close to the pose shown (world units) is placed at once: layout jitter, nothing to see move. */
const GLIDE_LEAST = 0.05;

interface Attached {
  controls: CameraControlsImpl;
  width: number;
  depth: number;
  invalidate: () => void;
}

const v3a = new Vector3();
const v3b = new Vector3();
const scratchPose: CameraPose = { position: [0, 0, 0], target: [0, 0, 0] };

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

class CameraDirector {
  private at: Attached | null = null;
  private flight: Flight | null = null;
  private pending: { pose: CameraPose; view: CameraView } | null = null;
  private free: CameraPose | null = null;
  /** The canvas's part no HUD box covers (NDC), which the home view is framed to; null: all of it. */
  private clear: Rect | null = null;
  private held = new Set<HeldMove>();
  /** Counts the user's own camera moves (drags, wheel, keys, preset buttons): a follower yields to them. */
  userMoves = 0;
  /**
   * Counts requests to move the camera (a view, a focus, a beat, the user's own moves); a refit's glide to
   * the canvas's new shape and a flight's end are none. A mode holding the camera (the eye view) yields to requests only.
   */
  asked = 0;
  /** Held moves that no frame has applied yet (a quick tap on a slow renderer still moves). */
  private unapplied = new Set<HeldMove>();

  /** Called by the mounted rig; returns the detach function. */
  attach(controls: CameraControlsImpl, width: number, depth: number, invalidate: () => void): () => void {
    const at: Attached = { controls, width, depth, invalidate };
    this.at = at;
    if (this.pending) {
      const { pose, view } = this.pending;
      this.pending = null;
      this.place(pose);
      cameraStatus.set({ view, flying: false });
    }
    invalidate();
    return () => {
      if (this.at === at) {
        this.at = null;
        this.flight = null;
        this.held.clear();
      }
    };
  }

  get attached(): boolean {
    return this.at !== null;
  }

  /** The table and viewport the presets are fitted to. */
  frame(): Frame | null {
    if (!this.at) return null;
    const cam = this.at.controls.camera as PerspectiveCamera;
    return { width: this.at.width, depth: this.at.depth, fov: cam.fov ?? 32, aspect: cam.aspect || 1.6 };
  }

  /** Where the camera is now (world coordinates). */
  pose(): CameraPose | null {
    if (!this.at) return null;
    const p = this.at.controls.getPosition(v3a, false);
    const t = this.at.controls.getTarget(v3b, false);
    return { position: [p.x, p.y, p.z], target: [t.x, t.y, t.z] };
  }

  /** Fly to a pose (world coordinates); `instant` (or reduced motion) jumps there. */
  flyTo(pose: CameraPose, view: CameraView, opts: { instant?: boolean } = {}): void {
    this.asked++;
    const current = this.pose();
    if (cameraStatus.get().view === 'free' && view !== 'free' && current) this.free = current;
    if (!this.at || !current) {
      this.pending = { pose, view };
      cameraStatus.set({ view, flying: false });
      return;
    }
    if (opts.instant || reducedMotion()) {
      this.flight = null;
      this.place(pose);
      cameraStatus.set({ view, flying: false });
    } else {
      this.flight = { from: current, to: pose, start: performance.now(), duration: FLIGHT_MS };
      cameraStatus.set({ view, flying: true });
    }
    this.at.invalidate();
  }

  /** Fly to a named view. `free` returns to where the user last left the camera. */
  showPreset(name: PresetName, opts: { instant?: boolean } = {}): void {
    this.userMoves++;
    const f = this.frame();
    if (name === 'free') {
      if (cameraStatus.get().view === 'free') return;
      const pose = this.free ?? (f ? presetPose('home', f, this.clear ?? undefined) : null);
      if (pose) this.flyTo(pose, 'free', opts);
      return;
    }
    if (!f) {
      // Not mounted yet: fit to a default viewport; the rig places it on attach.
      this.pending = { pose: presetPose(name, { width: 180, depth: 120, fov: 32, aspect: 1.6 }), view: name };
      return;
    }
    this.flyTo(presetPose(name, f, this.clear ?? undefined), name, opts);
  }

  /** The canvas's uncovered part changed (NDC; null: all of it): the home view, if shown, is framed to it again. */
  setClearArea(clear: Rect | null): void {
    this.clear = clear;
    if (cameraStatus.get().view === 'home') this.refit();
  }

  /**
   * The canvas changed size (a docked panel, the window): a preset view is fitted to it again, gliding
   * there (a glide under way, or a flight to that preset, turns to the newest fit from where the camera
   * is: a flight's own end was fitted to the old canvas); a flight elsewhere and a camera the user moved stay.
   */
  refit(aspect?: number): void {
    const { view } = cameraStatus.get();
    const f = this.frame();
    if (!f || view === 'free' || view === 'focus' || view === 'beat') return;
    // The canvas's new shape (the camera's own aspect may not have caught up yet).
    this.glideTo(presetPose(view, aspect ? { ...f, aspect } : f, this.clear ?? undefined), view);
  }

  /** Glide from where the camera is to `pose` (placed at once when it is as good as there, or motion is reduced). */
  private glideTo(pose: CameraPose, view: CameraView): void {
    const current = this.pose();
    if (!this.at || !current) return;
    // A glide or flight already heading there goes on (a refit asked again for the same framing does not restart it).
    if (this.flight && poseDistance(this.flight.to, pose) < GLIDE_LEAST) return;
    if (reducedMotion() || poseDistance(current, pose) < GLIDE_LEAST) {
      this.flight = null;
      this.place(pose);
      if (cameraStatus.get().flying) cameraStatus.set({ view, flying: false });
    } else {
      this.flight = { from: current, to: pose, start: performance.now(), duration: GLIDE_MS, glide: { share: 0 } };
      if (!cameraStatus.get().flying) cameraStatus.set({ view, flying: true });
    }
    this.at.invalidate();
  }

  /** Fly to look at a table point (x east, z north, y up; cm) from the current direction, close up. */
  focusOn(x: number, z: number, y?: number, opts: { instant?: boolean; distance?: number } = {}): void {
    const current = this.pose();
    if (!this.at || !current) return;
    const height = y ?? current.target[1];
    const point = tableToWorld(this.at.width, this.at.depth, x, height, z);
    this.flyTo(focusPose(current, point, opts.distance ?? 40), 'focus', opts);
  }

  /**
   * Glide so that these table points (cm; x east, y up, z north) stand inside `clear` (the canvas's
   * uncovered part, in normalised device coordinates), keeping the viewing direction and the table
   * filling the canvas (unitInViewPose); nothing when they already do. True when a flight started.
   */
  bringIntoView(points: readonly Vec3[], clear: Rect, opts: { instant?: boolean } = {}): boolean {
    const current = this.pose();
    const f = this.frame();
    if (!this.at || !current || !f || !this.at.controls.enabled) return false;
    const { width, depth } = this.at;
    const world = points.map((p) => tableToWorld(width, depth, p[0], p[1], p[2]));
    // The table's top is centred on the world's origin: the glide keeps it filling the canvas.
    const pose = unitInViewPose(current, f, world, clear, { width, depth });
    if (!pose) return false;
    this.flyTo(pose, 'focus', opts);
    return true;
  }

  /** A flight under way jumps to its end (another mode takes the camera and hands it back later). */
  land(): void {
    if (!this.flight) return;
    this.place(this.flight.to);
    this.flight = null;
    cameraStatus.set((s) => ({ ...s, flying: false }));
  }

  /** The user took the camera (drag, wheel, keys): stop any flight; the view is now free. */
  userMoved(): void {
    this.userMoves++;
    this.asked++;
    this.flight = null;
    if (cameraStatus.get().view !== 'free' || cameraStatus.get().flying) cameraStatus.set({ view: 'free', flying: false });
  }

  /** Start or stop a held keyboard move; moves run each frame while held. */
  hold(move: HeldMove, down: boolean): void {
    if (down) {
      if (this.held.has(move)) return;
      this.held.add(move);
      this.unapplied.add(move);
      this.userMoved();
      this.at?.invalidate();
    } else {
      this.held.delete(move);
      if (this.unapplied.delete(move) && this.at) {
        this.applyHeld(0.15, new Set([move]));
        this.at.invalidate();
      }
    }
  }

  releaseAll(): void {
    this.held.clear();
    this.unapplied.clear();
  }

  /** Advance the flight and held moves; true while another frame is needed. */
  step(now: number, delta: number): boolean {
    if (!this.at) return false;
    let more = false;
    if (this.flight?.glide) {
      const g = this.flight.glide;
      g.share = glideShare(g.share, now - this.flight.start, this.flight.duration);
      if (g.share >= 1) {
        this.place(this.flight.to);
        this.flight = null;
        cameraStatus.set((s) => ({ ...s, flying: false }));
      } else {
        this.place(glidePose(this.flight.from, this.flight.to, g.share, scratchPose));
        more = true;
      }
    } else if (this.flight) {
      const t = this.flight.duration > 0 ? (now - this.flight.start) / this.flight.duration : 1;
      if (t >= 1) {
        this.place(this.flight.to);
        this.flight = null;
        cameraStatus.set((s) => ({ ...s, flying: false }));
      } else {
        this.place(interpolatePose(this.flight.from, this.flight.to, t, scratchPose));
        more = true;
      }
    }
    if (this.held.size > 0) {
      this.applyHeld(Math.min(delta, 0.15), this.held);
      this.unapplied.clear();
      more = true;
    }
    return more;
  }

  /** Where a table point (cm; x east, y up, z north) is on the canvas, in normalised device coordinates; null behind the camera. */
  toNdc(x: number, y: number, z: number): [number, number] | null {
    if (!this.at) return null;
    const cam = this.at.controls.camera as PerspectiveCamera;
    cam.updateMatrixWorld();
    const v = v3a.set(...tableToWorld(this.at.width, this.at.depth, x, y, z)).project(cam);
    return v.z > 1 ? null : [v.x, v.y];
  }

  /** Camera and target in table coordinates (x east, z north, y up), for tests and tools. */
  tablePose(): { position: Vec3; target: Vec3 } | null {
    const pose = this.pose();
    if (!pose || !this.at) return null;
    const { width, depth } = this.at;
    return {
      position: worldToTable(width, depth, ...pose.position),
      target: worldToTable(width, depth, ...pose.target),
    };
  }

  private place(pose: CameraPose): void {
    const c = this.at?.controls;
    if (!c) return;
    const [px, py, pz] = pose.position;
    const [tx, ty, tz] = pose.target;
    void c.setLookAt(px, py, pz, tx, ty, tz, false);
    c.update(0);
  }

  private applyHeld(dt: number, h: ReadonlySet<HeldMove>): void {
    const c = this.at!.controls;
    if (!c.enabled) return; // another camera mode (eye view) holds the camera
    const dist = c.distance;
    const pan = dist * 0.9 * dt;
    const x = (h.has('right') ? 1 : 0) - (h.has('left') ? 1 : 0);
    const f = (h.has('forward') ? 1 : 0) - (h.has('back') ? 1 : 0);
    const r = (h.has('rotateLeft') ? 1 : 0) - (h.has('rotateRight') ? 1 : 0);
    const zoom = (h.has('zoomIn') ? 1 : 0) - (h.has('zoomOut') ? 1 : 0);
    if (x) void c.truck(x * pan, 0, false);
    if (f) void c.forward(f * pan, false);
    if (r) void c.rotate(r * 1.6 * dt, 0, false);
    if (zoom) void c.dolly(zoom * dist * 1.2 * dt, false);
  }
}


/** The table's camera. Other tools call `cameraDirector.focusOn(x, z, y)` to look at a selection. */
export const cameraDirector = new CameraDirector();

/** Look at a table point (cm; x east, z north, y up) — a 1 s flight keeping the viewing direction. */
export function focusOn(x: number, z: number, y?: number): void {
  cameraDirector.focusOn(x, z, y);
}
