// Standing spots of a building's floor (the room's centre, the point just inside each opening):
// where the tools put an observer clicked on a floor, and "stand at this window".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { buildingSpots, STAND_BACK } from '../../src/battlefield/standing-spots';
import type { BuildingFeature } from '../../src/scenario';
import { eye, loadTrainingGround } from './fixture';

describe('standing spots', () => {
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await loadTrainingGround();
  });
  afterAll(() => bf?.free());

  it('the belfry: its centre, then the four arches, each just inside its wall', () => {
    const spots = bf.standingSpots('church_tower', 4);
    expect(spots.map((s) => s.label)).toEqual(['centre of the belfry', 'north window', 'east window', 'south window', 'west window']);
    expect(spots[0]!.at).toEqual([140, 90]);
    // The tower is 6 × 6 with 0.6 walls: 3 − 0.6 − STAND_BACK from the centre.
    const inset = 3 - 0.6 - STAND_BACK;
    const north = spots.find((s) => s.id === 'tower_bell_n')!;
    expect(north.at[0]).toBeCloseTo(140, 9);
    expect(north.at[1]).toBeCloseTo(90 + inset, 9);
    expect(north.opening![1]).toBeCloseTo(90 + 3 - 0.3, 9);
    expect(spots.find((s) => s.id === 'tower_bell_w')!.at[0]).toBeCloseTo(140 - inset, 9);
    for (const s of spots) expect(bf.buildingAt(s.at[0], s.at[1])?.id).toBe('church_tower');
  });

  it('openings come nearest first to a clicked point; the centre always leads', () => {
    const spots = bf.standingSpots('church_tower', 4, [142.5, 89]);
    expect(spots[0]!.id).toBe('centre');
    expect(spots[1]!.id).toBe('tower_bell_e');
    expect(bf.standingSpots('church_tower', 4, [139, 87.2])[1]!.id).toBe('tower_bell_s');
  });

  it('a floor without openings has only its centre; a missing floor or building has none', () => {
    expect(bf.standingSpots('church_tower', 2).map((s) => s.id)).toEqual(['centre']);
    expect(bf.standingSpots('church_tower', 9)).toEqual([]);
    expect(bf.standingSpots('no_such_building', 0)).toEqual([]);
  });

  it('twin openings on one wall are told apart by their end of the wall', () => {
    const labels = bf.standingSpots('house_two_storey', 0).map((s) => s.label);
    expect(labels).toContain('south window, west');
    expect(labels).toContain('south window, east');
    expect(labels).toContain('south door');
  });

  it('from the spot at a belfry arch the eye looks out through the arch, not into the wall', () => {
    const at = bf.standingSpots('church_tower', 4).find((s) => s.id === 'tower_bell_e')!.at;
    const from = eye(bf, at[0], at[1], 4);
    const out = bf.lineOfSight(from, [from[0] + 30, bf.groundHeight(from[0] + 30, from[2]) + 1, from[2]]);
    expect(out.blocker?.featureId).not.toBe('church_tower');
  });

  it('a rampart\'s walk: the crest line level with the click, then each embrasure behind the parapet', () => {
    expect(bf.walkAt(159.2, 70)).toBe('rampart_east');
    expect(bf.walkAt(163, 70)).toBeUndefined(); // the front slope, off the walk
    const spots = bf.standingSpots('rampart_east', 0, [159.2, 70]);
    expect(spots.map((x) => [x.id, x.kind, x.label])).toEqual([
      ['walk', 'walk', 'on the walk of the East rampart'],
      ['rampart_embrasure', 'embrasure', 'embrasure'],
    ]);
    expect(spots[0]!.at).toEqual([160, 70]);
    // 17 cm along the path, on the outer (east) side: crest half-width 2 − parapet 0.8 − STAND_BACK.
    const e = spots[1]!;
    expect(e.at[0]).toBeCloseTo(160 + 2 - 0.8 - STAND_BACK, 9);
    expect(e.at[1]).toBeCloseTo(62, 9);
    expect(e.opening![0]).toBeCloseTo(160 + 2 - 0.4, 9);
    expect(bf.walkAt(e.at[0], e.at[1])).toBe('rampart_east');
    expect(bf.standingSpots('rampart_east', 1)).toEqual([]);
  });

  it('a ladder\'s top: a click on its plan stands there, feet level with its top, and sees over the parapet', () => {
    // The scaling ladder: foot (170, 55), facing west (270), top 5 cm up, so it leans 1.5 cm west.
    expect(bf.walkAt(169.5, 55)).toBe('ladder_rampart');
    expect(bf.walkAt(168.6, 55.6)).toBe('ladder_rampart');
    expect(bf.walkAt(170.2, 55)).toBeUndefined(); // behind its foot
    expect(bf.walkAt(169.5, 56)).toBeUndefined(); // beside it (1.5 wide)
    const spots = bf.standingSpots('ladder_rampart', 0, [169.5, 55]);
    expect(spots).toHaveLength(1);
    const top = spots[0]!;
    expect([top.id, top.kind, top.label, top.buildingId, top.floor]).toEqual(['top', 'ladder top', 'top of the Scaling ladder', 'ladder_rampart', 0]);
    // STAND_BACK back from where the top rests, along the ladder toward its foot.
    expect(top.at[0]).toBeCloseTo(170 - 1.5 + STAND_BACK, 9);
    expect(top.at[1]).toBeCloseTo(55, 9);
    expect(top.stand).toBeCloseTo(bf.groundHeight(170, 55) + 5, 9);
    expect(bf.standingSpots('ladder_rampart', 1)).toEqual([]);
    // A defender on the walk behind the parapet (top 4 + 1.5): hidden from the ladder's foot, seen from its top.
    const defender = eye(bf, 159, 55);
    const fromTop: [number, number, number] = [top.at[0], top.stand! + 1.7 * 0.94, top.at[1]];
    expect(bf.lineOfSight(fromTop, defender).clear).toBe(true);
    const fromFoot = bf.lineOfSight(eye(bf, 170, 55), defender);
    expect(fromFoot.clear).toBe(false);
    expect(fromFoot.blocker?.featureId).toBe('rampart_east');
  });

  it('a turned building turns its spots with it, and they stay inside the walls', () => {
    const b: BuildingFeature = {
      id: 'b', kind: 'building', center: [50, 50], size: [10, 6], rotation: 90, wallThickness: 0.5, floors: [{ elevation: 0 }], eaves: 4,
      openings: [{ kind: 'door', wall: 'south', floor: 0, offset: 2, width: 1, sill: 0, height: 2 }],
    };
    const [, door] = buildingSpots(b, 0);
    // Local (2, −3 + 0.5 + STAND_BACK) turned 90° counter-clockwise: (−lz, lx).
    expect(door!.at[0]).toBeCloseTo(50 + 3 - 0.5 - STAND_BACK, 9);
    expect(door!.at[1]).toBeCloseTo(52, 9);
    expect(door!.id).toBe('south-door-0');
  });
});
