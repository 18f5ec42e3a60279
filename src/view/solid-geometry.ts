// Meshes for the battlefield's solids (boxes and convex hulls), merged into one geometry per part
// so the picture is made of exactly the shapes the physics world uses.
import { BoxGeometry, type BufferGeometry, Color, CylinderGeometry, Matrix4, Vector3 } from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import type { Solid, SolidPart } from '../core';
import type { Feature } from '../scenario';
import { mergeParts, paintPart } from './merge';
import { hashString } from './noise';
import { railingParts } from './piece-geometry';

const MATERIAL_COLOURS: Record<string, string> = {
  stone: '#9d968a', brick: '#8a4a3a', wood: '#7a5a3e', concrete: '#a6a299', plaster: '#b8ad9c',
  hedge: '#3d5230', wire: '#4a4a48', earth: '#6a553b', sandbag: '#a89a78',
};

const KIND_COLOURS: Record<string, string> = {
  wall: MATERIAL_COLOURS.stone!, fence: '#6e5640', hedge: MATERIAL_COLOURS.hedge!, palisade: '#5f4a36',
  wire: MATERIAL_COLOURS.wire!, barricade: '#6b5a48', rampart: '#5c5a3e', bastion: '#5c5a3e', redoubt: '#5c5a3e',
  bridge: '#7b6246', ladder: '#8a6e4e',
};

/** Paint colour of a solid, from its part, its feature's kind and the feature's material. */
export function solidColour(solid: Solid, feature: Feature | undefined): string {
  const material = feature && 'material' in feature ? feature.material : undefined;
  switch (solid.part) {
    case 'roof': return feature?.kind === 'building' && feature.style === 'bunker' ? MATERIAL_COLOURS.concrete! : '#6b3b2e';
    case 'floor': return '#6f5843';
    case 'foundation': return '#77716a';
    case 'deck': return '#7b6246';
    case 'railing': return '#5f4a36';
    case 'ladder': return '#8a6e4e';
    case 'parapet': return material ? MATERIAL_COLOURS[material] ?? '#5c5a3e' : '#5c5a3e';
    case 'wall':
      return MATERIAL_COLOURS[material ?? 'plaster'] ?? MATERIAL_COLOURS.plaster!;
    case 'obstacle':
      return (material && MATERIAL_COLOURS[material]) ?? KIND_COLOURS[solid.featureKind] ?? '#6e6458';
  }
}

const scratch = new Matrix4();

/** A fence or wall the scenario draws as a row of grave stones (`style: "headstones"`). */
export function isHeadstoneRow(feature: Feature | undefined): boolean {
  return (feature?.kind === 'fence' || feature?.kind === 'wall') && feature.style === 'headstones';
}

/** Headstones in a row (the cemetery's headstone rows): this far apart, centre to centre, cm. */
export const HEADSTONE_PITCH = 1.6;

/**
 * A box-shaped row as separate headstones with rounded tops, in the box's own frame (long axis x or z),
 * inside its bounds; heights and lean vary a little per stone, seeded by the feature id.
 */
export function headstoneRow(halfExtents: readonly [number, number, number], seed: number): BufferGeometry[] {
  const [hx, hy, hz] = halfExtents;
  const alongX = hx >= hz;
  const length = 2 * (alongX ? hx : hz);
  const thick = Math.min(2 * (alongX ? hz : hx), 0.3);
  const n = Math.max(1, Math.floor(length / HEADSTONE_PITCH));
  const width = Math.min(0.95, (length / n) * 0.7);
  const stones: BufferGeometry[] = [];
  for (let i = 0; i < n; i++) {
    const r = ((seed >>> (i % 24)) ^ (i * 2654435761)) >>> 0;
    const height = 2 * hy * (0.72 + ((r % 97) / 97) * 0.22);
    const lean = (((r >>> 8) % 61) / 60 - 0.5) * 0.1;
    const slab = height - width / 2;
    const along = -length / 2 + (i + 0.5) * (length / n);
    const body = new BoxGeometry(width, slab, thick).translate(0, -hy + slab / 2, 0);
    // Rounded top: half a disc across the stone's face.
    const top = new CylinderGeometry(width / 2, width / 2, thick, 8, 1, false, -Math.PI / 2, Math.PI).rotateX(-Math.PI / 2).translate(0, -hy + slab, 0);
    for (const g of [body, top]) {
      g.rotateX(lean);
      if (!alongX) g.rotateY(Math.PI / 2);
      g.translate(alongX ? along : 0, 0, alongX ? 0 : along);
      stones.push(g);
    }
  }
  return stones;
}

/** One solid as painted, non-indexed parts in table coordinates. */
export function solidParts(solid: Solid, colour: Color, feature?: Feature): BufferGeometry[] {
  if (solid.shape === 'box') {
    const [hx, hy, hz] = solid.halfExtents;
    // rotationY is counter-clockwise seen from above in table coordinates (x east, z north),
    // which is three's makeRotationY with the opposite sign.
    scratch.makeRotationY((-solid.rotationY * Math.PI) / 180).setPosition(...solid.center);
    // Grave rows are the scenario's word (style "headstones"), never guessed from kind or material.
    const stones = solid.part === 'obstacle' && isHeadstoneRow(feature);
    // A railing is drawn as posts and rails within its box (see-through, as the rules have it).
    if (solid.part === 'railing') return railingParts(solid).map((g) => paintPart(g, colour));
    const pieces = stones ? headstoneRow(solid.halfExtents, hashString(solid.featureId)) : [new BoxGeometry(hx * 2, hy * 2, hz * 2)];
    return pieces.map((g) => paintPart(g.applyMatrix4(scratch), colour));
  }
  const hull = new ConvexGeometry(solid.points.map((p) => new Vector3(p[0], p[1], p[2])));
  return [paintPart(hull, colour)];
}

/** Merged geometries keyed by part (wall, roof, …), colours jittered a little per feature. */
export function solidGeometries(solids: readonly Solid[], features: readonly Feature[]): Map<SolidPart, BufferGeometry> {
  const byId = new Map(features.map((f) => [f.id, f] as const));
  const parts = new Map<SolidPart, BufferGeometry[]>();
  for (const s of solids) {
    const feature = byId.get(s.featureId);
    const colour = new Color(solidColour(s, feature));
    const jitter = 0.94 + ((hashString(s.featureId) % 1000) / 1000) * 0.12;
    colour.multiplyScalar(jitter);
    const list = parts.get(s.part) ?? [];
    list.push(...solidParts(s, colour, feature));
    parts.set(s.part, list);
  }
  const out = new Map<SolidPart, BufferGeometry>();
  for (const [part, list] of parts) {
    const merged = mergeParts(list);
    if (merged) out.set(part, merged);
  }
  return out;
}
