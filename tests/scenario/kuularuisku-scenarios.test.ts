// The two 1918 scenarios (scenarios/kuularuisku/*.json) on the real battlefield: the facts the briefs'
// play depends on (shared/scenarios/briefs.md K1, K2), each test with a one-line why.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, DEFAULT_FIGURE_HEIGHT, EYE_FRACTION, type Battlefield } from '../../src/battlefield';
import { pointInPolygon, type Vec2, type Vec3 } from '../../src/core';
import { kuularuiskuRuleset } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow, resolveTags, type FigurePlacement, type Scenario } from '../../src/scenario';

const K1 = 'scenarios/kuularuisku/kalevankangas.json';
const K2 = 'scenarios/kuularuisku/tammerkoski.json';
const load = (file: string): Scenario => parseScenarioOrThrow(readFileSync(file, 'utf8'), file);

const HEAD = DEFAULT_FIGURE_HEIGHT * EYE_FRACTION;

function figure(s: Scenario, id: string): FigurePlacement {
  for (const u of s.units ?? []) for (const f of u.figures) if (f.id === id) return f;
  throw new Error(`no figure ${id} in ${s.id}`);
}
function unitFigures(s: Scenario, unitId: string): FigurePlacement[] {
  const u = (s.units ?? []).find((x) => x.id === unitId);
  if (!u) throw new Error(`no unit ${unitId} in ${s.id}`);
  return u.figures;
}
function feature(s: Scenario, id: string) {
  const f = s.features.find((x) => x.id === id);
  if (!f) throw new Error(`no feature ${id} in ${s.id}`);
  return f;
}
/** Eye of a standard figure placed in the scenario. */
const eyeOf = (bf: Battlefield, f: FigurePlacement): Vec3 => bf.eyePoint({ id: f.id, at: f.at as Vec2, ...(f.floor !== undefined ? { floor: f.floor } : {}) });
/** Head of a standard figure standing at (x, z) on the ground or a deck. */
const headAt = (bf: Battlefield, x: number, z: number, floor?: number): Vec3 => [x, bf.standHeight(x, z, floor) + HEAD, z];

/** Shared checks for both files: valid for the ruleset, figures free of solids and inside their deployment zone. */
function commonChecks(file: string, get: () => { s: Scenario; bf: Battlefield }) {
  it('passes the Kuularuisku ruleset\'s own unit, organisation and victory checks (so it can be set up and played)', () => {
    expect(kuularuiskuRuleset.validateScenario(get().s)).toEqual([]);
  });

  it('every figure stands free: nothing solid between its head and its feet (no figure inside a wall, roof or floor slab)', () => {
    const { s, bf } = get();
    const stuck: string[] = [];
    for (const u of s.units ?? []) for (const f of u.figures) {
      const y = bf.standHeight(f.at[0], f.at[1], f.floor);
      // Four points on the base rim (radius 0.6, the ruleset's BASE_RADIUS) as well as the centre: a base
      // overlapping a wall is caught too. On a slope each rim point stands on its own ground.
      for (const [dx, dz] of [[0, 0], [0.6, 0], [-0.6, 0], [0, 0.6], [0, -0.6]] as const) {
        const [x, z] = [f.at[0] + dx, f.at[1] + dz];
        const foot = f.floor ? y : Math.max(y, bf.standHeight(x, z));
        if (!bf.isClear([x, foot + DEFAULT_FIGURE_HEIGHT, z], [x, foot + 0.1, z])) stuck.push(`${f.id} (${dx},${dz})`);
      }
    }
    expect(stuck, `${file}: figures inside solids`).toEqual([]);
  });

  it('every figure starts inside its side\'s deployment zone (the briefs\' set-up rules)', () => {
    const { s } = get();
    const outside: string[] = [];
    for (const u of s.units ?? []) {
      const zones = s.sides.find((x) => x.id === u.side)?.deployment ?? [];
      for (const f of u.figures) if (!zones.some((z) => pointInPolygon(f.at as Vec2, z.polygon as Vec2[]))) outside.push(f.id);
    }
    expect(outside).toEqual([]);
  });

  it('every figure of a unit is within 3 cm of another of its unit, as one chain (K-1.0b coherency at set-up)', () => {
    const { s, bf } = get();
    const broken: string[] = [];
    for (const u of s.units ?? []) {
      const pts = u.figures.map((f) => [f.at[0], bf.standHeight(f.at[0], f.at[1], f.floor), f.at[1]] as Vec3);
      const seen = new Set([0]);
      const queue = [0];
      while (queue.length) {
        const i = queue.pop()!;
        pts.forEach((p, j) => {
          // Base edge to base edge (bases of 1.2 cm): centres up to 3 + 1.2 cm apart.
          if (!seen.has(j) && Math.hypot(p[0] - pts[i]![0], p[1] - pts[i]![1], p[2] - pts[i]![2]) <= 4.2) { seen.add(j); queue.push(j); }
        });
      }
      if (seen.size !== pts.length) broken.push(u.id);
    }
    expect(broken).toEqual([]);
  });

  it('every beat\'s camera looks at a point on the table (the presenter frames the table, not the void)', () => {
    const { s } = get();
    for (const b of s.beats ?? []) {
      const [x, , z] = b.camera.target;
      expect(x >= 0 && x <= s.table.width && z >= 0 && z <= s.table.depth, b.id).toBe(true);
    }
    expect((s.beats ?? []).length).toBeGreaterThanOrEqual(3);
  });
}

describe('Kalevankangas, 28 March 1918 (K1)', () => {
  let s: Scenario;
  let bf: Battlefield;
  beforeAll(async () => { s = load(K1); bf = await createBattlefield(s); });
  afterAll(() => bf.free());

  commonChecks(K1, () => ({ s, bf }));

  it('the rise is compressed as the brief says: fields at 0, crest plateau at 6 cm over x 60–95, Tammela on a 2 cm terrace', () => {
    // Why: the brief fixes these heights so that the rise hides Tammela and the crest counts as elevated.
    expect(bf.groundHeight(150, 65)).toBeCloseTo(0, 2);
    expect(bf.groundHeight(120, 60)).toBeCloseTo(0, 2);
    for (const x of [60, 70, 80, 95]) for (const z of [30, 65, 95]) expect(bf.groundHeight(x, z)).toBeCloseTo(6, 1);
    expect(bf.groundHeight(40, 65)).toBeCloseTo(2, 2);
    expect(bf.groundHeight(20, 65)).toBeCloseTo(2, 2);
  });

  it('the rise blocks sight from the fields into Tammela: every field eye to every Tammela street head is cut by the ground', () => {
    // Why: the Red reserve and aid post in Tammela are safe from the fields; the Whites must take the crest to see them.
    const eyes: Vec3[] = [];
    for (const x of [122, 135, 150, 165, 178]) for (const z of [25, 45, 65, 85, 100]) eyes.push(headAt(bf, x, z));
    const targets: Vec3[] = [];
    for (const z of [25, 40, 55, 65, 80, 100]) targets.push(headAt(bf, 20, z));
    for (const x of [5, 30, 38]) targets.push(headAt(bf, x, 65));
    // The ground alone does it: with every building and the barn seen through, the first blocker is still the rise.
    const buildings = s.features.filter((f) => f.kind === 'building').map((f) => f.id);
    for (const e of eyes) for (const t of targets) {
      const r = bf.lineOfSight(e, t, { ignore: buildings });
      expect(r.clear, `${e} → ${t}`).toBe(false);
      expect(r.blocker?.featureId).toBe('terrain');
    }
  });

  it('from the crest Tammela is in view (the same line the other way round is clear from the top)', () => {
    // Why: whoever holds the crest overlooks Tammela, which is why O3 (the cemetery's west edge) is the major win.
    expect(bf.isClear(headAt(bf, 60, 65), headAt(bf, 30, 64))).toBe(true);
  });

  it('crest units stand elevated: the Maxims on the crest plateau are at least 1.5 cm above the osastos at the east fence and their eyes clear the headstone rows', () => {
    // Why: special rule "the-crest" (K-5.1d): guns on the crest fire over friendly units on the slope and over the headstones.
    const plateau = feature(s, 'crest_plateau');
    expect(resolveTags(plateau).heightClass).toBe('elevated');
    const wallMen = [...unitFigures(s, 'r_os1'), ...unitFigures(s, 'r_os2')];
    const highestAtWall = Math.max(...wallMen.map((f) => bf.standHeight(f.at[0], f.at[1])));
    const rowTop = 6 + 1.2;
    for (const id of ['r_mg1', 'r_mg2']) {
      const gunner = figure(s, `${id}_1`);
      expect(pointInPolygon(gunner.at as Vec2, (plateau as { polygon: Vec2[] }).polygon)).toBe(true);
      const y = bf.standHeight(gunner.at[0], gunner.at[1]);
      expect(y).toBeGreaterThan(5.9);
      expect(y - highestAtWall).toBeGreaterThanOrEqual(1.5);
      expect(eyeOf(bf, gunner)[1]).toBeGreaterThan(rowTop);
    }
  });

  it('the crest Maxims sweep the east slope, the ditch and the open fields (the brief\'s field of fire)', () => {
    // Why: beat 2 and the history: Red guns on the rise fired over open fields; the only shadow is behind the barn.
    for (const id of ['r_mg1_1', 'r_mg2_1']) {
      const eye = eyeOf(bf, figure(s, id));
      const vs = bf.viewshed(eye, { minX: 106, minZ: 20, maxX: 180, maxZ: 100 }, 2, HEAD);
      expect(vs.visibleFraction, id).toBeGreaterThan(0.9);
      // The ditch line and the fence lines are in view.
      expect(bf.isClear(eye, headAt(bf, 127.5, 60))).toBe(true);
      expect(bf.isClear(eye, headAt(bf, 140, 60))).toBe(true);
    }
  });

  it('the cemetery fence and headstone rows are see-through light cover; the granite monuments and the mortuary block sight', () => {
    // Why: the brief gives rows light cover (5), monuments hard cover (4), the mortuary house cover (3); only solid things hide.
    const fence = resolveTags(feature(s, 'cemetery_fence'));
    expect([fence.cover, fence.blocksSight]).toEqual(['light', false]);
    const row = resolveTags(feature(s, 'headstone_rows_1'));
    expect([row.cover, row.blocksSight]).toEqual(['light', false]);
    const monument = resolveTags(feature(s, 'monument_1'));
    expect([monument.cover, monument.blocksSight]).toEqual(['hard', true]);
    expect(resolveTags(feature(s, 'cemetery')).cover).toBe('light');
    expect(resolveTags(feature(s, 'mortuary')).cover).toBe('building');
    // A low line across the cemetery, beside the mortuary's doors, meets its wall.
    const r = bf.lineOfSight([100, 6.8, 63.5], [60, 6.8, 63.5]);
    expect(r.blocker?.featureId).toBe('mortuary');
  });

  it('the east gate is a real gap in the fence (a low line through the gate crosses no fence, one 10 cm north does)', () => {
    // Why: O1 is the gate; the cemetery path leads from it to the mortuary and the west gate.
    // Lines 0.6 cm above the ground, under the 1.5 cm fence top.
    const low = (x: number, z: number): Vec3 => [x, bf.groundHeight(x, z) + 0.6, z];
    const through = bf.lineOfSight(low(110, 65), low(100, 65));
    expect(through.crossed.map((c) => c.featureId)).not.toContain('cemetery_fence');
    expect(through.crossed.map((c) => c.featureId)).not.toContain('cemetery_fence_s');
    const beside = bf.lineOfSight(low(110, 75), low(100, 75));
    expect(beside.crossed.map((c) => c.featureId)).toContain('cemetery_fence');
    const o = (s.objectives ?? []).map((x) => [x.id, x.at]);
    expect(o).toEqual([['O1', [105, 65]], ['O2', [80, 65]], ['O3', [55, 65]]]);
  });

  it('the pines are normal woods: sight passes through a clump, which is recorded as an area crossed', () => {
    // Why: K-5.2b normal forest does not block sight; it only gives cover.
    const r = bf.lineOfSight(headAt(bf, 110, 24), headAt(bf, 116, 24));
    expect(r.clear).toBe(true);
    expect(r.areas.map((a) => a.featureId)).toContain('pines_rise_1');
  });

  it('the drainage ditch is 1.5 cm deep, difficult and light cover, but not impassable', () => {
    // Why: brief: "light cover (5); difficult to cross" — the Whites must get over it under fire.
    expect(bf.groundHeight(125, 60)).toBeCloseTo(-1.5, 2);
    const t = resolveTags(feature(s, 'ditch_drain'));
    expect([t.cover, t.difficult, t.impassable]).toEqual(['light', true, false]);
  });

  it('snow suits give nothing here: not a winter scenario, though the Swedes wear them', () => {
    // Why: special rule "no-snow" (K-SKL-3 needs a winter scenario); the Swedes' white suits only make them conspicuous.
    expect(s.conditions?.snow).toBe(false);
    expect((s.rules as { winter?: boolean }).winter).toBe(false);
    expect((s.units ?? []).find((u) => u.id === 'w_swedes')!.data).toMatchObject({ nationality: 'swedish', skills: ['snow-suit', 'swedish'] });
  });

  it('the forces match the brief: Whites 60–70 figures, Reds 50–55, three Red Maxims and two White MG teams', () => {
    // Why: the brief's tabletop slice; the loss threshold of the Red win is counted against these numbers.
    const count = (side: string) => (s.units ?? []).filter((u) => u.side === side).reduce((n, u) => n + u.figures.length, 0);
    expect(count('white')).toBeGreaterThanOrEqual(60);
    expect(count('white')).toBeLessThanOrEqual(70);
    expect(count('red')).toBeGreaterThanOrEqual(50);
    expect(count('red')).toBeLessThanOrEqual(55);
    const mgs = (side: string) => (s.units ?? []).filter((u) => u.side === side && u.profile === 'maxim-team').length;
    expect([mgs('red'), mgs('white')]).toEqual([3, 2]);
  });
});

describe('Across the Tammerkoski, April 1918 (K2)', () => {
  let s: Scenario;
  let bf: Battlefield;
  beforeAll(async () => { s = load(K2); bf = await createBattlefield(s); });
  afterAll(() => bf.free());

  commonChecks(K2, () => ({ s, bf }));

  it('the rapids are impassable water with a strong flow, 2 cm below the banks', () => {
    // Why: brief: impassable to figures except by the bridge or the dam (K-3.3a: strongly flowing water cannot be crossed).
    const t = resolveTags(feature(s, 'rapids'));
    expect(t.impassable).toBe(true);
    expect(feature(s, 'rapids')).toMatchObject({ kind: 'water', flow: 'strong' });
    for (const x of [86, 95, 102.5, 110, 119]) expect(bf.groundHeight(x, 50)).toBeCloseTo(-2, 2);
    expect(bf.groundHeight(80, 50)).toBeCloseTo(0, 2);
    expect(bf.groundHeight(125, 50)).toBeCloseTo(0, 2);
  });

  it('only the bridge and the needle dam cross: mid-river the standing surface is the water bed except on those two', () => {
    // Why: the two crossing points of Grafström's sector; everything else is the rapids.
    for (let z = 1.5; z < 119; z += 1) {
      const y = bf.standHeight(102.5, z);
      if (z > 64.2 && z < 71.8) expect(y, `z ${z}`).toBeCloseTo(0.3, 2);
      else if (z > 28.2 && z < 30.8) expect(y, `z ${z}`).toBeCloseTo(-1, 2);
      else if (Math.abs(z - 68) > 4.5 && Math.abs(z - 29.5) > 2) expect(y, `z ${z}`).toBeCloseTo(-2, 2);
    }
  });

  it('the needle dam is a 3 cm walkway 1 cm above the water, difficult going and open', () => {
    // Why: special rule "the-dam": single file, half speed, cover 6 on the dam.
    const dam = feature(s, 'needle_dam');
    expect(dam).toMatchObject({ kind: 'bridge', width: 3, deckHeight: -1, railing: 0 });
    const t = resolveTags(dam);
    expect([t.difficult, t.cover]).toEqual([true, 'none']);
  });

  it('the Theatre\'s upper floor sees the bridge from its east windows, all but the few cm under its own wall', () => {
    // Why: "the Theatre and the City Hall dominated it completely"; the bridge beat is shot from this floor.
    const gunner = figure(s, 'r_mg1_1');
    expect(gunner.floor).toBe(2);
    const eye = eyeOf(bf, gunner);
    expect(eye[1]).toBeGreaterThan(9);
    for (let x = 93; x <= 120; x += 3) for (const z of [66, 68, 70]) {
      expect(bf.isClear(eye, headAt(bf, x, z)), `deck (${x}, ${z})`).toBe(true);
    }
    // The corner turret's top room looks down on the far half of the span.
    const turret = bf.eyePoint({ id: 'turret', at: [76, 76], floor: 3 });
    expect(turret[1]).toBeGreaterThan(13);
    for (let x = 105; x <= 120; x += 5) expect(bf.isClear(turret, headAt(bf, x, 68))).toBe(true);
  });

  it('together the Theatre and the City Hall see every point of the bridge deck', () => {
    // Why: "dominated it completely": no dead ground on the span for a White rush.
    const eyes = ['r_mg1_1', 'r_os1_9', 'r_mg2_1'].map((id) => eyeOf(bf, figure(s, id)));
    for (let x = 85; x <= 120; x += 1) for (const z of [65, 68, 71]) {
      expect(eyes.some((e) => bf.isClear(e, headAt(bf, x, z))), `deck (${x}, ${z})`).toBe(true);
    }
  });

  it('from the middle of the Theatre\'s second floor the floor slab hides the bridge: the sight check must be run from windows', () => {
    // Why: special rule "elevated-defenders": the 3D check is run from window positions, not from the room's centre.
    const r = bf.lineOfSight(bf.eyePoint({ id: 'mid', at: [66, 84], floor: 2 }), headAt(bf, 100, 68));
    expect(r.clear).toBe(false);
    expect(r.blocker?.featureId).toBe('theatre');
  });

  it('the City Hall\'s upper floor and its tower see the bridge across Keskustori', () => {
    // Why: the second position that dominated the bridge; the Red command post is in the tower.
    const eye = eyeOf(bf, figure(s, 'r_mg2_1'));
    for (let x = 88; x <= 118; x += 10) expect(bf.isClear(eye, headAt(bf, x, 68)), `deck ${x}`).toBe(true);
    const tower = eyeOf(bf, figure(s, 'r_leader_1'));
    expect(bf.isClear(tower, headAt(bf, 100, 68))).toBe(true);
  });

  it('elevated positions are upper floors: the Theatre, turret and City Hall figures named by the rule stand at least 4 cm up', () => {
    // Why: K-5.1d and the brief: figures above the ground floor of these buildings fire over friendly units.
    for (const id of ['r_mg1_1', 'r_os1_1', 'r_mg2_1', 'r_leader_1']) {
      const f = figure(s, id);
      const b = bf.buildingAt(f.at[0], f.at[1]);
      expect(['theatre', 'theatre_turret', 'city_hall', 'city_hall_tower']).toContain(b?.id);
      expect(bf.standHeight(f.at[0], f.at[1], f.floor)).toBeGreaterThanOrEqual(4);
    }
  });

  it('Hämeenkatu is an open lane from the west edge onto the bridge (the Pyynikki fire lane and searchlight)', () => {
    // Why: special rules "pyynikki-fire-lane" and "night": the Reds fire and shine straight down the street.
    for (let x = 0.5; x <= 84; x += 1) for (const z of [64.5, 68, 71.5]) expect(bf.buildingAt(x, z), `(${x}, ${z})`).toBeUndefined();
    for (const z of [65, 68, 71]) expect(bf.isClear(headAt(bf, 0.5, z), headAt(bf, 110, z))).toBe(true);
  });

  it('the barricade is a loopholed fortification: the defenders behind it see down the bridge', () => {
    // Why: brief: "Fortified (3)"; a 2.5 cm barricade that hid its own defenders could not be fought from.
    const t = resolveTags(feature(s, 'barricade_west'));
    expect([t.cover, t.blocksSight]).toEqual(['fortification', false]);
    const r = bf.lineOfSight(eyeOf(bf, figure(s, 'r_os2_1')), headAt(bf, 110, 68));
    expect(r.clear).toBe(true);
    expect(r.crossed.map((c) => c.featureId)).toContain('barricade_west');
  });

  it('the bank walls are hard cover a standing figure fires over, and they hide the feet of a figure behind them', () => {
    // Why: brief: "hard cover (4) for figures behind them"; the Reds on the west embankment must still see the east bank.
    expect(resolveTags(feature(s, 'bank_walls_w2')).cover).toBe('hard');
    const defender = figure(s, 'r_os3_5');
    expect(bf.isClear(eyeOf(bf, defender), headAt(bf, 124, defender.at[1]))).toBe(true);
    const v = bf.visibility({ id: 'east', at: [124, defender.at[1]] }, { id: defender.id, at: defender.at as Vec2 });
    expect(v.samples.find((x) => x.name === 'head')!.result.clear).toBe(true);
    expect(v.samples.find((x) => x.name === 'base')!.result.blocker?.featureId).toBe('bank_walls_w2');
  });

  it('the felt factory\'s east windows watch the dam, and the woollen mill\'s upper floor sees both the dam and the factory\'s windows', () => {
    // Why: "the felt factory stands opposite the dam"; the Whites doubt who holds it and fire on it from the mill.
    for (const id of ['r_marksmen_1', 'r_marksmen_2']) {
      const eye = eyeOf(bf, figure(s, id));
      for (const x of [90, 100, 110, 118]) expect(bf.isClear(eye, headAt(bf, x, 29.5)), `${id} → dam ${x}`).toBe(true);
    }
    const mill = eyeOf(bf, figure(s, 'w_mg1_1'));
    for (const x of [90, 100, 110]) expect(bf.isClear(mill, headAt(bf, x, 29.5))).toBe(true);
    expect(bf.isClear(mill, eyeOf(bf, figure(s, 'r_marksmen_1')))).toBe(true);
  });

  it('night covers turns 1–4 of 10, with 30 cm sight', () => {
    // Why: brief: "Turn limit 10 turns. Turns 1–4 are night" — the Whites' chance to close in.
    expect(s.turnLimit).toBe(10);
    expect(s.conditions?.night).toBe(true);
    const night = (s.specialRules ?? []).find((r) => r.id === 'night');
    expect(night?.data).toMatchObject({ turns: [1, 2, 3, 4], visibility: 30 });
  });
});
