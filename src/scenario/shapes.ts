// Plan-view outlines of scenario features (pure geometry from the file, no physics).
import { type Vec2, rotate2, ribbonPolygon } from '../core';
import type { AreaFeature, BuildingFeature, Feature } from './schema';

export function buildingCorners(b: BuildingFeature): Vec2[] {
  const [w, d] = b.size;
  const rot = b.rotation ?? 0;
  const local: Vec2[] = [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2]];
  return local.map((p) => {
    const r = rotate2(p, rot);
    return [b.center[0] + r[0], b.center[1] + r[1]] as Vec2;
  });
}

/** The plan outline of an area feature, from its polygon or its path + width. */
export function areaPolygon(a: AreaFeature): Vec2[] {
  if (a.polygon) return a.polygon as Vec2[];
  if (a.path && a.width) return ribbonPolygon(a.path as Vec2[], a.width);
  return [];
}

export const AREA_KINDS = new Set<Feature['kind']>(['woods', 'field', 'marsh', 'rubble', 'rocky', 'road', 'water']);

export function isArea(f: Feature): f is AreaFeature {
  return AREA_KINDS.has(f.kind);
}

/** Every plan point that must lie on the table, with the JSON path it came from. */
export function featurePoints(f: Feature): Array<{ point: Vec2; path: Array<string | number> }> {
  const out: Array<{ point: Vec2; path: Array<string | number> }> = [];
  const each = (pts: readonly Vec2[] | undefined, key: string) => pts?.forEach((p, i) => out.push({ point: p, path: [key, i] }));
  switch (f.kind) {
    case 'hill': out.push({ point: f.center, path: ['center'] }); break;
    case 'building': buildingCorners(f).forEach((p) => out.push({ point: p, path: ['center'] })); break;
    case 'ladder': out.push({ point: f.foot, path: ['foot'] }); break;
    default:
      if ('polygon' in f) each(f.polygon, 'polygon');
      if ('path' in f) each(f.path as Vec2[] | undefined, 'path');
  }
  return out;
}
