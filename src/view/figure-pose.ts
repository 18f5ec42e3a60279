// A miniature's pose: the play model's look (posture, what he holds, a medic's kit) reduced to the
// few shapes the table models, and each shape's joints (in units of the figure height h, y above the
// base top, facing +z with his left at +x) from which figure-geometry builds the body.
import type { PlayFigureLook } from '../core';

export type Stance = 'standing' | 'aiming' | 'kneeling' | 'prone';
/** What the hands hold: a rifle, a pistol, the grips of a machine gun, an MG belt (the loader), nothing. */
export type Hold = 'rifle' | 'pistol' | 'machine-gun' | 'belt' | 'none';
export type Mount = 'wheeled' | 'tripod';

export interface FigureShape {
  stance: Stance;
  hold: Hold;
  medic: boolean;
}

export const STANDING_RIFLEMAN: FigureShape = { stance: 'standing', hold: 'rifle', medic: false };

/** The shape a look is drawn in; no look = a rifleman standing at port arms. */
export function shapeOf(look: PlayFigureLook | undefined): FigureShape {
  if (!look) return STANDING_RIFLEMAN;
  const stance = look.stance ?? 'standing';
  const medic = !!look.medic;
  // The gunner sits behind his gun (lies behind it when his unit is down); the loader kneels beside it.
  if (look.arms === 'machine-gun') return { stance: stance === 'prone' ? 'prone' : 'kneeling', hold: 'machine-gun', medic };
  if (look.crew) return { stance: stance === 'prone' ? 'prone' : 'kneeling', hold: 'belt', medic };
  const hold: Hold = look.arms === 'pistol' ? 'pistol' : look.arms === 'none' ? 'none' : 'rifle';
  // Aiming with empty hands is standing.
  return { stance: stance === 'aiming' && hold === 'none' ? 'standing' : stance, hold, medic };
}

/** A stable key per shape (meshes and geometry caches). */
export function shapeKey(s: FigureShape): string {
  return `${s.stance}-${s.hold}${s.medic ? '-medic' : ''}`;
}

/** The gun mount drawn with a gunner, or null for everyone else. */
export function mountOf(look: PlayFigureLook | undefined): Mount | null {
  return look?.arms === 'machine-gun' ? look.mount ?? 'tripod' : null;
}

export type P = readonly [number, number, number];

export interface Leg { hip: P; knee: P; ankle: P }

/** The joints of one posture. */
export interface Body {
  legs: [Leg, Leg];
  /** Greatcoat skirt from the belt to the hem (centres), and its radius at the belt and hem. */
  belt: P;
  hem: P;
  skirt: [number, number];
  /** Chest box from the waist to the neck. */
  waist: P;
  neck: P;
  /** Left (+x) and right shoulders, head centre. */
  shoulders: [P, P];
  head: P;
  /** The coat's front split shows (upright postures). */
  slit: boolean;
}

const STAND: Body = {
  legs: [
    { hip: [0.07, 0.45, 0.01], knee: [0.07, 0.24, 0.03], ankle: [0.07, 0.06, 0.02] },
    { hip: [-0.07, 0.45, -0.01], knee: [-0.07, 0.24, -0.01], ankle: [-0.07, 0.06, -0.03] },
  ],
  belt: [0, 0.66, 0], hem: [0, 0.34, 0], skirt: [0.145, 0.2],
  waist: [0, 0.62, 0], neck: [0, 0.82, 0],
  shoulders: [[0.17, 0.8, 0], [-0.17, 0.8, 0]], head: [0, 0.91, 0], slit: true,
};

/** Standing to fire: the left foot forward, the right back, the head down to the sights. */
const AIM: Body = {
  ...STAND,
  legs: [
    { hip: [0.07, 0.45, 0.02], knee: [0.08, 0.25, 0.08], ankle: [0.09, 0.06, 0.12] },
    { hip: [-0.07, 0.45, -0.02], knee: [-0.08, 0.25, -0.07], ankle: [-0.09, 0.06, -0.12] },
  ],
  head: [-0.02, 0.9, 0.03],
};

/** Kneeling on the right knee, the left foot forward. */
const KNEEL: Body = {
  legs: [
    { hip: [0.07, 0.28, 0.02], knee: [0.08, 0.27, 0.23], ankle: [0.08, 0.06, 0.23] },
    { hip: [-0.07, 0.28, -0.02], knee: [-0.07, 0.05, 0.0], ankle: [-0.07, 0.06, -0.2] },
  ],
  belt: [0, 0.46, 0], hem: [0, 0.23, 0.02], skirt: [0.145, 0.19],
  waist: [0, 0.43, 0.01], neck: [0, 0.63, 0.03],
  shoulders: [[0.17, 0.61, 0.03], [-0.17, 0.61, 0.03]], head: [0, 0.72, 0.05], slit: false,
};

/** Lying on the ground, head up, looking forward; the body reaches past the base a little, as on a prone model. */
const PRONE: Body = {
  legs: [
    { hip: [0.07, 0.08, -0.26], knee: [0.1, 0.06, -0.48], ankle: [0.12, 0.06, -0.68] },
    { hip: [-0.07, 0.08, -0.26], knee: [-0.09, 0.06, -0.48], ankle: [-0.1, 0.06, -0.68] },
  ],
  belt: [0, 0.1, -0.06], hem: [0, 0.09, -0.32], skirt: [0.12, 0.13],
  waist: [0, 0.1, -0.06], neck: [0, 0.14, 0.18],
  shoulders: [[0.16, 0.14, 0.15], [-0.16, 0.14, 0.15]], head: [0, 0.23, 0.28], slit: false,
};

const BODIES: Record<Stance, Body> = { standing: STAND, aiming: AIM, kneeling: KNEEL, prone: PRONE };

/** How far back a gunner sits so his gun stands on the base in front of him. */
export const GUNNER_BACK = 0.14;

/** A body's joints moved back by dz (a gunner behind his gun). */
function shifted(b: Body, dz: number): Body {
  const m = (p: P): P => [p[0], p[1], p[2] + dz];
  const leg = (l: Leg): Leg => ({ hip: m(l.hip), knee: m(l.knee), ankle: m(l.ankle) });
  return { ...b, legs: [leg(b.legs[0]), leg(b.legs[1])], belt: m(b.belt), hem: m(b.hem), waist: m(b.waist), neck: m(b.neck), shoulders: [m(b.shoulders[0]), m(b.shoulders[1])], head: m(b.head) };
}

export function bodyOf(s: FigureShape): Body {
  const b = BODIES[s.stance];
  return s.hold === 'machine-gun' ? shifted(b, -GUNNER_BACK) : b;
}

/** Where the hands are and what they hold: a long arm (rifle) or a pistol from `from` to `to`. */
export interface Grip {
  hands: [P, P];
  weapon?: { kind: 'rifle' | 'pistol'; from: P; to: P };
}

const along = (a: P, b: P, t: number, lift = 0): P => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]) + lift, a[2] + t * (b[2] - a[2])];

/** A rifle from butt to muzzle with the right hand at tR and the left at tL along it (slightly in front). */
function rifle(butt: P, muzzle: P, tR: number, tL: number): Grip {
  const onIt = (t: number): P => { const p = along(butt, muzzle, t); return [p[0], p[1], p[2] + 0.02]; };
  return { hands: [onIt(tL), onIt(tR)], weapon: { kind: 'rifle', from: butt, to: muzzle } };
}

/** A pistol in the right hand pointing along `dir`; the left hand at `left`. */
function pistol(hand: P, dir: P, left: P): Grip {
  return { hands: [left, hand], weapon: { kind: 'pistol', from: hand, to: [hand[0] + dir[0], hand[1] + dir[1], hand[2] + dir[2]] } };
}

const RIFLE: Record<Stance, Grip> = {
  // Port arms: butt at the right hip, muzzle past the left shoulder.
  standing: rifle([-0.14, 0.42, 0.13], [0.16, 1.08, 0.13], 0.22, 0.5),
  // Butt in the right shoulder, muzzle forward.
  aiming: rifle([-0.1, 0.78, 0.1], [-0.05, 0.83, 0.82], 0.1, 0.4),
  kneeling: rifle([-0.1, 0.59, 0.12], [-0.05, 0.64, 0.84], 0.1, 0.38),
  prone: rifle([-0.08, 0.17, 0.2], [-0.04, 0.15, 0.92], 0.08, 0.36),
};

const PISTOL: Record<Stance, Grip> = {
  // An officer waving his men on: pistol raised forward, left arm down.
  standing: pistol([-0.2, 0.98, 0.28], [0, 0.03, 0.09], [0.2, 0.52, 0.04]),
  aiming: pistol([-0.06, 0.8, 0.42], [0, 0, 0.1], [0.2, 0.52, 0.04]),
  kneeling: pistol([-0.08, 0.61, 0.4], [0, 0, 0.1], [0.09, 0.31, 0.22]),
  prone: pistol([-0.06, 0.15, 0.46], [0, 0, 0.1], [0.12, 0.08, 0.38]),
};

const EMPTY: Record<Stance, Grip> = {
  standing: { hands: [[0.2, 0.52, 0.04], [-0.2, 0.52, 0.04]] },
  aiming: { hands: [[0.2, 0.52, 0.04], [-0.2, 0.52, 0.04]] },
  // Hands forward and low, tending a man on the ground.
  kneeling: { hands: [[0.08, 0.3, 0.32], [-0.08, 0.3, 0.32]] },
  prone: { hands: [[0.12, 0.08, 0.4], [-0.12, 0.08, 0.4]] },
};

/** The loader feeds the belt into the gun at his right. */
const BELT: Grip = { hands: [[-0.06, 0.3, 0.3], [-0.17, 0.32, 0.24]] };
const BELT_PRONE: Grip = { hands: [[-0.06, 0.08, 0.38], [-0.18, 0.08, 0.34]] };

/** The gunner's hands on the gun's spade grips (in the gun's frame: see figure-geometry's guns). */
export const GRIPS_Z = 0.1;
export const GRIPS_Y: Record<Mount, number> = { wheeled: 0.3, tripod: 0.34 };

export function gripOf(s: FigureShape): Grip {
  switch (s.hold) {
    case 'rifle': return RIFLE[s.stance];
    case 'pistol': return PISTOL[s.stance];
    case 'none': return EMPTY[s.stance];
    case 'belt': return s.stance === 'prone' ? BELT_PRONE : BELT;
    // Grip height halfway between the mounts' so one gunner shape serves both.
    case 'machine-gun': {
      const y = s.stance === 'prone' ? 0.2 : (GRIPS_Y.wheeled + GRIPS_Y.tripod) / 2;
      return { hands: [[0.045, y, GRIPS_Z], [-0.045, y, GRIPS_Z]] };
    }
  }
}

/** An elbow between shoulder and hand: a little below the middle and out to the side (`side` +1 left, -1 right). */
export function elbowOf(shoulder: P, hand: P, side: 1 | -1): P {
  const m = along(shoulder, hand, 0.5);
  return [m[0] + side * 0.045, m[1] - 0.07, m[2] - 0.02];
}
