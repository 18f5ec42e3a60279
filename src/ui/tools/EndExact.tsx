// A sight line's end, exactly: the standing spot it stands on (centre or an opening: "stand at
// this window"), the exact point used (x, z, floor, eye height; the CLI's form of it) and a form
// to type one.
import { useState, type FormEvent } from 'react';
import { type EndReport, type ToolController } from '../../view';

export interface EndExactProps {
  tools: ToolController;
  name: 'observer' | 'target';
  end: EndReport;
}

/** A number as typed back: up to three decimals, no trailing zeros. */
const exact = (n: number) => String(Number(n.toFixed(3)));

/** The CLI point of an end (`los --from`): x,z,floor,@height above that floor. */
export function cliPoint(end: EndReport): string {
  return `${exact(end.at[0])},${exact(end.at[1])},${end.floor},@${exact(end.above)}`;
}

function SpotChoice({ tools, name, end }: EndExactProps) {
  if (end.kind !== 'point' || end.spots.length < 2) return null;
  const nearest = end.spots[1]!;
  return (
    <label className="st-spot">
      <span className="st-seg-label">Stand at</span>
      <select className="st-input" data-testid={`spot-${name}`} value={end.spot ?? ''} onChange={(e) => tools.setSpot(name, e.target.value)}>
        {end.spot === null && <option value="">exact point</option>}
        {end.spots.map((s) => (
          <option key={s.id} value={s.id}>{s.label}{s === nearest ? ' (nearest)' : ''}</option>
        ))}
      </select>
    </label>
  );
}

function ExactForm({ tools, name, end, onDone }: EndExactProps & { onDone: () => void }) {
  const [v, setV] = useState({ x: exact(end.at[0]), z: exact(end.at[1]), floor: String(end.floor), above: exact(end.above) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    tools.setExact(name, Number(v.x), Number(v.z), Number(v.floor), Number(v.above));
    onDone();
  };
  const field = (k: keyof typeof v, label: string, title: string) => (
    <label title={title}>
      <span>{label}</span>
      <input className="st-input" inputMode="decimal" data-testid={`exact-${name}-${k}`} value={v[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} />
    </label>
  );
  return (
    <form className="st-exact-form" onSubmit={submit} data-testid={`exact-form-${name}`}>
      {field('x', 'x', 'cm east of the table\'s south-west corner')}
      {field('z', 'z', 'cm north of the table\'s south-west corner')}
      {field('floor', 'floor', '0 is the ground floor')}
      {field('above', 'eye', 'eye height above that floor, cm')}
      <button type="submit" className="st-btn" data-testid={`exact-${name}-apply`}>Set</button>
    </form>
  );
}

export function EndExact({ tools, name, end }: EndExactProps) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <SpotChoice tools={tools} name={name} end={end} />
      <div className="st-exact" data-testid={`exact-${name}`}>
        <span title="the exact point used: x, z (cm), floor, eye height above the floor (cm) — as the command line's los takes it">
          Point <code data-testid={`point-${name}`}>{cliPoint(end)}</code> · eye y {exact(end.eye[1])}
        </span>
        {end.kind === 'point' && (
          <button type="button" className="st-link-btn" aria-expanded={editing} data-testid={`edit-${name}`} onClick={() => setEditing(!editing)}>
            {editing ? 'Cancel' : 'Type'}
          </button>
        )}
      </div>
      {editing && <ExactForm tools={tools} name={name} end={end} onDone={() => setEditing(false)} />}
    </>
  );
}
