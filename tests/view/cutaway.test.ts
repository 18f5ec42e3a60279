// The floor cutaway aimed at one building: only that building loses its upper storeys and its
// roof (faded, not gone), the rest of the table stays whole; the selector's levels follow the
// building aimed at; each table keeps its own aim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { figurePoses } from '../../src/view/Figures';
import { cutawayScope, cutBuildings, cutSolids, fadedRoofs, levelIn, levelsFor, posesForCut } from '../../src/view/tools/cutaway';
import { ToolController } from '../../src/view/tools/tool-controller';
import { loadTrainingGround } from '../battlefield/fixture';

let bf: Battlefield;
beforeAll(async () => {
  bf = await loadTrainingGround();
});
afterAll(() => bf?.free());

const HOUSE = 'house_two_storey';
const TOWER = 'church_tower';

describe('cutaway on one building', () => {
  it('cuts only the building aimed at', () => {
    const cut = cutSolids(bf.solids, 0, HOUSE);
    const gone = bf.solids.filter((s) => !cut.includes(s));
    expect(gone.length).toBeGreaterThan(0);
    expect(new Set(gone.map((s) => s.featureId))).toEqual(new Set([HOUSE]));
    expect(gone.every((s) => s.part === 'roof' || (s.floor ?? 0) > 0)).toBe(true);
    // The tower keeps its roof and every storey; the house keeps its ground floor.
    expect(cut.filter((s) => s.featureId === TOWER)).toEqual(bf.solids.filter((s) => s.featureId === TOWER));
    expect(cut.some((s) => s.featureId === HOUSE && s.part === 'wall' && (s.floor ?? 0) === 0)).toBe(true);
    expect(cutBuildings(bf.solids, cut)).toEqual([HOUSE]);
  });

  it('on every building when aimed at none (the old behaviour)', () => {
    expect(cutSolids(bf.solids, 1, null)).toEqual(cutSolids(bf.solids, 1));
    expect(cutBuildings(bf.solids, cutSolids(bf.solids, 0))).toEqual([HOUSE, TOWER].sort());
    expect(cutBuildings(bf.solids, cutSolids(bf.solids, null))).toEqual([]);
  });

  it('the roofs taken off are the ones drawn faded', () => {
    expect(fadedRoofs(bf.solids, null)).toEqual([]);
    const one = fadedRoofs(bf.solids, 1, TOWER);
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((s) => s.featureId === TOWER && s.part === 'roof')).toBe(true);
    const all = fadedRoofs(bf.solids, 1);
    expect(new Set(all.map((s) => s.featureId))).toEqual(new Set([HOUSE, TOWER]));
    // Exactly what the cut removed among the roofs.
    const kept = cutSolids(bf.solids, 1);
    expect(all).toEqual(bf.solids.filter((s) => s.part === 'roof' && s.featureKind === 'building' && !kept.includes(s)));
  });

  it('the selector offers the aimed building\'s levels, else the most any building has', () => {
    expect(levelsFor(bf.buildings, null)).toBe(5);
    expect(levelsFor(bf.buildings, HOUSE)).toBe(2);
    expect(levelsFor(bf.buildings, TOWER)).toBe(5);
    expect(levelsFor(bf.buildings, 'no_such_building')).toBe(5);
  });

  it('figures\' upper floors are cut only in the aimed building', () => {
    const poses = figurePoses(bf.scenario, bf.standHeight.bind(bf));
    const floorOf = (list: typeof poses, id: string) => list.find((p) => p.figureId === id)!.floor;
    expect(posesForCut(poses, null, (x, z) => bf.buildingAt(x, z))).toBe(poses);
    const aimed = posesForCut(poses, HOUSE, (x, z) => bf.buildingAt(x, z));
    expect(floorOf(aimed, 'house_upper_1')).toBe(1); // in the house: still cut above the level
    expect(floorOf(aimed, 'tower_top_1')).toBeUndefined(); // in the tower, which stands whole
    expect(floorOf(poses, 'tower_top_1')).toBe(4); // (the poses given are not changed)
    expect(aimed.map((p) => p.position)).toEqual(poses.map((p) => p.position));
  });

  it('a click in a building the cut is not aimed at takes its floor from the hit, uncapped', () => {
    expect(levelIn(0, HOUSE, HOUSE)).toBe(0);
    expect(levelIn(0, HOUSE, TOWER)).toBeNull();
    expect(levelIn(0, null, TOWER)).toBe(0);
    expect(levelIn(null, HOUSE, HOUSE)).toBeNull();
    const t = new ToolController(bf);
    t.setTool('los');
    t.setCutaway(0);
    t.pickSurface({ x: 140, y: 10.2, z: 90 }); // the tower wall at 10 cm: floor 2 (8 cm)
    expect(t.state.get().los.observer).toMatchObject({ kind: 'point', x: 140, z: 90, floor: 0 }); // every building cut at 0
    const aimed = new ToolController(bf);
    aimed.setTool('los');
    aimed.setCutaway(0);
    cutawayScope(aimed).set({ target: HOUSE, candidate: HOUSE });
    aimed.pickSurface({ x: 140, y: 10.2, z: 90 }); // only the house is cut: the tower stands whole
    expect(aimed.state.get().los.observer).toMatchObject({ kind: 'point', x: 140, z: 90, floor: 2 });
  });

  it('each table (tools controller) has its own aim', () => {
    const a = {};
    const b = {};
    cutawayScope(a).set({ target: HOUSE, candidate: HOUSE });
    expect(cutawayScope(a).get().target).toBe(HOUSE);
    expect(cutawayScope(b).get()).toEqual({ target: null, candidate: null });
  });
});
