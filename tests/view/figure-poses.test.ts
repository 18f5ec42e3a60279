// The figures' poses (issue 17): the Kuularuisku HUD describer gives each soldier a look from the game
// state (K-7.1 pinned lies down, K-2.3 readiness kneels, a soldier who shot this turn aims, a crewed
// machine gun on its mount with the loader kneeling beside it, a pistol, a medic's kit), the view
// turns the look into one of its shapes, and every shape stays within the triangle budget; the
// meshes a table needs grow with the shapes present, not with the figures.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PlayFigureLook } from '../../src/core';
import { describeUnits } from '../../src/rules/kuularuisku/hud';
import { parseScenarioOrThrow } from '../../src/scenario';
import { setupK } from '../../src/rules/kuularuisku/engine';
import { figureClothGeometry, figureFixedGeometry, figureShapeGeometry, gunGeometry, HEADGEAR, PAINT } from '../../src/view/figure-geometry';
import { FigureMeshes, figureMeshGroups } from '../../src/view/figure-meshes';
import { type FigureShape, type Hold, mountOf, shapeKey, shapeOf, type Stance, STANDING_RIFLEMAN } from '../../src/view/figure-pose';
import { line, stateWith, type UnitSpec } from '../rules/kuularuisku/fixture';
import { setupRead } from '../rules/kuularuisku/reading';

const triangles = (g: { getAttribute(n: string): { count: number } }) => g.getAttribute('position').count / 3;
const looks = (units: UnitSpec[], rules?: Record<string, unknown>) => {
  const out = new Map<string, PlayFigureLook | undefined>();
  for (const u of describeUnits(stateWith(units, rules))) for (const f of u.figures) out.set(f.id, f.look);
  return out;
};
const MG_TEAM = (id: string, weapon: string, at: [number, number]): UnitSpec => ({
  id, type: 'weapon-team', at: line(at[0], at[1], 3),
  data: { kind: 'mg-squad', weapon },
  figureData: [{ role: 'mg-gunner', weapon }, { role: 'mg-loader', weapon: 'K-WPN-3' }, { role: 'soldier', weapon: 'K-WPN-3' }],
});

describe('the look of each soldier from the game state (Kuularuisku HUD describer)', () => {
  it('a unit in its ordinary state stands with rifles: no look at all (the view\'s default)', () => {
    const l = looks([{ id: 'a', at: line(40, 80, 3) }]);
    expect([...l.values()]).toEqual([undefined, undefined, undefined]);
  });

  it('K-7.1 a pinned unit ("maassa", on the ground) lies prone, every figure', () => {
    const l = looks([{ id: 'a', at: line(40, 80, 3), start: { status: 'pinned' } }]);
    expect([...l.values()].map((x) => x?.stance)).toEqual(['prone', 'prone', 'prone']);
  });

  it('K-2.3a a unit waiting in readiness kneels', () => {
    const l = looks([{ id: 'a', at: line(40, 80, 2), start: { ready: true } }, { id: 'b', side: 'blue', at: line(120, 80, 1) }], { start: { deck: ['b'] } });
    expect([l.get('a_1')?.stance, l.get('a_2')?.stance]).toEqual(['kneeling', 'kneeling']);
  });

  it('K-5 the soldiers who shot this turn aim; their comrades who did not still stand', () => {
    const l = looks([{ id: 'a', at: line(40, 80, 3), start: { activated: true }, figureStart: { 1: { shotThisTurn: true }, 3: { shotThisTurn: true } } }, { id: 'b', side: 'blue', at: line(120, 80, 1) }], { start: { deck: ['b'] } });
    expect([l.get('a_1')?.stance, l.get('a_2')?.stance, l.get('a_3')?.stance]).toEqual(['aiming', undefined, 'aiming']);
  });

  it('K-7.1 pinned outweighs having shot: a pinned unit that fired still lies down', () => {
    const l = looks([{ id: 'a', at: line(40, 80, 2), start: { status: 'pinned', activated: true }, figureStart: { 1: { shotThisTurn: true } } }, { id: 'b', side: 'blue', at: line(120, 80, 1) }], { start: { deck: ['b'] } });
    expect(l.get('a_1')?.stance).toBe('prone');
  });

  it('K-WPN-10 / K-WPN-11 a machine gun is drawn on its mount (Maxim wheeled, Colt tripod) with the loader kneeling at it; the ammunition bearer is a rifleman', () => {
    const l = looks([MG_TEAM('m', 'K-WPN-10', [40, 80]), MG_TEAM('c', 'K-WPN-11', [40, 90])]);
    expect(l.get('m_1')).toEqual({ arms: 'machine-gun', mount: 'wheeled' });
    expect(l.get('c_1')).toEqual({ arms: 'machine-gun', mount: 'tripod' });
    expect(l.get('m_2')).toEqual({ stance: 'kneeling', arms: 'none', crew: true });
    expect(l.get('m_3')).toBeUndefined();
  });

  it('K-7.1 a pinned MG team lies down: the gunner at his gun, the loader prone beside it', () => {
    const l = looks([{ ...MG_TEAM('m', 'K-WPN-10', [40, 80]), start: { status: 'pinned' } }]);
    expect(l.get('m_1')).toEqual({ stance: 'prone', arms: 'machine-gun', mount: 'wheeled' });
    expect(l.get('m_2')).toEqual({ stance: 'prone' });
  });

  it('a loader whose gunner has fallen is no longer crew: he is drawn with his own weapon', () => {
    const l = looks([{ ...MG_TEAM('m', 'K-WPN-10', [40, 80]), figureStart: { 1: { removed: 'killed' } } }]);
    expect(l.get('m_2')).toBeUndefined();
  });

  it('an officer with a pistol (K-WPN-2) holds it instead of a rifle; the Kalevankangas medic carries no weapon and wears the medic\'s kit', () => {
    const file = 'scenarios/kuularuisku/kalevankangas.json';
    const s = setupRead(parseScenarioOrThrow(readFileSync(file, 'utf8'), file));
    const figures = new Map(describeUnits(s).flatMap((u) => u.figures.map((f) => [f.id, f] as const)));
    expect(figures.get('w_coy_1')!.look).toEqual({ arms: 'pistol' });
    expect(figures.get('r_commissar_1')!.look).toEqual({ arms: 'pistol' });
    expect(figures.get('w_medic_1')!.look).toEqual({ arms: 'none', medic: true });
    expect(figures.get('r_mg1_1')!.look).toEqual({ arms: 'machine-gun', mount: 'wheeled' });
    expect(figures.get('w_mg2_1')!.look).toEqual({ arms: 'machine-gun', mount: 'tripod' });
  });
});

describe('the view\'s shapes', () => {
  it('no look is the standing rifleman; a look picks its posture and hold', () => {
    expect(shapeOf(undefined)).toEqual({ stance: 'standing', hold: 'rifle', medic: false });
    expect(shapeOf({ stance: 'prone' })).toEqual({ stance: 'prone', hold: 'rifle', medic: false });
    expect(shapeOf({ stance: 'aiming', arms: 'pistol' })).toEqual({ stance: 'aiming', hold: 'pistol', medic: false });
    expect(shapeOf({ arms: 'none', medic: true })).toEqual({ stance: 'standing', hold: 'none', medic: true });
    // A gunner sits behind his gun whatever else is said, and lies behind it when his unit is down.
    expect(shapeOf({ arms: 'machine-gun', mount: 'wheeled' })).toEqual({ stance: 'kneeling', hold: 'machine-gun', medic: false });
    expect(shapeOf({ stance: 'prone', arms: 'machine-gun' })).toEqual({ stance: 'prone', hold: 'machine-gun', medic: false });
    expect(shapeOf({ stance: 'kneeling', arms: 'none', crew: true })).toEqual({ stance: 'kneeling', hold: 'belt', medic: false });
    expect(mountOf({ arms: 'machine-gun' })).toBe('tripod');
    expect(mountOf({ arms: 'machine-gun', mount: 'wheeled' })).toBe('wheeled');
    expect(mountOf({ arms: 'pistol' })).toBeNull();
  });

  const STANCES: Stance[] = ['standing', 'aiming', 'kneeling', 'prone'];
  const HOLDS: Hold[] = ['rifle', 'pistol', 'machine-gun', 'belt', 'none'];
  const SHAPES: FigureShape[] = STANCES.flatMap((stance) => HOLDS.flatMap((hold) => [false, true].map((medic) => ({ stance, hold, medic }))));

  it.each(SHAPES.map((s) => [shapeKey(s), s] as const))('%s costs 200–400 triangles fine, fewer plain, with every headgear', (_key, shape) => {
    for (const headgear of HEADGEAR) {
      const fine = triangles(figureClothGeometry(headgear, 'fine', shape)) + triangles(figureFixedGeometry('fine', shape));
      const plain = triangles(figureClothGeometry(headgear, 'plain', shape)) + triangles(figureFixedGeometry('plain', shape));
      expect(fine).toBeGreaterThanOrEqual(200);
      expect(fine).toBeLessThanOrEqual(400);
      expect(plain).toBeLessThan(fine);
    }
  });

  it('a gun and its mount cost at most 200 triangles', () => {
    expect(triangles(gunGeometry('wheeled'))).toBeLessThanOrEqual(200);
    expect(triangles(gunGeometry('tripod'))).toBeLessThanOrEqual(200);
  });

  it('postures differ in height: standing and aiming ≈ h, kneeling ≈ ¾ h, prone low and long', () => {
    const box = (shape: FigureShape) => {
      const g = figureClothGeometry('peaked-cap', 'fine', shape);
      g.computeBoundingBox();
      return g.boundingBox!;
    };
    const stand = box({ stance: 'standing', hold: 'rifle', medic: false });
    const kneel = box({ stance: 'kneeling', hold: 'rifle', medic: false });
    const prone = box({ stance: 'prone', hold: 'rifle', medic: false });
    expect(stand.max.y).toBeGreaterThan(1.7);
    expect(kneel.max.y).toBeGreaterThan(1.2);
    expect(kneel.max.y).toBeLessThan(1.55);
    expect(prone.max.y).toBeLessThan(0.75);
    // Lying down, he is longer (north–south) than tall.
    expect(prone.max.z - prone.min.z).toBeGreaterThan(2 * (prone.max.y - 0.12));
  });

  it('the rifle is shouldered and points forward when aiming, upright across the body at port arms', () => {
    const reach = (stance: Stance) => {
      const g = figureFixedGeometry('fine', { stance, hold: 'rifle', medic: false });
      g.computeBoundingBox();
      return g.boundingBox!.max.z;
    };
    expect(reach('aiming')).toBeGreaterThan(1.3);
    expect(reach('kneeling')).toBeGreaterThan(1.3);
    expect(reach('standing')).toBeLessThan(0.5);
  });
});

describe('meshes per table: by shape and mount present', () => {
  const pose = (look?: PlayFigureLook) => (look ? { look } : {});

  it('a table of standing riflemen is one mesh, however many figures and whatever their uniforms and headgear', () => {
    const groups = figureMeshGroups([...Array(300)].map(() => pose()));
    expect(groups.map((g) => [g.name, g.members.length])).toEqual([['figures:body:standing-rifle', 300]]);
  });

  it('every figure is in exactly one figure mesh; gunners also in their mount\'s gun mesh', () => {
    const poses = [pose({ stance: 'prone' }), pose(), pose({ arms: 'machine-gun', mount: 'wheeled' }), pose({ stance: 'kneeling', arms: 'none', crew: true }), pose({ arms: 'machine-gun' })];
    const groups = figureMeshGroups(poses);
    expect(groups.filter((g) => g.part === 'body').flatMap((g) => g.members).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(groups.filter((g) => g.part === 'gun').map((g) => [g.name, g.members])).toEqual([['figures:gun:tripod', [4]], ['figures:gun:wheeled', [2]]]);
  });

  it('a busy game needs few meshes: every posture with rifle and pistol, gunners, loaders and medics make 16 meshes', () => {
    const poses = (['standing', 'aiming', 'kneeling', 'prone'] as const).flatMap((stance) => [pose({ stance }), pose({ stance, arms: 'pistol' }), pose({ stance, arms: 'none', medic: true })]);
    poses.push(pose({ arms: 'machine-gun', mount: 'wheeled' }), pose({ stance: 'prone', arms: 'machine-gun' }), pose({ stance: 'kneeling', arms: 'none', crew: true }), pose({ stance: 'prone' }));
    const groups = figureMeshGroups(poses);
    // 4 postures × rifle and pistol, 3 medic postures (aiming empty-handed is standing), 2 gunners, a loader = 14 figure meshes; 2 guns.
    expect(groups.filter((g) => g.part === 'body')).toHaveLength(14);
    expect(groups).toHaveLength(16);
  });

  it('the geometries stay the same objects when freed: an effect React cleans up and runs again must not make R3F re-create the meshes empty', () => {
    const shapes = new FigureMeshes('fine');
    const [body, gun] = figureMeshGroups([pose({ arms: 'machine-gun', mount: 'tripod' })]);
    const before = [shapes.geometry(body!), shapes.geometry(gun!)];
    let freed = 0;
    for (const g of before) g.addEventListener('dispose', () => void freed++);
    shapes.dispose();
    expect(freed).toBe(2);
    // The same geometries come back (three uploads a disposed geometry again when it is drawn).
    expect([shapes.geometry(body!), shapes.geometry(gun!)]).toEqual(before);
    expect(shapes.geometry(body!)).toBe(before[0]);
    expect(shapes.geometry(gun!)).toBe(before[1]);
  });
});

describe('the figure shader\'s geometry: one mesh per shape', () => {
  it('holds base, rim, body, uniform and every headgear, each vertex tagged with how it is painted and which headgear it is', () => {
    const g = figureShapeGeometry(STANDING_RIFLEMAN, 'fine');
    const paint = g.getAttribute('paint');
    const headgear = g.getAttribute('headgear');
    const count = (f: (i: number) => boolean) => Array.from({ length: paint.count }, (_, i) => i).filter(f).length / 3;
    // Every headgear is in it; the body and the uniform are as in the two-part figure.
    const uniformBody = count((v) => paint.getX(v) === PAINT.uniform && headgear.getX(v) === -1);
    HEADGEAR.forEach((k, i) => expect(uniformBody + count((v) => headgear.getX(v) === i), k).toBe(triangles(figureClothGeometry(k))));
    expect(count((v) => paint.getX(v) === PAINT.fixed)).toBe(triangles(figureFixedGeometry()));
    expect(count((v) => paint.getX(v) === PAINT.side)).toBeGreaterThan(0);
    expect(count((v) => paint.getX(v) === PAINT.asIs)).toBeGreaterThan(0);
    // What one instance draws (its own headgear, not the others) is the figure's budget plus base and rim.
    const worn = count((v) => headgear.getX(v) < 0 || headgear.getX(v) === 0);
    expect(worn - count((v) => paint.getX(v) >= PAINT.side)).toBe(triangles(figureClothGeometry('peaked-cap')) + triangles(figureFixedGeometry()));
  });
});
