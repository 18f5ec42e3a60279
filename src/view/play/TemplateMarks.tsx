// Templates the rules put on the table (PlayView.templates: a blast circle, a flame teardrop, a lit
// strip): their outline on the ground (cut at the table's edge), labelled with its words and its size in the view's measure.
import { Html, Line } from '@react-three/drei';
import type { Camera, Object3D } from 'three';
import { Vector3 } from 'three';
import { formatDistance, type Measure } from '../../core';
import type { PlayTemplate } from '../../game';
import type { TableModel } from '../table-model';
import { LINE_SIDE, OVERLAY_ORDER } from '../tools/colours';
import { labelStyle, PLAY_COLOURS } from './colours';
import { clearRect, hudCovers } from '../camera';
import { labelAnchor, labelRoom, type Box, type Px } from './label-anchor';
import { clipToTable, templateOutline } from './outlines';
import { drawHeight } from './surface';

const overlay = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

export interface TemplateMarksProps {
  templates: readonly PlayTemplate[];
  model: TableModel;
  measure?: Measure | undefined;
}

/** A template's label: its own words and its size as the players read it. */
export function templateLabel(t: PlayTemplate, measure?: Measure): string {
  const rule = t.rule ? ` (${t.rule})` : '';
  if (t.kind === 'strip') return `${t.label ?? 'Strip'} · ${formatDistance(2 * t.radius, measure)} wide, ${formatDistance(t.length ?? 0, measure)} long${rule}`;
  return `${t.label ?? (t.kind === 'circle' ? 'Template' : 'Teardrop')} · ${formatDistance(t.radius, measure)} radius${rule}`;
}

type Vec3 = [number, number, number];
const v = new Vector3();

/** Canvas pixels (y down) of a point in the label's parent's space. */
function toPx(parent: Object3D | null, p: Vec3, camera: Camera, size: { width: number; height: number }): Px | null {
  v.set(...p);
  if (parent) v.applyMatrix4(parent.matrixWorld);
  v.project(camera);
  if (v.z > 1) return null; // behind the camera
  return [(v.x + 1) * (size.width / 2), (1 - v.y) * (size.height / 2)];
}

/** The canvas's part no HUD box covers (canvas pixels), looked up at most every 400 ms (it walks the page). */
const clearCache = { at: -Infinity, canvas: null as Element | null, box: undefined as Box | undefined };
function clearOf(canvas: Element | null): Box | undefined {
  if (!canvas) return undefined;
  const now = performance.now();
  if (clearCache.canvas === canvas && now - clearCache.at < 400) return clearCache.box;
  const r = canvas.getBoundingClientRect();
  const c = clearRect({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }, hudCovers(canvas));
  clearCache.at = now;
  clearCache.canvas = canvas;
  clearCache.box = c ? { left: c.left - r.left, top: c.top - r.top, right: c.right - r.left, bottom: c.bottom - r.top } : undefined;
  return clearCache.box;
}

/**
 * Html's placement for a label standing on the line a→b (its middle the Html's own position): kept
 * wholly on the canvas's uncovered part (labelAnchor), its size read from the label's box once shown.
 */
function onLineInView(id: string, a: Vec3, b: Vec3) {
  return (el: Object3D, camera: Camera, size: { width: number; height: number }): number[] => {
    const mid = toPx(el.parent, [el.position.x, el.position.y, el.position.z], camera, size);
    const pa = toPx(el.parent, a, camera, size);
    const pb = toPx(el.parent, b, camera, size);
    if (!mid) return [-1e4, -1e4];
    if (!pa || !pb) return [mid[0], mid[1]];
    // The label's styled box holds its words' span.
    const box = document.querySelector<HTMLElement>(`[data-testid="play-template-label"][data-template="${CSS.escape(id)}"]`)?.parentElement;
    const clear = clearOf(box?.closest('.st-canvas')?.querySelector('canvas') ?? null);
    // Words wider than the room (the uncovered part, the strip's span across it) wrap to it rather than
    // run over the HUD beside it or past the strip's end; the new size is read at the next frame.
    if (box) {
      const most = `${labelRoom(pa, pb, size, clear) - 8}px`;
      if (box.style.maxWidth !== most) box.style.maxWidth = most;
    }
    const label = { width: box?.offsetWidth ?? 200, height: box?.offsetHeight ?? 18, alongX: 0.5, alongY: 1.2 };
    return labelAnchor(pa, pb, mid, label, size, clear);
  };
}

export function TemplateMarks({ templates, model, measure }: TemplateMarksProps) {
  if (templates.length === 0) return null;
  return (
    <group name="play:templates">
      {templates.map((t) => {
        const { width, depth } = model.scenario.table;
        const ring = clipToTable(templateOutline(t), width, depth).map(([x, z]) => [x, drawHeight(model, [x, z]) + 0.15, z] as [number, number, number]);
        if (ring.length < 2) return null;
        // The label sits at the circle's centre, or half-way along a strip.
        // On screen it slides along the strip to stay wholly on the canvas.
        const [hx, hz] = t.kind === 'strip' ? [Math.sin(((t.facing ?? 0) * Math.PI) / 180), Math.cos(((t.facing ?? 0) * Math.PI) / 180)] : [0, 0];
        const length = t.length ?? 0;
        const along = (k: number): Vec3 => {
          const px = t.centre[0] + hx * length * k;
          const pz = t.centre[1] + hz * length * k;
          return [px, drawHeight(model, [px, pz]) + 1.5, pz];
        };
        const [x, y, z] = along(0.5);
        return (
          <group key={t.id} name={`play:template:${t.id}`}>
            <Line points={[...ring, ring[0]!]} color={PLAY_COLOURS.template} lineWidth={2} {...overlay} />
            <Html
              position={[x, y, z]}
              calculatePosition={onLineInView(t.id, along(0), along(1))}
              // One line at its own width while that fits; wrapped within the width calculatePosition allows.
              style={{ ...labelStyle(PLAY_COLOURS.template), whiteSpace: 'normal', width: 'max-content' }}
              zIndexRange={[6, 0]}
            >
              <span data-testid="play-template-label" data-template={t.id}>{templateLabel(t, measure)}</span>
            </Html>
          </group>
        );
      })}
    </group>
  );
}
