// Meshes for the battlefield's solids (boxes and convex hulls), merged into one geometry per part
// so the picture is made of exactly the shapes the physics world uses.
import { BoxGeometry, type BufferGeometry, Color, Matrix4, Vector3 } from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import type { Solid, SolidPart } from '../core';
import type { Feature } from '../scenario';
import { mergeParts, paintPart } from './merge';
import { hashString } from './noise';

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

/** One solid as a painted, non-indexed part in table coordinates. */
export function solidPart(solid: Solid, colour: Color): BufferGeometry {
  if (solid.shape === 'box') {
    const [hx, hy, hz] = solid.halfExtents;
    const box = new BoxGeometry(hx * 2, hy * 2, hz * 2);
    // rotationY is counter-clockwise seen from above in table coordinates (x east, z north),
    // which is three's makeRotationY with the opposite sign.
    box.applyMatrix4(scratch.makeRotationY((-solid.rotationY * Math.PI) / 180).setPosition(...solid.center));
    return paintPart(box, colour);
  }
  const hull = new ConvexGeometry(solid.points.map((p) => new Vector3(p[0], p[1], p[2])));
  return paintPart(hull, colour);
}

/** Merged geometries keyed by part (wall, roof, …), colours jittered a little per feature. */
export function solidGeometries(solids: readonly Solid[], features: readonly Feature[]): Map<SolidPart, BufferGeometry> {
  const byId = new Map(features.map((f) => [f.id, f] as const));
  const parts = new Map<SolidPart, BufferGeometry[]>();
  for (const s of solids) {
    const colour = new Color(solidColour(s, byId.get(s.featureId)));
    const jitter = 0.94 + ((hashString(s.featureId) % 1000) / 1000) * 0.12;
    colour.multiplyScalar(jitter);
    const list = parts.get(s.part) ?? [];
    list.push(solidPart(s, colour));
    parts.set(s.part, list);
  }
  const out = new Map<SolidPart, BufferGeometry>();
  for (const [part, list] of parts) {
    const merged = mergeParts(list);
    if (merged) out.set(part, merged);
  }
  return out;
}
