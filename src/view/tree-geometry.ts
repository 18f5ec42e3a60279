// Wargame-style trees (ART.md §7): stacked-cone conifers and blob deciduous trees, about 7–12 cm,
// plus where to plant them inside woods outlines (decoration only: rules read the area, not trees).
import { type BufferGeometry, ConeGeometry, CylinderGeometry, IcosahedronGeometry } from 'three';
import { boundsOf, pointInPolygon, polygonArea, type Vec2 } from '../core';
import { areaPolygon, type WoodsFeature } from '../scenario';
import { mergeParts, paintPart } from './merge';
import { hashString, randomStream } from './noise';
import { PALETTE } from './palette';

export function coniferGeometry(): BufferGeometry {
  return mergeParts([
    paintPart(new CylinderGeometry(0.22, 0.3, 1.6, 5).translate(0, 0.8, 0), PALETTE.trunk),
    paintPart(new ConeGeometry(2.3, 4, 7).translate(0, 3, 0), PALETTE.spruce, 0.18),
    paintPart(new ConeGeometry(1.8, 3.4, 7).translate(0, 4.9, 0), PALETTE.spruce, 0.18),
    paintPart(new ConeGeometry(1.2, 2.8, 7).translate(0, 6.7, 0), PALETTE.spruce, 0.18),
  ])!;
}

export function deciduousGeometry(): BufferGeometry {
  return mergeParts([
    paintPart(new CylinderGeometry(0.22, 0.32, 3.6, 5).translate(0, 1.8, 0), PALETTE.birchBark, 0.05),
    paintPart(new IcosahedronGeometry(2.2, 0).translate(0, 5, 0), PALETTE.leaf, 0.2),
    paintPart(new IcosahedronGeometry(1.7, 0).translate(0.9, 6.4, 0.4), PALETTE.leaf, 0.2),
    paintPart(new IcosahedronGeometry(1.5, 0).translate(-0.8, 6.1, -0.6), PALETTE.leaf, 0.2),
  ])!;
}

export interface TreePlacement {
  x: number;
  z: number;
  conifer: boolean;
  yaw: number;
  scale: number;
  /** Lightness factor for colour jitter (±8 %). */
  shade: number;
}

/** Deterministic tree positions inside a woods area (count from the file, else from its area). */
export function plantWoods(woods: WoodsFeature): TreePlacement[] {
  const poly: Vec2[] = areaPolygon(woods);
  if (poly.length < 3) return [];
  const area = Math.abs(polygonArea(poly));
  const count = woods.trees ?? Math.round(area / (woods.density === 'dense' ? 22 : 34));
  const b = boundsOf(poly);
  const rand = randomStream(hashString(woods.id));
  const minGap = woods.density === 'dense' ? 2.6 : 3.2;
  const out: TreePlacement[] = [];
  for (let tries = 0; out.length < count && tries < count * 40; tries++) {
    const x = b.minX + rand() * (b.maxX - b.minX);
    const z = b.minZ + rand() * (b.maxZ - b.minZ);
    if (!pointInPolygon([x, z], poly)) continue;
    if (out.some((t) => Math.hypot(t.x - x, t.z - z) < minGap)) continue;
    out.push({ x, z, conifer: rand() < 0.6, yaw: rand() * Math.PI * 2, scale: 0.8 + rand() * 0.4, shade: 0.92 + rand() * 0.16 });
  }
  return out;
}
