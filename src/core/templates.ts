// Templates laid on the table (a burst circle, an explosion rectangle) and which figures lie under
// them: plan geometry plus the floor, with no sight lines or heights. A template on a building's
// upper floor covers figures on that floor only; one on the ground, figures on the ground (floor 0).
// Facings are degrees clockwise from north (geometry.ts).
import { dist2, distanceToRotatedRect, facingVector, pointInRotatedRect, type Vec2 } from './geometry';
import type { PlayTemplate } from './play-view-types';

/** A template as rules place it: a circle by its centre and radius, or a rectangle by its centre, size and facing (cm). */
export type TemplateShape =
  | { kind: 'circle'; centre: Vec2; radius: number; floor?: number }
  | { kind: 'rect'; centre: Vec2; length: number; width: number; facing: number; floor?: number };

/** A figure's round base: its centre, radius (cm) and floor (absent: 0, the ground). */
export interface TemplateBase {
  at: Vec2;
  radius: number;
  floor?: number;
}

/**
 * How a base counts as under a template: `centre`, its centre inside the template; `overlap`, any part
 * of the base inside it. On the edge counts in both readings (to a nanometre): a centre on the outline,
 * or a base touching it.
 */
export type TemplateReading = 'centre' | 'overlap';

const TOUCH = 1e-9;

/** Is the figure's base under the template, on the template's own floor? */
export function templateCovers(shape: TemplateShape, base: TemplateBase, reading: TemplateReading): boolean {
  if ((shape.floor ?? 0) !== (base.floor ?? 0)) return false;
  const reach = reading === 'overlap' ? base.radius : 0;
  if (shape.kind === 'circle') return dist2(shape.centre, base.at) <= shape.radius + reach + TOUCH;
  if (reading === 'centre') return pointInRotatedRect(base.at, shape.centre, shape.length, shape.width, shape.facing);
  return distanceToRotatedRect(base.at, shape.centre, shape.length, shape.width, shape.facing) <= reach + TOUCH;
}

/** The bases a template covers, in their order. */
export function basesCovered<T extends TemplateBase>(shape: TemplateShape, bases: readonly T[], reading: TemplateReading): T[] {
  return bases.filter((b) => templateCovers(shape, b, reading));
}

/**
 * The template as the table draws it (PlayView.templates): a circle as a circle, a rectangle as a
 * strip (the view's rectangle, measured from the middle of its starting end).
 */
export function playTemplateOf(shape: TemplateShape, id: string, extra: { label?: string; rule?: string } = {}): PlayTemplate {
  const centre: [number, number] = [shape.centre[0], shape.centre[1]];
  if (shape.kind === 'circle') return { id, kind: 'circle', centre, radius: shape.radius, ...extra };
  const [fx, fz] = facingVector(shape.facing);
  const h = shape.length / 2;
  return {
    id, kind: 'strip', centre: [centre[0] - fx * h, centre[1] - fz * h], radius: shape.width / 2, length: shape.length, facing: shape.facing, ...extra,
  };
}

/** A drawn circle or strip as a shape on `floor` (a teardrop has no shape here: undefined). */
export function templateShapeOf(t: PlayTemplate, floor?: number): TemplateShape | undefined {
  const on = floor !== undefined ? { floor } : {};
  if (t.kind === 'circle') return { kind: 'circle', centre: [t.centre[0], t.centre[1]], radius: t.radius, ...on };
  if (t.kind !== 'strip') return undefined;
  const facing = t.facing ?? 0;
  const length = t.length ?? 0;
  const [fx, fz] = facingVector(facing);
  return { kind: 'rect', centre: [t.centre[0] + (fx * length) / 2, t.centre[1] + (fz * length) / 2], length, width: 2 * t.radius, facing, ...on };
}
