// Low-poly vehicle models (ART.md §8): a hull with a sloped glacis on tracks, wheels or both, a
// turret with its gun, and a thin ground frame for the side colour. Built per hull size, in cm,
// standing on y = 0 at the origin and facing +z (north in table coordinates).
import { BoxGeometry, type BufferGeometry, Color, CylinderGeometry, Vector3 } from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import type { Scenario, VehicleHull } from '../scenario';
import { mergeParts, paintPart } from './merge';

export type Running = NonNullable<VehicleHull['running']>;

/** A vehicle model's size and kind, every default filled in. */
export interface HullSpec {
  length: number;
  width: number;
  /** Ground to hull top, cm. */
  height: number;
  running: Running;
  turret: boolean;
}

/** A medium tank at 1:100 (ART.md §8: a T-34 hull is about 6 × 3 × 2.5 cm). */
const DEFAULT_HULL = { length: 6, width: 3 } as const;

export function hullSpec(hull: VehicleHull | undefined): HullSpec {
  const length = hull?.length ?? DEFAULT_HULL.length;
  const width = hull?.width ?? DEFAULT_HULL.width;
  return { length, width, height: hull?.height ?? Math.min(width / 2, 2.5), running: hull?.running ?? 'tracks', turret: hull?.turret ?? true };
}

/** Models with the same key share one geometry (and one instanced mesh). */
export function specKey(s: HullSpec): string {
  return `${s.running}:${s.turret ? 't' : 'o'}:${s.length}x${s.width}x${s.height}`;
}

/** Turret pivot: on the hull top, a little forward of the hull centre; table cm in the hull's frame. */
export function turretPivot(s: HullSpec): [number, number, number] {
  return [0, s.height, s.length * 0.06];
}

const RUNNING_GEAR = '#5a5750';
const PAINT_SHADE = '#e6e3da';
const DECK_KIT = '#b3a88e';

const box = (w: number, h: number, d: number, x: number, y: number, z: number) => new BoxGeometry(w, h, d).translate(x, y, z);

/** A wheel disc (axis across the hull) standing on the ground at (x, z). */
function wheel(radius: number, thickness: number, x: number, z: number, sides = 10): BufferGeometry {
  const g = new CylinderGeometry(radius, radius, thickness, sides).rotateZ(Math.PI / 2);
  g.computeBoundingBox();
  // A polygon's lowest point is not at −radius: set it on the ground exactly.
  return g.translate(x, -g.boundingBox!.min.y, z);
}

/** The armoured body: a slab from `bottom` to the hull top with a sloped glacis and a raked rear. */
function body(s: HullSpec, bottom: number, width: number): BufferGeometry {
  const hw = width / 2;
  const hl = s.length / 2;
  const top = s.height;
  const pts: Vector3[] = [];
  for (const x of [-hw, hw]) {
    pts.push(
      new Vector3(x, bottom, hl), // nose
      new Vector3(x, top, hl - s.length * 0.24), // top of the glacis
      new Vector3(x, top, -hl + s.length * 0.04), // rear deck edge
      new Vector3(x, bottom + (top - bottom) * 0.35, -hl), // rear plate foot
    );
  }
  return new ConvexGeometry(pts);
}

function tracks(s: HullSpec, fromZ: number, toZ: number): BufferGeometry[] {
  const tw = s.width * 0.24;
  const th = s.height * 0.55;
  const len = toZ - fromZ;
  const mid = (fromZ + toZ) / 2;
  const out: BufferGeometry[] = [];
  for (const side of [-1, 1]) {
    const x = side * (s.width / 2 - tw / 2);
    out.push(paintPart(box(tw, th, len, x, th / 2, mid), RUNNING_GEAR, 0.1));
    const wheels = Math.max(3, Math.min(5, Math.round(len / 1.2)));
    const r = th * 0.36;
    for (let i = 0; i < wheels; i++) {
      const z = fromZ + r + 0.1 + ((len - 2 * r - 0.2) * i) / Math.max(wheels - 1, 1);
      out.push(paintPart(wheel(r, 0.05, side * (s.width / 2 + 0.02), z, 8), '#77736a', 0.05));
    }
  }
  return out;
}

function wheels(s: HullSpec, zs: readonly number[]): BufferGeometry[] {
  const r = s.height * 0.3;
  const t = s.width * 0.16;
  return zs.flatMap((z) => [-1, 1].map((side) => paintPart(wheel(r, t, side * (s.width / 2 - t / 2), z), '#2f2d2a', 0.05)));
}

/** Hull and running gear (painted white-ish: the instance colour gives the paint). */
export function hullGeometry(s: HullSpec): BufferGeometry {
  const hl = s.length / 2;
  const parts: BufferGeometry[] = [];
  if (s.running === 'tracks') {
    parts.push(...tracks(s, -hl * 0.96, hl * 0.9));
    parts.push(paintPart(body(s, s.height * 0.3, s.width), PAINT_SHADE, 0.18));
  } else if (s.running === 'wheels') {
    parts.push(...wheels(s, [hl * 0.55, -hl * 0.55]));
    parts.push(paintPart(body(s, s.height * 0.3, s.width * 0.68), PAINT_SHADE, 0.18));
  } else {
    parts.push(...wheels(s, [hl * 0.62]));
    parts.push(...tracks(s, -hl * 0.96, hl * 0.15));
    parts.push(paintPart(body(s, s.height * 0.3, s.width * 0.78), PAINT_SHADE, 0.18));
  }
  // Stowage on the rear deck, for life (and so the back end reads from above).
  parts.push(paintPart(box(s.width * 0.4, s.height * 0.1, s.length * 0.1, 0, s.height + s.height * 0.05, -hl + s.length * 0.12), DECK_KIT, 0.15));
  return mergeParts(parts)!;
}

/** Turret, mantlet and gun, pivot at the origin, pointing +z. */
export function turretGeometry(s: HullSpec): BufferGeometry {
  const r = s.width * 0.3;
  const h = Math.max(s.height * 0.42, 0.5);
  const turret = new CylinderGeometry(r * 0.8, r, h, 8).translate(0, h / 2, 0);
  const mantlet = box(r * 0.7, h * 0.6, r * 0.35, 0, h * 0.5, r * 0.9);
  const gunLength = s.length * 0.6;
  const gun = new CylinderGeometry(r * 0.09, r * 0.11, gunLength, 8).rotateX(Math.PI / 2).translate(0, h * 0.5, r + gunLength / 2);
  const hatch = new CylinderGeometry(r * 0.28, r * 0.3, h * 0.14, 8).translate(-r * 0.3, h + h * 0.07, -r * 0.2);
  return mergeParts([
    paintPart(turret, PAINT_SHADE, 0.2),
    paintPart(mantlet, PAINT_SHADE, 0.15),
    paintPart(gun, '#cfccc3', 0.15),
    paintPart(hatch, DECK_KIT, 0.2),
  ])!;
}

/** A thin frame on the ground round the hull: the unit marker in the side's colour (white here). */
export function frameGeometry(s: HullSpec, margin = 0.3, band = 0.22, thick = 0.1): BufferGeometry {
  const w = s.width + 2 * margin;
  const l = s.length + 2 * margin;
  return mergeParts([
    paintPart(box(w, thick, band, 0, thick / 2, l / 2 - band / 2), '#ffffff', 0),
    paintPart(box(w, thick, band, 0, thick / 2, -l / 2 + band / 2), '#ffffff', 0),
    paintPart(box(band, thick, l - 2 * band, w / 2 - band / 2, thick / 2, 0), '#ffffff', 0),
    paintPart(box(band, thick, l - 2 * band, -w / 2 + band / 2, thick / 2, 0), '#ffffff', 0),
  ])!;
}

const OLIVE = new Color('#5b5d49');

/**
 * Hull paint for a side: its colour toned toward a dull olive, so vehicles read as painted models
 * of that side rather than flat tokens (ART.md §2); the frame carries the full side colour.
 */
export function vehiclePaint(sideColour: string): Color {
  return new Color(sideColour).lerp(OLIVE, 0.45);
}

export interface VehiclePose {
  unitId: string;
  figureId: string;
  position: [number, number, number];
  /** Degrees clockwise from north: the hull, and the turret (the hull's when not given). */
  facing: number;
  turretFacing: number;
  spec: HullSpec;
  sideColour: string;
}

type Stand = (x: number, z: number, floor?: number) => number;

/** Every deployed vehicle of the scenario, standing at the battlefield's stand height. */
export function vehiclePoses(scenario: Scenario, standHeight: Stand, fallbackColour = '#9a9a9a'): VehiclePose[] {
  const colours = new Map(scenario.sides.map((s) => [s.id, s.colour] as const));
  const out: VehiclePose[] = [];
  for (const unit of scenario.units ?? []) {
    if (unit.reserve || unit.type !== 'vehicle') continue;
    for (const f of unit.figures) {
      const [x, z] = f.at;
      const facing = f.facing ?? 0;
      out.push({
        unitId: unit.id,
        figureId: f.id,
        position: [x, standHeight(x, z, f.floor), z],
        facing,
        turretFacing: f.turretFacing ?? facing,
        spec: hullSpec(f.hull),
        sideColour: colours.get(unit.side) ?? fallbackColour,
      });
    }
  }
  return out;
}

/** Vehicles grouped by model (one instanced mesh set per group), in scenario order. */
export function groupBySpec(poses: readonly VehiclePose[]): Array<{ key: string; spec: HullSpec; poses: VehiclePose[] }> {
  const groups = new Map<string, { key: string; spec: HullSpec; poses: VehiclePose[] }>();
  for (const p of poses) {
    const key = specKey(p.spec);
    const g = groups.get(key) ?? { key, spec: p.spec, poses: [] };
    g.poses.push(p);
    groups.set(key, g);
  }
  return [...groups.values()];
}
