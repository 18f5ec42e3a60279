// A terrain piece of a scenario's pool placed on the table: its feature (drawn around (0, 0)) turned
// and moved to where a player put it, under an id of its own. Pure: the rules call it for each piece
// placed, and the scenario as the table stands (TableRules.tableScenario) lists the results.
import { rotate2, type Vec2 } from '../core';
import type { Feature, TerrainPiece } from './schema';

/** Coordinates kept to a millionth of a cm: a piece turned a quarter comes out on whole numbers, and equal placements key alike. */
const tidy = (v: number) => Math.round(v * 1e6) / 1e6 + 0;

/**
 * The piece's feature placed at `at`, turned `rotation` degrees counter-clockwise seen from above
 * (the sense of the scenario's own `rotation` fields: rotate2), with the id given. A building's and a
 * hill's centre move and their own rotation adds up; an area's outline or centre line and an
 * obstacle's path turn point by point. The piece's name stands where its feature has none.
 */
export function placedFeature(piece: TerrainPiece, at: Vec2, rotation: number, id: string): Feature {
  const f = piece.feature;
  const place = (p: readonly [number, number]): [number, number] => {
    const r = rotate2([p[0], p[1]], rotation);
    return [tidy(at[0] + r[0]), tidy(at[1] + r[1])];
  };
  const name = f.name ?? piece.name;
  if (f.kind === 'building' || f.kind === 'hill') {
    const turned = tidy((((f.rotation ?? 0) + rotation) % 360 + 360) % 360);
    return { ...f, id, name, center: place(f.center), rotation: turned };
  }
  const polygon = 'polygon' in f && f.polygon ? { polygon: f.polygon.map(place) } : {};
  const path = f.path ? { path: f.path.map(place) } : {};
  return { ...f, id, name, ...polygon, ...path } as Feature;
}
