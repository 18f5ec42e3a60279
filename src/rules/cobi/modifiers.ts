// C-3.3.3.1b–e / C-3.3.3.2d–f the to-hit modifiers (the book's table C-MOD-1…7, and C-MOD-8…10 from the
// infantry section, C-EX-5 and the weapons table), each with its rule, summed for one shot.

export interface ShotConditions {
  /** C-MOD-1 the attacker aims at a location (and so chooses it, C-3.3.3.1m). */
  aimed?: boolean;
  /** C-MOD-2 dense fog or smoke. */
  fogOrSmoke?: boolean;
  /** C-MOD-3 heavy rain. */
  heavyRain?: boolean;
  /** C-MOD-4 the target is dug in. */
  dugIn?: boolean;
  /** C-MOD-5 / C-MOD-6 the target is behind soft or hard cover. */
  cover?: 'soft' | 'hard';
  /** C-MOD-7 / C-3.3.3.1b the firer is led by a commander or gunner with binoculars. */
  binoculars?: boolean;
  /** C-MOD-8 / C-3.3.3.2f infantry firing at someone other than the nearest enemy not hidden. */
  notNearest?: boolean;
  /** C-MOD-9 / C-EX-5 the target is in a light vehicle. */
  lightVehicle?: boolean;
  /** C-GAP-6 the target vehicle is camouflaged: the house camouflageModifier's value. */
  camouflage?: number;
  /** C-MOD-10 / C-3.3.3.2d the weapon's range-band modifier (infantry/range.ts). */
  range?: number;
}

export interface Modifier {
  rule: string;
  value: number;
  why: string;
}

/** Every modifier that applies, in the book's order, and their sum (C-3.3.3.1d: they add up). */
export function shotModifiers(c: ShotConditions): { total: number; parts: Modifier[] } {
  const parts: Modifier[] = [];
  const add = (on: boolean | undefined, rule: string, value: number, why: string) => {
    if (on) parts.push({ rule, value, why });
  };
  add(c.range !== undefined && c.range !== 0, 'C-MOD-10', c.range ?? 0, 'range');
  add(c.aimed, 'C-MOD-1', -1, 'aiming at a location');
  add(c.fogOrSmoke, 'C-MOD-2', -1, 'dense fog or smoke');
  add(c.heavyRain, 'C-MOD-3', -1, 'heavy rain');
  add(c.dugIn, 'C-MOD-4', -1, 'target dug in');
  add(c.cover === 'soft', 'C-MOD-5', -1, 'target behind soft cover');
  add(c.cover === 'hard', 'C-MOD-6', -2, 'target behind hard cover');
  add(c.binoculars, 'C-MOD-7', 1, 'commander with binoculars');
  add(c.notNearest, 'C-MOD-8', -1, 'not the nearest target');
  add(c.lightVehicle, 'C-MOD-9', -1, 'target in a light vehicle');
  add(c.camouflage !== undefined && c.camouflage !== 0, 'C-GAP-6', c.camouflage ?? 0, 'target camouflaged (house)');
  return { total: parts.reduce((s, p) => s + p.value, 0), parts };
}
