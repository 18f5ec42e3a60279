// The viewshed panel: choose the observer (any figure; its floor when it stands in a building) and
// the target height; shows how much of the table is seen, at what cell size and how fast, and why
// when nothing is (a floor without openings); floors without openings are marked.
// Until picking on the table lands, the observer comes from this list.
import type { Battlefield } from '../battlefield';
import type { Scenario } from '../scenario';
import { TARGET_HEIGHTS, useStore, viewshedControls, viewshedStore, type TargetKind, type ViewshedObserver } from '../view';
import { openingsAt, viewshedReason } from './viewshed-reason';

export type ObserverSource = Pick<Battlefield, 'scenario' | 'buildingAt' | 'standingSpots'>;

export interface ObserverChoice {
  figureId: string;
  label: string;
  side: string;
  observer: ViewshedObserver;
}

/** Every deployed figure as an observer choice, grouped by side in file order. */
export function observerChoices(scenario: Scenario): ObserverChoice[] {
  const out: ObserverChoice[] = [];
  for (const u of scenario.units ?? []) {
    if (u.reserve) continue;
    u.figures.forEach((f, i) => {
      const label = u.figures.length > 1 ? `${u.name} · ${i + 1}` : u.name;
      out.push({
        figureId: f.id, label, side: u.side,
        observer: { label, x: f.at[0], z: f.at[1], figureId: f.id, ...(f.floor !== undefined ? { floor: f.floor } : {}) },
      });
    });
  }
  return out;
}

/** Number of standing levels at the observer's place (1 outside buildings). */
export function levelsAt(bf: ObserverSource, x: number, z: number): number {
  return bf.buildingAt(x, z)?.levels.length ?? 1;
}

export function floorLabel(floor: number): string {
  return floor === 0 ? 'G' : String(floor);
}

const TARGETS: Array<{ kind: TargetKind; label: string }> = [
  { kind: 'prone', label: 'Prone' },
  { kind: 'standing', label: 'Standing' },
  { kind: 'vehicle', label: 'Vehicle' },
];

export interface ViewshedPanelProps {
  battlefield: ObserverSource;
}

export function ViewshedPanel({ battlefield }: ViewshedPanelProps) {
  const s = useStore(viewshedStore);
  if (!s.on) return null;
  const choices = observerChoices(battlefield.scenario);
  const sides = battlefield.scenario.sides;
  const o = s.observer;
  const levels = o ? levelsAt(battlefield, o.x, o.z) : 1;
  const r = s.result;
  const pct = r ? Math.round(r.viewshed.visibleFraction * 1000) / 10 : null;
  return (
    <section className="st-panel st-viewshed" aria-label="Viewshed" data-testid="viewshed-panel">
      <header>
        <h2>Viewshed</h2>
        <button type="button" className="st-icon-btn" aria-label="Hide the viewshed" title="Hide (V or Esc)" onClick={() => viewshedControls.toggle(false)}>×</button>
      </header>
      <label className="st-field">
        <span>Observer</span>
        <select
          value={o?.figureId ?? ''}
          data-testid="viewshed-observer"
          onChange={(e) => viewshedControls.setObserver(choices.find((c) => c.figureId === e.target.value)?.observer ?? null)}
        >
          {!o?.figureId && <option value="">{o ? o.label : 'Choose a figure…'}</option>}
          {sides.map((side) => (
            <optgroup key={side.id} label={side.name}>
              {choices.filter((c) => c.side === side.id).map((c) => (
                <option key={c.figureId} value={c.figureId}>{c.label}</option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {o && levels > 1 && (
        <div className="st-field">
          <span>Floor</span>
          <div className="st-seg st-seg-fill" role="group" aria-label="Observer floor" data-testid="viewshed-floors">
            {Array.from({ length: levels }, (_, f) => {
              const shut = openingsAt(battlefield, o.x, o.z, f) === 0;
              return (
                <button key={f} type="button" className={shut ? 'st-btn st-shut' : 'st-btn'} aria-pressed={(o.floor ?? 0) === f} data-floor={f}
                  title={`${f === 0 ? 'Ground floor' : `Floor ${f}`}${shut ? ': no openings' : ''}`} onClick={() => viewshedControls.setFloor(f)}>
                  {floorLabel(f)}
                </button>
              );
            })}
          </div>
        </div>
      )}
      <div className="st-field">
        <span>Target</span>
        <div className="st-seg st-seg-fill" role="group" aria-label="Target height" data-testid="viewshed-targets">
          {TARGETS.map((t) => (
            <button key={t.kind} type="button" className="st-btn" aria-pressed={s.target === t.kind} data-target={t.kind}
              title={`${t.label}: ${TARGET_HEIGHTS[t.kind]} cm above the ground`} onClick={() => viewshedControls.setTarget(t.kind)}>
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <footer className="st-viewshed-foot">
        <span className="st-legend"><i className="seen" />Seen</span>
        <span className="st-legend"><i className="hidden" />Hidden</span>
        <span className="st-stat" data-testid="viewshed-stat">
          {s.error ? <span className="st-error">{s.error}</span>
            : !o ? 'Choose an observer'
            : r ? <>{pct} % seen · {r.resolution} cm cells{s.computing ? ' · refining…' : r.ms > 0 ? ` · ${Math.round(r.ms)} ms` : ' · cached'}</>
            : 'Computing…'}
        </span>
      </footer>
      {o && r && !s.error && viewshedReason(battlefield, o, r.viewshed.visibleFraction) && (
        <p className="st-hint" data-testid="viewshed-reason">{viewshedReason(battlefield, o, r.viewshed.visibleFraction)}</p>
      )}
    </section>
  );
}
