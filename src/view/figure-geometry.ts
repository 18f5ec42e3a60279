// Procedural 15 mm infantry figure (ART.md §8 proportions, h = 1.7 cm) in the posture of its shape
// (figure-pose.ts: standing at port arms, aiming, kneeling, prone, a gunner, a loader, an officer, a
// medic): legs under a split greatcoat skirt, torso, arms holding the weapon, head and period headgear,
// on a round base with a separate rim ring tinted per instance in the side colour. The figure comes in
// two parts sharing one instance matrix: "cloth" with the headgear (pale shading, the instance colour
// paints the uniform; a fur cap or a visor is a darker multiple of it) and "fixed" (skin, leather,
// wood, metal in their own colours); a gunner's machine gun and its mount are a third part.
import { BoxGeometry, BufferAttribute, type BufferGeometry, CylinderGeometry, Quaternion, SphereGeometry, TorusGeometry, Vector3 } from 'three';
import { mergeParts, paintPart } from './merge';
import { bodyOf, elbowOf, type FigureShape, gripOf, GRIPS_Y, GRIPS_Z, type Mount, type P, STANDING_RIFLEMAN } from './figure-pose';
import { PALETTE } from './palette';

export const FIGURE_HEIGHT = 1.7;
export const BASE_RADIUS = 0.62;
export const BASE_THICKNESS = 0.12;

export const HEADGEAR = ['peaked-cap', 'fur-cap', 'hood', 'steel-helmet', 'm1-helmet'] as const;
export type Headgear = (typeof HEADGEAR)[number];

/** Fine (high and medium tiers, about 370 triangles a figure) or plain (low and test, about 250): fewer sides on round parts. */
export type FigureDetail = 'fine' | 'plain';
const ROUND: Record<FigureDetail, { sides: number; head: [number, number] }> = { fine: { sides: 8, head: [8, 6] }, plain: { sides: 6, head: [6, 4] } };

/** Cloth is painted near white so the instance colour (the uniform) shows as given, with a zenithal highlight. */
const CLOTH = '#e6e6e6';
const LEATHER = '#3a2c20';
const WOOD = '#4a3628';
/** Multipliers over the uniform colour for headgear that is not cloth (a dark visor, a fur cap). */
const VISOR = '#3c3a38';
const FUR = '#6a5a4c';
/** Painted steel, a shade darker and greyer than the cloth. */
const HELMET = '#a4a69a';
const SLIT = '#1e1b17';
const METAL = '#2f3132';
const SHIELD = '#4a4e3c';
const CANVAS = '#b9ab86';
const ARMBAND = '#f2f0ea';
const CROSS = '#b3261e';
const Y = new Vector3(0, 1, 0);

/** A box of square section `t` running from a to b (points in units of h, y above the base top). */
function limb(a: P, b: P, t: number, h: number): BufferGeometry {
  const from = new Vector3(a[0], a[1], a[2]).multiplyScalar(h);
  const to = new Vector3(b[0], b[1], b[2]).multiplyScalar(h);
  const dir = to.clone().sub(from);
  const g = new BoxGeometry(t * h, dir.length() + t * h * 0.5, t * h);
  g.applyQuaternion(new Quaternion().setFromUnitVectors(Y, dir.clone().normalize()));
  const mid = from.add(to).multiplyScalar(0.5);
  return g.translate(mid.x, mid.y + BASE_THICKNESS, mid.z);
}

/** A box of section w × d (w across the body, x) from a to b: the chest, upright or lying. */
function slab(a: P, b: P, w: number, d: number, h: number): BufferGeometry {
  const from = new Vector3(a[0], a[1], a[2]).multiplyScalar(h);
  const to = new Vector3(b[0], b[1], b[2]).multiplyScalar(h);
  const dir = to.clone().sub(from);
  const g = new BoxGeometry(w * h, dir.length(), d * h);
  g.applyQuaternion(new Quaternion().setFromUnitVectors(Y, dir.clone().normalize()));
  const mid = from.add(to).multiplyScalar(0.5);
  return g.translate(mid.x, mid.y + BASE_THICKNESS, mid.z);
}

/** A tapered round tube from a to b (radius ra at a, rb at b), e.g. the greatcoat skirt or the belt. */
function tube(a: P, b: P, ra: number, rb: number, sides: number, h: number, openEnded = false): BufferGeometry {
  const from = new Vector3(a[0], a[1], a[2]).multiplyScalar(h);
  const to = new Vector3(b[0], b[1], b[2]).multiplyScalar(h);
  const dir = from.clone().sub(to);
  // CylinderGeometry's top (radiusTop) is at +y: point +y from b to a.
  const g = new CylinderGeometry(ra * h, rb * h, dir.length(), sides, 1, openEnded);
  g.applyQuaternion(new Quaternion().setFromUnitVectors(Y, dir.normalize()));
  const mid = from.add(to).multiplyScalar(0.5);
  return g.translate(mid.x, mid.y + BASE_THICKNESS, mid.z);
}

const at = (p: P, h: number): [number, number, number] => [p[0] * h, BASE_THICKNESS + p[1] * h, p[2] * h];
const offset = (p: P, d: P): P => [p[0] + d[0], p[1] + d[1], p[2] + d[2]];

/** The uniform's parts without the headgear: legs, greatcoat skirt and chest, arms (painted). */
function clothBodyParts(detail: FigureDetail, shape: FigureShape, h: number): BufferGeometry[] {
  const { sides } = ROUND[detail];
  const body = bodyOf(shape);
  const { hands } = gripOf(shape);
  const parts: BufferGeometry[] = [];
  for (const leg of body.legs) parts.push(limb(leg.hip, leg.knee, 0.13, h), limb(leg.knee, leg.ankle, 0.11, h));
  // Greatcoat skirt from the belt to below the knee; the front split is a dark slit (fixed part).
  parts.push(tube(body.belt, body.hem, body.skirt[0], body.skirt[1], sides, h));
  parts.push(slab(body.waist, body.neck, 0.3, 0.19, h));
  // Upper arms and forearms, shoulder → elbow → hand.
  body.shoulders.forEach((shoulder, i) => {
    const elbow = elbowOf(shoulder, hands[i]!, i === 0 ? 1 : -1);
    parts.push(limb(shoulder, elbow, 0.075, h), limb(elbow, hands[i]!, 0.068, h));
  });
  return parts.map((p) => paintPart(p, CLOTH, 0.14));
}

/** One headgear on the head wherever the posture puts it (painted; offsets from the standing head at 0.91). */
function headgearParts(headgear: Headgear, detail: FigureDetail, shape: FigureShape, h: number): BufferGeometry[] {
  const { sides, head } = ROUND[detail];
  const [hx, hy, hz] = at(offset(bodyOf(shape).head, [0, -0.91, 0]), h);
  const onHead = (g: BufferGeometry) => g.translate(hx, hy - BASE_THICKNESS, hz);
  const b = BASE_THICKNESS;
  switch (headgear) {
    case 'peaked-cap': return [
      paintPart(onHead(new CylinderGeometry(0.104 * h, 0.094 * h, 0.065 * h, sides).translate(0, b + 0.985 * h, -0.005 * h)), CLOTH, 0.14),
      paintPart(onHead(new BoxGeometry(0.13 * h, 0.014 * h, 0.07 * h).translate(0, b + 0.958 * h, 0.095 * h)), VISOR, 0.05),
    ];
    // Fur cap: a short wide cylinder (1.2 × the head, ART.md §8), exaggerated so it reads at 15 mm.
    case 'fur-cap': return [paintPart(onHead(new CylinderGeometry(0.108 * h, 0.112 * h, 0.1 * h, sides).translate(0, b + 0.99 * h, -0.005 * h)), FUR, 0.2)];
    // Snow-suit hood: a cap of a sphere a little larger than the head, set back so the face shows.
    case 'hood': return [paintPart(onHead(new SphereGeometry(0.108 * h, head[0], Math.max(3, head[1] - 2), 0, Math.PI * 2, 0, Math.PI * 0.62).translate(0, b + 0.915 * h, -0.022 * h)), CLOTH, 0.14)];
    // German M35: a deep dome and the flared skirt over the neck and ears, the outline that reads at 1:35 brick scale.
    case 'steel-helmet': return [
      paintPart(onHead(new SphereGeometry(0.118 * h, head[0], Math.max(3, head[1] - 3), 0, Math.PI * 2, 0, Math.PI * 0.5).translate(0, b + 0.93 * h, -0.008 * h)), HELMET, 0.1),
      paintPart(onHead(new CylinderGeometry(0.118 * h, 0.138 * h, 0.05 * h, sides, 1, true).translate(0, b + 0.905 * h, -0.014 * h)), HELMET, 0.1),
    ];
    // US M1: a round dome with a narrow rim all round, sitting level on the brow.
    case 'm1-helmet': return [
      paintPart(onHead(new SphereGeometry(0.116 * h, head[0], Math.max(3, head[1] - 3), 0, Math.PI * 2, 0, Math.PI * 0.5).translate(0, b + 0.94 * h, -0.004 * h)), HELMET, 0.1),
      paintPart(onHead(new CylinderGeometry(0.134 * h, 0.136 * h, 0.012 * h, sides).translate(0, b + 0.94 * h, -0.004 * h)), HELMET, 0.1),
    ];
  }
}

/** The parts painted in the uniform: legs, greatcoat skirt and chest, arms, and a cloth cap or hood. */
export function figureClothGeometry(headgear: Headgear = 'peaked-cap', detail: FigureDetail = 'fine', shape: FigureShape = STANDING_RIFLEMAN, h = FIGURE_HEIGHT): BufferGeometry {
  return mergeParts([...clothBodyParts(detail, shape, h), ...headgearParts(headgear, detail, shape, h)])!;
}

/** The parts in their own colours, the same for every uniform: boots, belt, coat slit, hands, head, weapon, a medic's kit. */
export function figureFixedGeometry(detail: FigureDetail = 'fine', shape: FigureShape = STANDING_RIFLEMAN, h = FIGURE_HEIGHT): BufferGeometry {
  return mergeParts(fixedParts(detail, shape, h))!;
}

function fixedParts(detail: FigureDetail, shape: FigureShape, h: number): BufferGeometry[] {
  const { sides, head } = ROUND[detail];
  const body = bodyOf(shape);
  const grip = gripOf(shape);
  const box = (p: P, x: number, y: number, z: number) => new BoxGeometry(x * h, y * h, z * h).translate(...at(p, h));
  // A boot from the ankle forward along the foot (the foot points where the shin's knee faces, flat on the ground).
  const boot = (leg: { knee: P; ankle: P }) => {
    const flat = leg.ankle[1] < 0.1 && Math.abs(leg.knee[1] - leg.ankle[1]) < 0.05;
    return flat ? limb(leg.ankle, offset(leg.ankle, [0, -0.02, leg.ankle[2] < leg.knee[2] ? -0.09 : 0.09]), 0.085, h) : box(offset(leg.ankle, [0, -0.025, 0.025]), 0.09, 0.07, 0.15);
  };
  // The belt: a band 0.04 h wide round the top of the skirt, along the body's axis (open: its ends hide in the coat).
  const beltHalf = 0.02 / Math.hypot(body.belt[0] - body.hem[0], body.belt[1] - body.hem[1], body.belt[2] - body.hem[2]);
  const parts: [BufferGeometry, string, number][] = [
    [boot(body.legs[0]), LEATHER, 0.1],
    [boot(body.legs[1]), LEATHER, 0.1],
    [tube(along(body.belt, body.hem, -beltHalf), along(body.belt, body.hem, beltHalf), body.skirt[0] + 0.007, body.skirt[0] + 0.007, sides, h, true), LEATHER, 0.1],
    [box(grip.hands[0], 0.055, 0.055, 0.055), PALETTE.figureSkin, 0.05],
    [box(grip.hands[1], 0.055, 0.055, 0.055), PALETTE.figureSkin, 0.05],
    [new SphereGeometry(0.09 * h, head[0], head[1]).translate(...at(body.head, h)), PALETTE.figureSkin, 0.12],
  ];
  if (body.slit) {
    const slope = Math.atan((body.skirt[1] - body.skirt[0]) / (body.belt[1] - body.hem[1]));
    parts.push([new BoxGeometry(0.03 * h, 0.17 * h, 0.02 * h).rotateX(-slope).translate(0, BASE_THICKNESS + 0.425 * h, 0.188 * h), SLIT, 0]);
  }
  const w = grip.weapon;
  if (w?.kind === 'rifle') parts.push([limb(w.from, w.to, 0.04, h), WOOD, 0.05]);
  if (w?.kind === 'pistol') parts.push([limb(w.from, w.to, 0.035, h), METAL, 0.05]);
  if (shape.medic) {
    // A white armband on the left upper arm with a red cross on its outside, and a canvas bag at the right hip.
    const shoulder = body.shoulders[0];
    const band = along(shoulder, elbowOf(shoulder, grip.hands[0], 1), 0.4);
    parts.push([limb(offset(band, [0, 0.025, 0]), offset(band, [0, -0.025, 0]), 0.088, h), ARMBAND, 0.05]);
    parts.push([box(offset(band, [0.045, 0, 0]), 0.012, 0.04, 0.04), CROSS, 0]);
    const bag = offset(body.belt, body.slit ? [-0.19, -0.1, 0.02] : [-0.2, 0.02, 0]);
    parts.push([box(bag, 0.07, 0.12, 0.13), CANVAS, 0.1]);
  }
  return parts.map(([g, colour, z]) => paintPart(g, colour, z));
}

const along = (a: P, b: P, t: number): P => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])];

/**
 * A machine gun on its mount, in the gunner's frame (the grips at GRIPS_Z in front of his base centre):
 * a Maxim-like gun with its water jacket and shield on a two-wheeled trail mount, or an air-cooled gun on a tripod.
 */
export function gunGeometry(mount: Mount, h = FIGURE_HEIGHT): BufferGeometry {
  const y = GRIPS_Y[mount];
  const z0 = GRIPS_Z;
  const box = (p: P, x: number, yy: number, z: number) => new BoxGeometry(x * h, yy * h, z * h).translate(...at(p, h));
  const parts: [BufferGeometry, string, number][] = [
    // Spade grips and the receiver behind the barrel.
    [box([0, y, z0], 0.11, 0.03, 0.03), METAL, 0.1],
    [box([0, y, z0 + 0.1], 0.09, 0.09, 0.16), METAL, 0.15],
  ];
  if (mount === 'wheeled') {
    parts.push(
      [tube([0, y + 0.01, z0 + 0.18], [0, y + 0.01, z0 + 0.52], 0.045, 0.045, 8, h), METAL, 0.15],
      [limb([0, y + 0.01, z0 + 0.52], [0, y + 0.01, z0 + 0.6], 0.025, h), METAL, 0.1],
      [box([0, y + 0.06, z0 + 0.25], 0.26, 0.2, 0.015), SHIELD, 0.15],
      [limb([0, y - 0.03, z0 + 0.15], [0, 0.09, z0 + 0.2], 0.035, h), METAL, 0.1],
      [limb([-0.15, 0.09, z0 + 0.2], [0.15, 0.09, z0 + 0.2], 0.03, h), METAL, 0.1],
      [limb([0, 0.09, z0 + 0.2], [0, 0.02, z0 - 0.22], 0.035, h), METAL, 0.1],
      ...([-1, 1] as const).map((side): [BufferGeometry, string, number] => [new CylinderGeometry(0.09 * h, 0.09 * h, 0.03 * h, 10).rotateZ(Math.PI / 2).translate(...at([side * 0.16, 0.09, z0 + 0.2], h)), WOOD, 0.05]),
    );
  } else {
    parts.push(
      [limb([0, y, z0 + 0.18], [0, y, z0 + 0.58], 0.03, h), METAL, 0.1],
      [limb([0, y - 0.05, z0 + 0.12], [0, 0.01, z0 + 0.42], 0.03, h), METAL, 0.1],
      [limb([0, y - 0.05, z0 + 0.12], [0.17, 0.01, z0 - 0.05], 0.03, h), METAL, 0.1],
      [limb([0, y - 0.05, z0 + 0.12], [-0.17, 0.01, z0 - 0.05], 0.03, h), METAL, 0.1],
    );
  }
  return mergeParts(parts.map(([g, colour, z]) => paintPart(g, colour, z)))!;
}

/** The whole figure in one geometry (a silhouette, e.g. the move gizmo's ghosts). */
export function figureBodyGeometry(headgear: Headgear = 'peaked-cap'): BufferGeometry {
  return mergeParts([figureClothGeometry(headgear), figureFixedGeometry()])!;
}

/** The base disc, flocked in the table's felt colour (painted). */
function basePart(): BufferGeometry {
  return paintPart(new CylinderGeometry(BASE_RADIUS, BASE_RADIUS, BASE_THICKNESS, 16).translate(0, BASE_THICKNESS / 2, 0), PALETTE.figureBase, 0.1);
}

/** The thin ring around the base edge, white so the side colour shows as is (painted). */
function rimPart(): BufferGeometry {
  return paintPart(new TorusGeometry(BASE_RADIUS, 0.05, 4, 20).rotateX(Math.PI / 2).translate(0, BASE_THICKNESS, 0), '#ffffff', 0);
}

/**
 * How the figure shader paints a vertex (attribute `paint`): in its own colour times the wound tint,
 * in the uniform times the tint, in the side colour (the rim), or as is (the base).
 */
export const PAINT = { fixed: 0, uniform: 1, side: 2, asIs: 3 } as const;

/** Tag painted parts with how the shader paints them and which headgear they are (-1: worn by all). */
function tagged(parts: BufferGeometry[], paint: number, headgear: number): BufferGeometry[] {
  for (const g of parts) {
    const n = g.getAttribute('position').count;
    g.setAttribute('paint', new BufferAttribute(new Float32Array(n).fill(paint), 1));
    g.setAttribute('headgear', new BufferAttribute(new Float32Array(n).fill(headgear), 1));
  }
  return parts;
}

/**
 * A whole miniature of one shape for the figure shader (figure-material.ts): base, side rim, body,
 * uniform and every headgear (index into HEADGEAR; the shader keeps the one each instance wears), so a
 * table draws all the figures of a shape in one call whatever their side, uniform and headgear.
 */
export function figureShapeGeometry(shape: FigureShape = STANDING_RIFLEMAN, detail: FigureDetail = 'fine', h = FIGURE_HEIGHT): BufferGeometry {
  return mergeParts([
    ...tagged([basePart()], PAINT.asIs, -1),
    ...tagged([rimPart()], PAINT.side, -1),
    ...tagged(fixedParts(detail, shape, h), PAINT.fixed, -1),
    ...tagged(clothBodyParts(detail, shape, h), PAINT.uniform, -1),
    ...HEADGEAR.flatMap((k, i) => tagged(headgearParts(k, detail, shape, h), PAINT.uniform, i)),
  ])!;
}
