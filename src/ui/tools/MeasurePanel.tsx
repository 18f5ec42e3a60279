// The tape measure: two clicked places (figures measure from their base), the 3D length in cm and
// inches with its horizontal part and the rise; range rings around the selected figure.
import { useEffect, useState } from 'react';
import { CM_PER_INCH } from '../../core';
import { type ToolController, parseRadii, useToolState } from '../../view';
import { EndBlock } from './EndBlock';
import { ToolPanel } from './ToolPanel';

export interface MeasurePanelProps {
  tools: ToolController;
}

const both = (cm: number) => `${cm.toFixed(1)} cm · ${(cm / CM_PER_INCH).toFixed(1)}″`;

function Rings({ tools }: MeasurePanelProps) {
  const rings = useToolState(tools, (s) => s.rings);
  const selected = useToolState(tools, (s) => s.selected);
  const [text, setText] = useState(rings.radii.join(', '));
  useEffect(() => setText(rings.radii.join(', ')), [rings.radii]);
  const parsed = parseRadii(text);
  const ref = selected ? tools.figures.get(selected) : undefined;
  return (
    <div data-testid="rings">
      <label className="st-check">
        <input type="checkbox" checked={rings.visible} onChange={(e) => tools.showRings(e.target.checked)} data-testid="rings-visible" />
        <span>Range rings {ref ? <>around <b>{ref.unit.name}</b></> : <span className="st-hint">(pick a figure first)</span>}</span>
      </label>
      <input className="st-input" value={text} aria-label="Ring radii, cm" aria-invalid={parsed === null} data-testid="rings-radii"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => (parsed ? tools.setRings(parsed) : setText(rings.radii.join(', ')))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && parsed) tools.setRings(parsed);
        }} />
      <p className="st-hint">Radii in cm from the base edge, e.g. 15, 30, 60. Weapon ranges come with the rulesets.</p>
    </div>
  );
}

export function MeasurePanel({ tools }: MeasurePanelProps) {
  const m = useToolState(tools, (s) => s.measure);
  const r = m.report;
  return (
    <ToolPanel label="Measure" testId="measure-panel">
      <header>
        <h2>Measure</h2>
        {m.a && <button type="button" className="st-icon-btn" aria-label="Clear the tape" title="Clear" onClick={() => tools.clearMeasure()}>×</button>}
      </header>
      {!m.first && <p className="st-hint">Click where the tape starts, then where it ends: the ground, a floor or a figure.</p>}
      {m.first && <EndBlock tools={tools} role="From" name="a" end={r ? r.a : m.first} eye={false} />}
      {m.first && !r && <p className="st-hint">Now click where the tape ends.</p>}
      {r && <EndBlock tools={tools} role="To" name="b" end={r.b} eye={false} />}
      {m.error && <p className="st-error" role="alert">{m.error}</p>}
      {r && (
        <>
          <div className="st-big" data-testid="measure-distance">{both(r.distance)}</div>
          <dl className="st-facts">
            <dt>Level</dt>
            <dd>{both(r.horizontal)}</dd>
            <dt>Rise</dt>
            <dd>{r.rise >= 0 ? '+' : '−'}{Math.abs(r.rise).toFixed(1)} cm</dd>
          </dl>
        </>
      )}
      <Rings tools={tools} />
    </ToolPanel>
  );
}
