// A memo in front of the battlefield's terrain queries for a game: the rules ask the same questions
// again and again (the stand height of standing figures for coherency, command range and distances;
// the areas, obstacles and walls along the same candidate moves, offered anew after every command),
// and each answer is a ray cast or a walk through the plan bins. Only queries that depend on the
// terrain alone are remembered, per exact arguments: stand heights, eye points, buildings, areas and
// obstacles along a segment, walls between two bodies, and body clashes (figures are not in them).
// Sight lines are asked afresh.
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

/** The same for segments (two points): a point memo of point memos. */
class SegmentMemo<V> {
  private starts = new PointMemo<PointMemo<V>>();

  get(a: readonly [number, number], b: readonly [number, number], make: () => V): V {
    return this.starts.get(a[0], a[1], () => new PointMemo<V>()).get(b[0], b[1], make);
  }
}

/** Wrap a table: the same answers, with terrain-only queries remembered per exact point. */
export function cachedTable(table: TableQueries): TableQueries {
  const heights: Array<PointMemo<number>> = [];
  const buildings = new PointMemo<TableBuilding | undefined>();
  const areas = new PointMemo<ReturnType<TableQueries['areasAt']>>();
  const obstacles = new SegmentMemo<ReturnType<TableQueries['obstaclesAlong']>>();
  const along = new SegmentMemo<ReturnType<NonNullable<TableQueries['areasAlong']>>>();
  // Bodies by floor, radius and height (the figure's id plays no part in what it clashes with).
  const clashes = new Map<string, PointMemo<ReturnType<TableQueries['bodyClashes']>>>();
  const walls = new Map<string, SegmentMemo<ReturnType<TableQueries['wallBetween']>>>();
  const eyes = new Map<string, PointMemo<ReturnType<TableQueries['eyePoint']>>>();
  return {
    scenario: table.scenario,
    standHeight: (x, z, floor = 0) => (heights[floor] ??= new PointMemo()).get(x, z, () => table.standHeight(x, z, floor)),
    buildingAt: (x, z) => buildings.get(x, z, () => table.buildingAt(x, z)),
    areasAt: (x, z) => areas.get(x, z, () => table.areasAt(x, z)),
    lineOfSight: (from, to, options) => table.lineOfSight(from, to, options),
    isClear: (from, to, options) => table.isClear(from, to, options),
    eyePoint: (figure) => {
      // Terrain only (the stand height under the figure): remembered per floor, height and point; a copy each time.
      const key = `${figure.floor ?? 0}|${figure.height ?? ''}`;
      let m = eyes.get(key);
      if (!m) eyes.set(key, (m = new PointMemo()));
      const e = m.get(figure.at[0], figure.at[1], () => table.eyePoint(figure));
      return [e[0], e[1], e[2]];
    },
    visibility: (observer, target, options) => table.visibility(observer, target, options),
    setFigures: (figures) => table.setFigures(figures),
    obstaclesAlong: (from, to) => obstacles.get(from, to, () => table.obstaclesAlong(from, to)),
    ...(table.buildings ? { buildings: table.buildings } : {}),
    ...(table.areasAlong ? { areasAlong: (from: Parameters<NonNullable<TableQueries['areasAlong']>>[0], to: Parameters<NonNullable<TableQueries['areasAlong']>>[1]) => along.get(from, to, () => table.areasAlong!(from, to)) } : {}),
    bodyClashes: (figure) => {
      const key = `${figure.floor ?? 0}|${figure.radius ?? ''}|${figure.height ?? ''}`;
      let m = clashes.get(key);
      if (!m) clashes.set(key, (m = new PointMemo()));
      return m.get(figure.at[0], figure.at[1], () => table.bodyClashes(figure));
    },
    wallBetween: (from, to) => {
      const key = `${from.floor ?? 0}|${to.floor ?? 0}|${from.radius ?? ''}|${to.radius ?? ''}|${from.height ?? ''}|${to.height ?? ''}`;
      let m = walls.get(key);
      if (!m) walls.set(key, (m = new SegmentMemo()));
      return m.get(from.at, to.at, () => table.wallBetween(from, to));
    },
  };
}
