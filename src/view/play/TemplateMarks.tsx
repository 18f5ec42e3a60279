// Templates the rules put on the table (PlayView.templates: a blast circle, a flame teardrop, a lit
// strip): their outline on the ground (cut at the table's edge), labelled with its words and its size in the view's measure.
import { Html, Line } from '@react-three/drei';
import { formatDistance, type Measure } from '../../core';
import type { PlayTemplate } from '../../game';
import type { TableModel } from '../table-model';
import { LINE_SIDE, OVERLAY_ORDER } from '../tools/colours';
import { labelStyle, PLAY_COLOURS } from './colours';
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

export function TemplateMarks({ templates, model, measure }: TemplateMarksProps) {
  if (templates.length === 0) return null;
  return (
    <group name="play:templates">
      {templates.map((t) => {
        const { width, depth } = model.scenario.table;
        const ring = clipToTable(templateOutline(t), width, depth).map(([x, z]) => [x, drawHeight(model, [x, z]) + 0.15, z] as [number, number, number]);
        if (ring.length < 2) return null;
        // The label sits at the circle's centre, or half-way along a strip.
        const [hx, hz] = t.kind === 'strip' ? [Math.sin(((t.facing ?? 0) * Math.PI) / 180), Math.cos(((t.facing ?? 0) * Math.PI) / 180)] : [0, 0];
        const x = t.centre[0] + (hx * (t.length ?? 0)) / 2;
        const z = t.centre[1] + (hz * (t.length ?? 0)) / 2;
        return (
          <group key={t.id} name={`play:template:${t.id}`}>
            <Line points={[...ring, ring[0]!]} color={PLAY_COLOURS.template} lineWidth={2} {...overlay} />
            <Html position={[x, drawHeight(model, [x, z]) + 1.5, z]} style={labelStyle(PLAY_COLOURS.template)} zIndexRange={[6, 0]}>
              <span data-testid="play-template-label" data-template={t.id}>{templateLabel(t, measure)}</span>
            </Html>
          </group>
        );
      })}
    </group>
  );
}
