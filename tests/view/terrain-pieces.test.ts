// Terrain pieces that read as what they are (issue 17), drawn from the battlefield's data and never in
// its way: frames and open door leaves where the scenario's openings are, timber frames round loopholes
// and embrasures, broken masonry round a breach (none inside an opening, so the hole the rules see
// through is the hole drawn), belfry arches over a tower's top-floor openings, piers under the
// Tammerkoski bridge where the bank falls away to the water, needles along the needle dam's upstream
// face (never on its walkway), railings as posts and rails, and white water on the rapids only.
import { readFileSync } from 'node:fs';
import { Box3, type BufferGeometry } from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { Solid } from '../../src/core';
import { areaPolygon, type BuildingFeature, parseScenarioOrThrow, type WaterFeature } from '../../src/scenario';
import { bridgePiers, buildingTrim, damNeedles, drawnStoreys, isNeedleDam, pieceParts, railingParts } from '../../src/view/piece-geometry';
import { foamAt } from '../../src/view/water-geometry';

const K1 = 'scenarios/kuularuisku/kalevankangas.json';
const AY = 'scenarios/sandbox/armour-yard.json';
const T2 = 'scenarios/kuularuisku/tammerkoski.json';
const kalevankangas = parseScenarioOrThrow(readFileSync(K1, 'utf8'), K1);
const tammerkoski = parseScenarioOrThrow(readFileSync(T2, 'utf8'), T2);
const building = (s: typeof tammerkoski, id: string) => s.features.find((f): f is BuildingFeature => f.id === id && f.kind === 'building')!;
const bounds = (g: BufferGeometry) => new Box3().setFromBufferAttribute(g.getAttribute('position') as never);

/** The opening's hole in building-local space (through the whole wall), as the battlefield cuts it. */
function hole(b: BuildingFeature, o: NonNullable<BuildingFeature['openings']>[number]): Box3 {
  const [w, d] = b.size;
  const v0 = b.floors[o.floor]!.elevation + o.sill;
  const v1 = Math.min(v0 + o.height, b.floors[o.floor + 1]?.elevation ?? b.eaves);
  const t = b.wallThickness ?? 0.4;
  const e = 1e-3; // shared faces are not overlaps
  const u0 = o.offset - o.width / 2 + e, u1 = o.offset + o.width / 2 - e;
  const box = new Box3();
  if (o.wall === 'north' || o.wall === 'south') {
    const z = o.wall === 'north' ? d / 2 : -d / 2;
    box.min.set(u0, v0 + e, Math.min(z, z - Math.sign(z) * t) - 1);
    box.max.set(u1, v1 - e, Math.max(z, z - Math.sign(z) * t) + 1);
  } else {
    const x = o.wall === 'east' ? w / 2 : -w / 2;
    box.min.set(Math.min(x, x - Math.sign(x) * t) - 1, v0 + e, u0);
    box.max.set(Math.max(x, x - Math.sign(x) * t) + 1, v1 - e, u1);
  }
  return box;
}

describe('building trims', () => {
  it('the stone mortuary: frames at each of its two doors and four windows, none inside an opening', () => {
    const m = building(kalevankangas, 'mortuary');
    const parts = buildingTrim(m);
    expect(m.openings).toHaveLength(6);
    for (const o of m.openings!) {
      const h = hole(m, o);
      // Jambs touch the hole's sides (a frame round it) …
      const near = parts.filter((p) => { const b = bounds(p.geometry); b.expandByScalar(0.05); return b.intersectsBox(h); });
      expect(near.length, o.id).toBeGreaterThanOrEqual(3);
      // … and nothing is drawn inside it.
      for (const p of parts) expect(bounds(p.geometry).intersectsBox(h), `${o.id} blocked`).toBe(false);
    }
    // Each door has an open leaf beside it (dark wood) and a step; the windows have sills.
    expect(parts.filter((p) => p.colour === '#4b3526')).toHaveLength(2);
  });

  /** Every opening has at least `min` trim pieces touching its hole, and none inside it. */
  const framedAndClear = (b: BuildingFeature, min: number) => {
    const parts = buildingTrim(b).map((p) => bounds(p.geometry));
    for (const o of b.openings!) {
      const h = hole(b, o);
      const near = parts.filter((p) => p.clone().expandByScalar(0.05).intersectsBox(h));
      expect(near.length, `${o.id} framed`).toBeGreaterThanOrEqual(min);
      for (const p of parts) expect(p.intersectsBox(h), `${o.id} blocked`).toBe(false);
    }
  };

  it('loopholes and embrasures get timber frames (cheeks, lintel, sill), none inside the opening', () => {
    const m = building(kalevankangas, 'mortuary');
    const fort: BuildingFeature = {
      ...m, id: 'blockhouse', openings: [
        { id: 'lh_n', kind: 'loophole', wall: 'north', floor: 0, offset: -1.5, width: 0.4, sill: 1.2, height: 0.8 },
        { id: 'lh_s', kind: 'loophole', wall: 'south', floor: 0, offset: 1, width: 0.4, sill: 1.2, height: 0.8 },
        { id: 'em_e', kind: 'embrasure', wall: 'east', floor: 0, offset: 0, width: 1.2, sill: 0.8, height: 1 },
      ],
    };
    framedAndClear(fort, 4);
    expect(buildingTrim(fort).every((p) => p.colour === '#6a5440')).toBe(true);
    // The embrasure's frame is heavier than a loophole's: its cheeks (the narrowest pieces along the wall) are wider.
    const cheek = (o: NonNullable<BuildingFeature['openings']>[number]) => Math.min(...buildingTrim({ ...fort, openings: [{ ...o, wall: 'north' }] }).map((p) => { const b = bounds(p.geometry); return b.max.x - b.min.x; }));
    expect(cheek(fort.openings![2]!)).toBeGreaterThan(cheek(fort.openings![0]!) + 0.05);
  });

  it('a breach is edged with broken masonry and loose stones beside it, the gap itself left open (the armour yard\'s shed)', () => {
    const armour = parseScenarioOrThrow(readFileSync(AY, 'utf8'), AY);
    const shed = building(armour, 'shed');
    expect(shed.openings!.some((o) => o.kind === 'breach')).toBe(true);
    framedAndClear({ ...shed, openings: shed.openings!.filter((o) => o.kind === 'breach') }, 5);
    // Deterministic: the same blocks each time the table is drawn.
    const a = buildingTrim(shed).map((p) => bounds(p.geometry).min.toArray().join());
    expect(buildingTrim(shed).map((p) => bounds(p.geometry).min.toArray().join())).toEqual(a);
  });

  it('every building of both 1918 tables keeps its openings clear of trim', () => {
    for (const s of [kalevankangas, tammerkoski]) {
      for (const b of s.features.filter((f): f is BuildingFeature => f.kind === 'building')) {
        const parts = buildingTrim(b).map((p) => bounds(p.geometry));
        for (const o of b.openings ?? []) for (const p of parts) expect(p.intersectsBox(hole(b, o)), `${b.id} ${o.id ?? o.wall}`).toBe(false);
      }
    }
  });

  it('belfry arches over the Old Church belfry\'s bell-loft openings, under its eaves; none on a house', () => {
    const belfry = building(tammerkoski, 'old_church_belfry');
    const loft = belfry.floors.length - 1;
    const parts = buildingTrim(belfry).map((p) => bounds(p.geometry));
    for (const o of belfry.openings!.filter((x) => x.floor === loft)) {
      const top = belfry.floors[loft]!.elevation + o.sill + o.height;
      const above = parts.filter((b) => b.min.y > top - 0.2 && (o.wall === 'north' || o.wall === 'south' ? b.min.z * b.max.z > 0 && Math.sign(b.min.z) === (o.wall === 'north' ? 1 : -1) : Math.sign(b.min.x) === (o.wall === 'east' ? 1 : -1)));
      expect(above.length, o.id).toBeGreaterThanOrEqual(7); // the arch's blocks
      for (const b of above) expect(b.max.y).toBeLessThanOrEqual(belfry.eaves + 1e-6);
    }
    // A house's top-floor windows get a straight lintel, no arch: its trim stays within a frame's height above each window.
    const house = building(tammerkoski, 'west_blocks_1');
    const houseTop = Math.max(...buildingTrim(house).map((p) => bounds(p.geometry).max.y));
    expect(houseTop).toBeLessThanOrEqual(house.eaves + 1e-6);
  });

  it('a storey cut away by the floor cutaway loses its trims', () => {
    const belfry = building(tammerkoski, 'old_church_belfry');
    const all = buildingTrim(belfry).length;
    const groundOnly = buildingTrim(belfry, new Set(['old_church_belfry:0'])).length;
    expect(groundOnly).toBeGreaterThan(0);
    expect(groundOnly).toBeLessThan(all);
    expect(buildingTrim(belfry, new Set())).toHaveLength(0);
  });
});

describe('bridges and rapids at Tammerkoski', () => {
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await createBattlefield(tammerkoski);
  }, 120_000);
  afterAll(() => bf?.free());

  const deckOf = (id: string) => bf.solids.find((s): s is Extract<Solid, { shape: 'box' }> => s.featureId === id && s.part === 'deck' && s.shape === 'box')!;

  it('Hämeensilta stands on piers in the rapids, each under the deck and down to the river bed', () => {
    const deck = deckOf('hameensilta');
    const piers = bridgePiers(deck, bf.grid).map(bounds);
    expect(piers.length).toBeGreaterThanOrEqual(3);
    const bottom = deck.center[1] - deck.halfExtents[1];
    for (const p of piers) {
      const x = (p.min.x + p.max.x) / 2, z = (p.min.z + p.max.z) / 2;
      expect(x).toBeGreaterThan(84.5);
      expect(x).toBeLessThan(120.5);
      expect(z).toBeGreaterThan(60);
      expect(z).toBeLessThan(76);
      expect(p.max.y).toBeLessThanOrEqual(bottom + 1e-6);
      expect(p.min.y).toBeLessThan(bf.groundHeight(x, z));
    }
  });

  it('the needle dam carries a close row of needles on its upstream (north, the larger pool) face, bed to walkway, none on the walkway; Hämeensilta none', () => {
    const dam = tammerkoski.features.find((f) => f.id === 'needle_dam');
    expect(isNeedleDam(dam)).toBe(true);
    expect(isNeedleDam(tammerkoski.features.find((f) => f.id === 'hameensilta'))).toBe(false);
    const deck = deckOf('needle_dam');
    const rapids = areaPolygon(tammerkoski.features.find((f): f is WaterFeature => f.id === 'rapids')!);
    const needles = damNeedles(deck, bf.grid, rapids).map(bounds);
    // The dam crosses 36 cm of water: needles side by side, about every quarter centimetre.
    expect(needles.length).toBeGreaterThan(120);
    const top = deck.center[1] + deck.halfExtents[1];
    const north = deck.center[2] + deck.halfExtents[2];
    for (const n of needles) {
      expect(n.min.z).toBeGreaterThanOrEqual(north - 1e-6); // outside the walkway, on its north side
      expect(n.max.z).toBeLessThan(north + 1);
      expect(n.max.y).toBeLessThanOrEqual(top + 0.05);
      const x = (n.min.x + n.max.x) / 2;
      expect(x).toBeGreaterThan(84.5);
      expect(x).toBeLessThan(120.5);
      expect(n.min.y).toBeLessThan(bf.groundHeight(x, n.max.z));
    }
    // They are among the table's pieces.
    const all = pieceParts(bf.solids, tammerkoski.features, bf.grid).map(bounds);
    expect(all.filter((b) => b.min.z >= north - 1e-6 && b.max.z < north + 1 && b.min.x > 84 && b.max.x < 121 && b.max.y <= top + 0.05).length).toBeGreaterThanOrEqual(needles.length);
  });

  it('its railings are posts and rails inside the railing the battlefield has', () => {
    const rails = bf.solids.filter((s): s is Extract<Solid, { shape: 'box' }> => s.featureId === 'hameensilta' && s.part === 'railing' && s.shape === 'box');
    expect(rails).toHaveLength(2);
    for (const r of rails) {
      const parts = railingParts(r).map(bounds);
      expect(parts.length).toBeGreaterThan(20);
      const top = r.center[1] + r.halfExtents[1];
      for (const p of parts) {
        expect(p.max.y).toBeLessThanOrEqual(top + 1e-6);
        expect(p.min.y).toBeGreaterThanOrEqual(r.center[1] - r.halfExtents[1] - 1e-6);
      }
    }
  });

  it('the whole table\'s pieces: trims on every storey drawn, piers under the bridge; the needle dam low on the water has none', () => {
    const parts = pieceParts(bf.solids, tammerkoski.features, bf.grid);
    expect(parts.length).toBeGreaterThan(1000);
    expect(bridgePiers(deckOf('needle_dam'), bf.grid)).toHaveLength(0);
    expect(drawnStoreys(bf.solids).has('theatre:2')).toBe(true);
  });

  it('white water on the rapids (strong flow) only: foam in streaks and along the banks', () => {
    const rapids = tammerkoski.features.find((f): f is WaterFeature => f.id === 'rapids')!;
    const poly = areaPolygon(rapids);
    const samples: number[] = [];
    for (let x = 85; x < 120; x += 0.5) for (let z = 0; z < 120; z += 2) samples.push(foamAt(rapids, poly, x, z));
    const white = samples.filter((f) => f > 0.5).length / samples.length;
    expect(white).toBeGreaterThan(0.1);
    expect(white).toBeLessThan(0.7);
    // Against a bank more foam than mid-stream, on average.
    const mean = (x: number) => { let s = 0; for (let z = 0; z < 120; z += 1) s += foamAt(rapids, poly, x, z); return s / 120; };
    expect(mean(85)).toBeGreaterThan(mean(102.5));
    const drain = kalevankangas.features.find((f): f is WaterFeature => f.id === 'ditch_drain')!;
    expect(foamAt(drain, areaPolygon(drain), 125, 50)).toBe(0);
    expect(foamAt({ ...rapids, frozen: true }, poly, 85, 50)).toBe(0);
  });
});
