// Procedural 15 mm infantry figure (ART.md §8 proportions, h = 1.7 cm): legs under a split greatcoat
// skirt, torso, arms holding the rifle at port arms, head and period headgear, on a round base with a
// separate rim ring tinted per instance in the side colour. The figure comes in two parts sharing one
// instance matrix: "cloth" with the headgear (pale shading, the instance colour paints the uniform;
// a fur cap or a visor is a darker multiple of it) and "fixed" (skin, leather, wood in their own colours).
import { BoxGeometry, type BufferGeometry, CylinderGeometry, Quaternion, SphereGeometry, TorusGeometry, Vector3 } from 'three';
import { mergeParts, paintPart } from './merge';
import { PALETTE } from './palette';

export const FIGURE_HEIGHT = 1.7;
export const BASE_RADIUS = 0.62;
export const BASE_THICKNESS = 0.12;

export const HEADGEAR = ['peaked-cap', 'fur-cap', 'hood'] as const;
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
const SLIT = '#1e1b17';

type P = readonly [number, number, number];
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

/** Where the rifle lies at port arms: butt at the right hip, muzzle past the left shoulder (facing +z, left is +x). */
const BUTT: P = [-0.14, 0.42, 0.13];
const MUZZLE: P = [0.16, 1.08, 0.13];
const onRifle = (t: number, forward = 0): P => [BUTT[0] + t * (MUZZLE[0] - BUTT[0]), BUTT[1] + t * (MUZZLE[1] - BUTT[1]), BUTT[2] + forward];
const RIGHT_HAND = onRifle(0.22, 0.02);
const LEFT_HAND = onRifle(0.5, 0.02);

/** The parts painted in the uniform: legs, greatcoat skirt and torso, arms, and a cloth cap or hood. */
export function figureClothGeometry(headgear: Headgear = 'peaked-cap', detail: FigureDetail = 'fine', h = FIGURE_HEIGHT): BufferGeometry {
  const b = BASE_THICKNESS;
  const { sides, head } = ROUND[detail];
  const leg = (x: number, z: number) => new CylinderGeometry(0.075 * h, 0.062 * h, 0.4 * h, 6).translate(x * h, b + 0.22 * h, z * h);
  const parts = [
    leg(0.07, 0.025),
    leg(-0.07, -0.025),
    // Greatcoat skirt from the belt to just below the knee; the front split is a dark slit (fixed part).
    new CylinderGeometry(0.145 * h, 0.2 * h, 0.32 * h, sides).translate(0, b + 0.5 * h, 0),
    new BoxGeometry(0.3 * h, 0.2 * h, 0.19 * h).translate(0, b + 0.72 * h, 0),
    // Upper arms and forearms, shoulder → elbow → hand on the rifle.
    limb([-0.17, 0.8, 0], [-0.2, 0.63, 0.04], 0.075, h),
    limb([-0.2, 0.63, 0.04], RIGHT_HAND, 0.068, h),
    limb([0.17, 0.8, 0], [0.19, 0.66, 0.1], 0.075, h),
    limb([0.19, 0.66, 0.1], LEFT_HAND, 0.068, h),
  ];
  const painted = parts.map((p) => paintPart(p, CLOTH, 0.14));
  if (headgear === 'peaked-cap') {
    painted.push(paintPart(new CylinderGeometry(0.104 * h, 0.094 * h, 0.065 * h, sides).translate(0, b + 0.985 * h, -0.005 * h), CLOTH, 0.14));
    painted.push(paintPart(new BoxGeometry(0.13 * h, 0.014 * h, 0.07 * h).translate(0, b + 0.958 * h, 0.095 * h), VISOR, 0.05));
  }
  // Fur cap: a short wide cylinder (1.2 × the head, ART.md §8), exaggerated so it reads at 15 mm.
  if (headgear === 'fur-cap') painted.push(paintPart(new CylinderGeometry(0.108 * h, 0.112 * h, 0.1 * h, sides).translate(0, b + 0.99 * h, -0.005 * h), FUR, 0.2));
  // Snow-suit hood: a cap of a sphere a little larger than the head, set back so the face shows.
  if (headgear === 'hood') painted.push(paintPart(new SphereGeometry(0.108 * h, head[0], head[1] - 1, 0, Math.PI * 2, 0, Math.PI * 0.62).translate(0, b + 0.915 * h, -0.022 * h), CLOTH, 0.14));
  return mergeParts(painted)!;
}

/** The parts in their own colours, the same for every uniform: boots, belt, coat slit, hands, head and rifle. */
export function figureFixedGeometry(detail: FigureDetail = 'fine', h = FIGURE_HEIGHT): BufferGeometry {
  const b = BASE_THICKNESS;
  const { sides, head } = ROUND[detail];
  const boot = (x: number, z: number) => new BoxGeometry(0.09 * h, 0.07 * h, 0.15 * h).translate(x * h, b + 0.035 * h, (z + 0.025) * h);
  const hand = (p: P) => new BoxGeometry(0.055 * h, 0.055 * h, 0.055 * h).translate(p[0] * h, b + p[1] * h, p[2] * h);
  const slope = Math.atan((0.2 - 0.145) / 0.32);
  const parts: [BufferGeometry, string, number][] = [
    [boot(0.07, 0.025), LEATHER, 0.1],
    [boot(-0.07, -0.025), LEATHER, 0.1],
    [new CylinderGeometry(0.152 * h, 0.152 * h, 0.04 * h, sides).translate(0, b + 0.645 * h, 0), LEATHER, 0.1],
    [new BoxGeometry(0.03 * h, 0.17 * h, 0.02 * h).rotateX(-slope).translate(0, b + 0.425 * h, 0.188 * h), SLIT, 0],
    [hand(RIGHT_HAND), PALETTE.figureSkin, 0.05],
    [hand(LEFT_HAND), PALETTE.figureSkin, 0.05],
    [new SphereGeometry(0.09 * h, head[0], head[1]).translate(0, b + 0.91 * h, 0), PALETTE.figureSkin, 0.12],
    [limb(BUTT, MUZZLE, 0.04, h), WOOD, 0.05],
  ];
  return mergeParts(parts.map(([g, colour, z]) => paintPart(g, colour, z)))!;
}

/** The whole figure in one geometry (a silhouette, e.g. the move gizmo's ghosts). */
export function figureBodyGeometry(headgear: Headgear = 'peaked-cap'): BufferGeometry {
  return mergeParts([figureClothGeometry(headgear), figureFixedGeometry()])!;
}

/** The base disc, flocked in the table's felt colour. */
export function figureBaseGeometry(): BufferGeometry {
  const disc = new CylinderGeometry(BASE_RADIUS, BASE_RADIUS, BASE_THICKNESS, 16).translate(0, BASE_THICKNESS / 2, 0);
  return mergeParts([paintPart(disc, PALETTE.figureBase, 0.1)])!;
}

/** The thin ring around the base edge, white so the instance colour (side colour) shows as is. */
export function figureRimGeometry(): BufferGeometry {
  const ring = new TorusGeometry(BASE_RADIUS, 0.05, 4, 20).rotateX(Math.PI / 2).translate(0, BASE_THICKNESS, 0);
  return mergeParts([paintPart(ring, '#ffffff', 0)])!;
}
