// Random play's way toward a goal (purpose.ts route: the steepest descent down the goal's distance
// field, straightened by string pulling, K-4.0) keeps what it works out: each cell's next step down
// the field, each walk between two cells' centres and each pulled step from a cell's centre (the
// descent on from a cell is the same for every soldier whose way passes there). Here route is
// compared with its plain form (below: the descent and the pulling worked out afresh every time) on
// the soldiers' places of a random game and on points all over the table, in an order that reuses
// the kept steps; a step kept under a wrong key would show as a different way.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBattlefield } from '../../src/battlefield';
import { type Vec2, hypot } from '../../src/core';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { GameSession } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../src/scenario';
import { type Field, type Grid, fieldOf, goalsOf, route } from '../../src/rules/kuularuisku/player/purpose';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const CELL = 2;
const DIRS: ReadonlyArray<readonly [number, number]> = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
const cellXZ = (g: Grid, px: number, pz: number) => Math.min(g.nz - 1, Math.max(0, Math.floor(pz / CELL))) * g.nx + Math.min(g.nx - 1, Math.max(0, Math.floor(px / CELL)));
const centre = (g: Grid, i: number): Vec2 => [((i % g.nx) + 0.5) * CELL, (Math.floor(i / g.nx) + 0.5) * CELL];

/** The plain descent: each step the lowest neighbour down the field, looked for afresh. */
function plainDescent(f: Field, from: Vec2, length: number): Vec2[] {
  const g = f.grid;
  const pts: Vec2[] = [from];
  let i = cellXZ(g, from[0], from[1]);
  let done = 0;
  if (g.hazard[i]) {
    const c = centre(g, i);
    done += hypot(c[0] - from[0], c[1] - from[1]);
    pts.push(c);
  }
  for (let n = 0; n < 400 && done < length; n++) {
    const x = i % g.nx, z = Math.floor(i / g.nx);
    let best = -1;
    let bestD = f.d[i]!;
    for (let k = 0; k < 8; k++) {
      if (g.edge[i * 8 + k] === Infinity) continue;
      const j = (z + DIRS[k]![1]) * g.nx + (x + DIRS[k]![0]);
      if (f.d[j]! < bestD - 1e-6) { bestD = f.d[j]!; best = j; }
    }
    if (best < 0) break;
    const c = centre(g, best);
    const last = pts[pts.length - 1]!;
    done += hypot(c[0] - last[0], c[1] - last[1]);
    pts.push(c);
    i = best;
  }
  return pts;
}

function plainWalkable(g: Grid, a: Vec2, b: Vec2, difficultOk: boolean): boolean {
  const n = Math.ceil(hypot(b[0] - a[0], b[1] - a[1]) / (CELL / 2));
  let prev = cellXZ(g, a[0], a[1]);
  for (let k = 1; k <= n; k++) {
    const c = cellXZ(g, a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n);
    if (c === prev) continue;
    const cost = g.cost[c]!;
    if (cost === Infinity || g.hazard[c] || (cost > 1 && !difficultOk)) return false;
    const dx = (c % g.nx) - (prev % g.nx), dz = Math.floor(c / g.nx) - Math.floor(prev / g.nx);
    const k8 = DIRS.findIndex((d) => d[0] === dx && d[1] === dz);
    if (k8 < 0 || g.edge[prev * 8 + k8] === Infinity) return false;
    prev = c;
  }
  return true;
}

/** The plain string pulling: from each corner, every later point tried, the farthest first. */
function plainRoute(f: Field, from: Vec2, length: number): Vec2[] {
  const g = f.grid;
  const pts = plainDescent(f, from, Math.max(60, length * 2));
  const hard: number[] = [0];
  for (let i = 1; i < pts.length; i++) hard.push(hard[i - 1]! + (g.cost[cellXZ(g, pts[i]![0], pts[i]![1])]! > 1 ? 1 : 0));
  const out: Vec2[] = [pts[0]!];
  let i = 0;
  let done = 0;
  while (i < pts.length - 1 && done < length) {
    let j = i + 1;
    for (let k = pts.length - 1; k > i + 1; k--) {
      if (plainWalkable(g, pts[i]!, pts[k]!, hard[k]! > hard[i]!)) { j = k; break; }
    }
    done += hypot(pts[j]![0] - pts[i]![0], pts[j]![1] - pts[i]![1]);
    out.push(pts[j]!);
    i = j;
  }
  return out;
}

const FILES = ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];

describe('purpose.ts route = its plain form (K-4.0 the way toward a goal)', () => {
  for (const file of FILES) {
    it(`${file.split('/').pop()}: the soldiers' places of a random game and points all over the table, each side's goals`, async () => {
      const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
      const bf = await createBattlefield(scenario);
      try {
        const table = cachedTable(bf);
        const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 3 });
        const places: Vec2[] = [];
        let moves = 0;
        playGame(g, kuularuiskuModule.player({ seed: 3 * 7919 + 1, draw: 'groups' }), {
          table,
          // The soldiers' places after every fifth move (those who moved, and many who did not: ways that share cells).
          onCommand: (c) => { if (c.type === 'MOVE' && ++moves % 5 === 0) for (const f of Object.values(((g.state as KSequenced).table).figures)) places.push(f.at); },
        });
        // A fixed spread of points over the whole table (water, buildings and their doors included).
        for (let k = 0; k < 400; k++) places.push([((k * 37) % 180) + 0.3 + (k % 7) * 0.11, ((k * 53) % 120) + 0.7 + (k % 5) * 0.13]);
        const s = (g.state as KSequenced).table;
        let compared = 0;
        for (const side of s.sides) {
          for (const goal of goalsOf(table, side.id)) {
            const field = fieldOf(s, table, goal);
            for (const p of places) for (const length of [28.8, 9.6]) {
              expect(route(field, p, length)).toEqual(plainRoute(field, p, length));
              compared++;
            }
          }
        }
        expect(compared).toBeGreaterThan(1000);
      } finally {
        bf.free();
      }
    }, 240_000);
  }
});
