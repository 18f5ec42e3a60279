// Low-poly stand-in figure (ART.md §8 proportions, h = 1.7 cm): greatcoat, head, cap and rifle on
// a round base; the base rim is a separate ring tinted per instance with the side colour.
import { BoxGeometry, type BufferGeometry, CylinderGeometry, SphereGeometry, TorusGeometry } from 'three';
import { mergeParts, paintPart } from './merge';
import { PALETTE } from './palette';

export const FIGURE_HEIGHT = 1.7;
export const BASE_RADIUS = 0.62;
export const BASE_THICKNESS = 0.12;

/** The painted figure standing on y = 0 at the origin, facing +z (north in table coordinates). */
export function figureBodyGeometry(h = FIGURE_HEIGHT): BufferGeometry {
  const coat = new CylinderGeometry(0.12 * h, 0.2 * h, 0.62 * h, 6).translate(0, BASE_THICKNESS + 0.31 * h, 0);
  const chest = new BoxGeometry(0.3 * h, 0.2 * h, 0.2 * h).translate(0, BASE_THICKNESS + 0.68 * h, 0);
  const head = new SphereGeometry(0.09 * h, 6, 4).translate(0, BASE_THICKNESS + 0.86 * h, 0);
  const cap = new CylinderGeometry(0.085 * h, 0.095 * h, 0.06 * h, 6).translate(0, BASE_THICKNESS + 0.93 * h, 0);
  const rifle = new BoxGeometry(0.035 * h, 0.7 * h, 0.035 * h).translate(0.13 * h, BASE_THICKNESS + 0.55 * h, 0.1 * h);
  return mergeParts([
    paintPart(coat, PALETTE.figureCoat, 0.15),
    paintPart(chest, PALETTE.figureCoat, 0.15),
    paintPart(head, PALETTE.figureSkin, 0.1),
    paintPart(cap, '#4b4a3a', 0.1),
    paintPart(rifle, '#4a3628', 0.05),
  ])!;
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
