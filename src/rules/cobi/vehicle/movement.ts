// C-3.3.1a–d a vehicle's move along legs: CARD-1 forward (CARD-2 straight back), CARD-3 per turn of up
// to 45°, CARD-4 lost in difficult ground, CARD-5 gained on a paved road. The digest's C-AMB-4 questions
// are house settings: turnCost, moveDirections, terrainCharge, roadBonus (house-values.json).

export interface MoveCard {
  move: number; // C-CARD-1
  reverse: number; // C-CARD-2
  turn: number; // C-CARD-3
  terrain: number; // C-CARD-4
  road: number; // C-CARD-5
}

export interface MoveReading {
  turnCost: 'per-45' | 'legend';
  moveDirections: 'one-way' | 'mixed';
  terrainCharge: 'once' | 'per-piece';
  roadBonus: 'whole-path' | 'road-legs';
}

/** One straight leg of a path: a turn on the spot first (degrees, either way), then `length` cm. */
export interface Leg {
  length: number;
  turn?: number;
  reverse?: boolean;
  /** Ids of the difficult-ground areas the leg enters or crosses. */
  difficult?: readonly string[];
  /** The whole leg runs on a paved road. */
  road?: boolean;
}

export interface PathPart {
  what: string;
  cm: number;
  rule: string;
}

export interface PathCost {
  /** The move it may spend: CARD-1 (+ road) forward, CARD-2 back. */
  allowance: number;
  /** What the path spends, turns and difficult ground included. */
  spent: number;
  /** Centimetres left (in forward cm for a mixed path); negative when the path is too long. */
  left: number;
  parts: PathPart[];
  refusal?: { rule: string; reason: string };
}

const EPS = 1e-9;

/**
 * C-3.3.1b / C-AMB-4 the cm a turn of `angle` degrees costs. `per-45`: one charge per started 45°
 * (C-EX-2: 90° two charges, 180° four); `legend`: the card legend's "more than 45°", one charge per
 * full 45° beyond the first (45° free, 90° one, 180° three).
 */
export function turnCost(angle: number, charge: number, reading: MoveReading['turnCost']): number {
  const a = Math.abs(angle) % 360 > 180 ? 360 - (Math.abs(angle) % 360) : Math.abs(angle) % 360;
  const charges = reading === 'per-45' ? Math.ceil(a / 45 - EPS) : Math.max(0, Math.floor((a - 45) / 45 + EPS));
  return Math.max(0, charges) * charge;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** C-3.3.1a–d / C-AMB-4 what a path of legs costs a vehicle with this card, under the house readings. */
export function pathCost(legs: readonly Leg[], card: MoveCard, reading: MoveReading): PathCost {
  const parts: PathPart[] = [];
  const forward = legs.filter((l) => !l.reverse);
  const back = legs.filter((l) => l.reverse);
  // A turn on the spot is forward driving (CARD-3 "except reversing"), so a pivot then a reverse mixes the two.
  const mixed = forward.some((l) => l.length > 0 || l.turn) && back.length > 0;
  if (mixed && reading.moveDirections === 'one-way') {
    return { allowance: card.move, spent: 0, left: card.move, parts, refusal: { rule: 'C-AMB-4', reason: 'one move goes forward or straight back, not both (house moveDirections: one-way)' } };
  }
  const turning = back.find((l) => (l.turn ?? 0) % 360 !== 0);
  if (turning) return { allowance: card.reverse, spent: 0, left: card.reverse, parts, refusal: { rule: 'C-3.3.1a', reason: 'reversing is straight back, without turning (CARD-2)' } };

  let fwd = 0;
  let rev = 0;
  for (const l of legs) {
    if (l.reverse) {
      rev += l.length;
      if (l.length > 0) parts.push({ what: `${round(l.length)} cm back`, cm: l.length, rule: 'C-3.3.1a' });
      continue;
    }
    if (l.turn) {
      const c = turnCost(l.turn, card.turn, reading.turnCost);
      fwd += c;
      parts.push({ what: `turn ${round(Math.abs(l.turn))}°`, cm: c, rule: 'C-3.3.1b' });
    }
    fwd += l.length;
    if (l.length > 0) parts.push({ what: `${round(l.length)} cm forward`, cm: l.length, rule: 'C-3.3.1a' });
  }

  // C-3.3.1c difficult ground: once per move, or once per piece entered (C-AMB-4).
  const pieces = new Set(legs.flatMap((l) => l.difficult ?? []));
  const terrain = pieces.size === 0 ? 0 : reading.terrainCharge === 'once' ? card.terrain : card.terrain * pieces.size;
  if (terrain > 0) parts.push({ what: reading.terrainCharge === 'once' ? 'difficult ground' : `difficult ground (${pieces.size} pieces)`, cm: terrain, rule: 'C-3.3.1c' });
  if (forward.some((l) => l.length > 0 || l.turn)) fwd += terrain;
  else rev += terrain;

  // C-3.3.1d the road bonus, for forward driving: the whole path on road, or up to the road cm (C-AMB-4).
  let bonus = 0;
  if (forward.length > 0 && back.length === 0) {
    const driven = legs.filter((l) => l.length > 0);
    if (reading.roadBonus === 'whole-path') bonus = driven.length > 0 && driven.every((l) => l.road) ? card.road : 0;
    else bonus = Math.min(card.road, driven.filter((l) => l.road).reduce((s, l) => s + l.length, 0));
  }
  if (bonus > 0) parts.push({ what: 'paved road', cm: -bonus, rule: 'C-3.3.1d' });

  let allowance: number;
  let spent: number;
  let left: number;
  if (back.length === 0) {
    allowance = card.move + bonus;
    spent = fwd;
    left = allowance - spent;
  } else if (!mixed) {
    allowance = card.reverse;
    spent = rev;
    left = allowance - spent;
  } else {
    // C-AMB-4 mixed: forward / CARD-1 + reverse / CARD-2 ≤ 1; what is left is told in forward cm.
    const share = (card.move > 0 ? fwd / card.move : fwd > 0 ? Infinity : 0) + (card.reverse > 0 ? rev / card.reverse : rev > 0 ? Infinity : 0);
    allowance = card.move;
    spent = round(share * card.move);
    left = round((1 - share) * card.move);
  }
  const out: PathCost = { allowance, spent: round(spent), left: round(left), parts };
  if (left < -EPS) out.refusal = { rule: 'C-3.3.1a', reason: `the path needs ${round(spent)} cm of a ${round(allowance)} cm move` };
  return out;
}
