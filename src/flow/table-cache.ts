// A memo in front of the battlefield's terrain queries for a game: the rules ask the stand height of
// the same standing figures again and again (coherency, command range, distances), and each answer
// is a ray cast. Only the stand height and the building under a point are remembered (they depend on
// the terrain alone); sight lines, areas and obstacles are asked afresh.
import type { TableBuilding, TableQueries } from '../core';

const LIMIT = 100_000;

/** Two-level numeric memo (x, then z) — no string keys on the hot path. */
class PointMemo<V> {
  private rows = new Map<number, Map<number, V>>();
  private size = 0;

  get(x: number, z: number, make: () => V): V {
    let row = this.rows.get(x);
    if (!row) {
      if (this.size > LIMIT) {
        this.rows.clear();
        this.size = 0;
      }
      row = new Map();
      this.rows.set(x, row);
    }
    if (row.has(z)) return row.get(z) as V;
    const v = make();
    row.set(z, v);
    this.size++;
    return v;
  }
}

/** Wrap a table: the same answers, with terrain-only queries remembered per exact point. */
export function cachedTable(table: TableQueries): TableQueries {
  const heights: Array<PointMemo<number>> = [];
  const buildings = new PointMemo<TableBuilding | undefined>();
  return {
    scenario: table.scenario,
    standHeight: (x, z, floor = 0) => (heights[floor] ??= new PointMemo()).get(x, z, () => table.standHeight(x, z, floor)),
    buildingAt: (x, z) => buildings.get(x, z, () => table.buildingAt(x, z)),
    areasAt: (x, z) => table.areasAt(x, z),
    lineOfSight: (from, to, options) => table.lineOfSight(from, to, options),
    isClear: (from, to, options) => table.isClear(from, to, options),
    eyePoint: (figure) => table.eyePoint(figure),
    visibility: (observer, target, options) => table.visibility(observer, target, options),
    setFigures: (figures) => table.setFigures(figures),
    obstaclesAlong: (from, to) => table.obstaclesAlong(from, to),
    ...(table.buildings ? { buildings: table.buildings } : {}),
    ...(table.areasAlong ? { areasAlong: (from: Parameters<NonNullable<TableQueries['areasAlong']>>[0], to: Parameters<NonNullable<TableQueries['areasAlong']>>[1]) => table.areasAlong!(from, to) } : {}),
    bodyClashes: (figure) => table.bodyClashes(figure),
    wallBetween: (from, to) => table.wallBetween(from, to),
  };
}
