// Facing helpers of core/geometry.ts: degrees clockwise from north (0 = +z, 90 = +x), the one
// convention of PlayFigure.facing, the toys and every ruleset.
import { describe, expect, it } from 'vitest';
import {
  angleBetween, bearing, distanceToRotatedRect, facingOffset, facingVector, inFacingFrame, pointInRotatedRect, type Vec2,
} from '../../src/core';

const round = (p: Vec2): Vec2 => [Number(p[0].toFixed(9)) + 0, Number(p[1].toFixed(9)) + 0];

describe('bearings and facings', () => {
  it('bearing: north 0, east 90, south 180, west 270, between them in [0, 360)', () => {
    expect(bearing([10, 10], [10, 20])).toBe(0);
    expect(bearing([10, 10], [20, 10])).toBe(90);
    expect(bearing([10, 10], [10, 0])).toBe(180);
    expect(bearing([10, 10], [0, 10])).toBe(270);
    expect(bearing([0, 0], [1, 1])).toBeCloseTo(45, 9);
    expect(bearing([0, 0], [-1, 1])).toBeCloseTo(315, 9);
  });

  it('angleBetween: the smaller way round, 0..180, whatever the turns', () => {
    expect(angleBetween(10, 350)).toBe(20);
    expect(angleBetween(350, 10)).toBe(20);
    expect(angleBetween(0, 180)).toBe(180);
    expect(angleBetween(90, 90 + 720)).toBe(0);
    expect(angleBetween(-45, 45)).toBe(90);
    expect(angleBetween(270, 80)).toBe(170);
  });

  it('facingVector points where bearing measures from', () => {
    for (const f of [0, 30, 90, 200, 315]) expect(bearing([0, 0], facingVector(f))).toBeCloseTo(f, 9);
    expect(round(facingVector(90))).toEqual([1, 0]);
  });

  it('facingOffset: forward along the facing, right clockwise of it; inFacingFrame undoes it', () => {
    expect(round(facingOffset(0, 6, 3))).toEqual([3, 6]);
    expect(round(facingOffset(90, 6, 3))).toEqual([6, -3]);
    expect(round(facingOffset(180, 6, 3))).toEqual([-3, -6]);
    expect(round(facingOffset(270, 6, 3))).toEqual([-6, 3]);
    for (const f of [0, 37, 145, 300]) {
      const [dx, dz] = facingOffset(f, 4, -2.5);
      expect(round(inFacingFrame([10 + dx, 20 + dz], [10, 20], f))).toEqual([4, -2.5]);
    }
  });
});

describe('pointInRotatedRect and distanceToRotatedRect', () => {
  // 13 × 6.5 at (50, 50): facing north it spans x 46.75–53.25, z 43.5–56.5.
  const C: Vec2 = [50, 50];

  it('facing north: length along z, width along x; the edge counts', () => {
    expect(pointInRotatedRect([50, 56.5], C, 13, 6.5, 0)).toBe(true);
    expect(pointInRotatedRect([53.25, 43.5], C, 13, 6.5, 0)).toBe(true);
    expect(pointInRotatedRect([50, 56.6], C, 13, 6.5, 0)).toBe(false);
    expect(pointInRotatedRect([53.3, 50], C, 13, 6.5, 0)).toBe(false);
  });

  it('turned: facing east the length lies along x; at 45° the corner points lie on the diagonals', () => {
    expect(pointInRotatedRect([56, 50], C, 13, 6.5, 90)).toBe(true);
    expect(pointInRotatedRect([50, 56], C, 13, 6.5, 90)).toBe(false);
    const [fx, fz] = facingOffset(45, 6.5, 3.25);
    expect(pointInRotatedRect([50 + fx, 50 + fz], C, 13, 6.5, 45)).toBe(true);
    expect(pointInRotatedRect([50 + fx * 1.01, 50 + fz * 1.01], C, 13, 6.5, 45)).toBe(false);
    // Clockwise: facing 30° the front reaches north-east, not north-west.
    expect(pointInRotatedRect([53, 55], C, 13, 6.5, 30)).toBe(true);
    expect(pointInRotatedRect([47, 55], C, 13, 6.5, 30)).toBe(false);
  });

  it('the distance is 0 inside, to the nearest side off a side, to the corner off a corner', () => {
    expect(distanceToRotatedRect([51, 52], C, 13, 6.5, 0)).toBe(0);
    expect(distanceToRotatedRect([55.25, 50], C, 13, 6.5, 0)).toBeCloseTo(2, 9);
    expect(distanceToRotatedRect([50, 40.5], C, 13, 6.5, 0)).toBeCloseTo(3, 9);
    expect(distanceToRotatedRect([56.25, 60.5], C, 13, 6.5, 0)).toBeCloseTo(5, 9);
    // Facing east it spans x 43.5–56.5 and z 46.75–53.25: the same point lies 7.25 north of its side.
    expect(distanceToRotatedRect([56.25, 60.5], C, 13, 6.5, 90)).toBeCloseTo(7.25, 9);
  });
});
