// C-3.3.3.1m the hit location: only armour in a straight line from the firer's barrel. The book gives
// three cases (square on: front and turret; side on: side and turret; angled: turret, side, and front or
// rear); C-AMB-15 fills the rest: "square" means within `squareWithin` degrees of an axis (house
// aspectSquareWithin), a target facing away shows rear or turret, and a turretless vehicle has no turret
// location. The turret takes the top armour (CARD-13, C-EX-4 "front or top").

export type Location = 'front' | 'side' | 'rear' | 'turret';
export type Aspect = 'front' | 'side' | 'rear' | 'angled-front' | 'angled-rear';

export interface AspectResult {
  aspect: Aspect;
  /** The bearing to the muzzle relative to the target's facing, in (−180, 180]: 0 dead ahead, ±90 abeam, 180 behind. */
  relative: number;
  /** The locations that may be hit, for the chooser to pick from. */
  locations: Location[];
  rule: string;
}

/** Degrees folded into (−180, 180]. */
export function relativeAngle(deg: number): number {
  const r = ((deg % 360) + 360) % 360;
  return r > 180 ? r - 360 : r;
}

/**
 * C-3.3.3.1m / C-AMB-15 which armour the shot can strike. `targetFacing` is the target hull's heading and
 * `bearingToMuzzle` the bearing from the target to the firer's muzzle, both in the same degrees (the
 * table's: clockwise from north); only their difference counts.
 */
export function aspect(targetFacing: number, bearingToMuzzle: number, squareWithin: number, turret: boolean): AspectResult {
  const relative = relativeAngle(bearingToMuzzle - targetFacing);
  const a = Math.abs(relative);
  const eps = 1e-9;
  let result: { aspect: Aspect; faces: Location[]; rule: string };
  if (a <= squareWithin + eps) result = { aspect: 'front', faces: ['front'], rule: 'C-3.3.3.1m' };
  else if (Math.abs(a - 90) <= squareWithin + eps) result = { aspect: 'side', faces: ['side'], rule: 'C-3.3.3.1m' };
  else if (a >= 180 - squareWithin - eps) result = { aspect: 'rear', faces: ['rear'], rule: 'C-AMB-15' };
  else if (a < 90) result = { aspect: 'angled-front', faces: ['front', 'side'], rule: 'C-3.3.3.1m' };
  else result = { aspect: 'angled-rear', faces: ['rear', 'side'], rule: 'C-3.3.3.1m' };
  return { aspect: result.aspect, relative, locations: turret ? [...result.faces, 'turret'] : result.faces, rule: turret ? result.rule : 'C-AMB-15' };
}

/** C-3.3.3.1m who picks among the locations: the target's owner, unless the attacker aimed (C-MOD-1, −1). */
export function locationChooser(aimed: boolean): 'owner' | 'attacker' {
  return aimed ? 'attacker' : 'owner';
}

/** C-3.3.3.1n the card's armour field for a location (the turret: top armour, CARD-13). */
export function armourField(l: Location): 'front' | 'side' | 'rear' | 'top' {
  return l === 'turret' ? 'top' : l;
}
