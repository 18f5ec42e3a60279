// Unit cards, side by side: each unit's figures by condition (a legend says what each dot means),
// strength now/start and status chips; the active unit marked. Clicking a card asks the camera to look at the unit.
import type { PlayFigure, PlayUnit, PlayView } from '../../game';
import { MarkedText } from '../MarkedText';
import { playFigureName } from './figure-names';
import { sideLook } from './side-colour';

export interface UnitCardsProps {
  view: PlayView;
  onFocus: (unit: PlayUnit) => void;
}

const CONDITION_TITLE: Record<string, string> = { healthy: 'Healthy', light: 'Lightly wounded', serious: 'Seriously wounded', dead: 'Dead' };

function FigureMark({ f, unit }: { f: PlayFigure; unit: PlayUnit }) {
  const cond = f.removed && f.condition !== 'dead' ? 'removed' : f.condition;
  const title = `${playFigureName(unit, f)}: ${CONDITION_TITLE[f.condition] ?? f.condition}${f.removed ? `, ${f.removed}` : ''}${f.weapon ? ` — ${f.weapon}` : ''}`;
  return <i className={`st-fig st-fig-${cond}`} title={title} data-condition={f.condition} />;
}

/** The dots' meanings, in the order a soldier goes through them. */
const LEGEND: ReadonlyArray<[string, string]> = [
  ['healthy', 'healthy'], ['light', 'lightly wounded'], ['serious', 'seriously wounded'], ['dead', 'dead'], ['removed', 'off the table'],
];

export function UnitCards({ view, onFocus }: UnitCardsProps) {
  return (
    <div className="st-play-units" data-testid="unit-cards">
      <p className="st-play-fig-legend" data-testid="condition-legend">
        {LEGEND.map(([cond, words]) => <span key={cond}><i className={`st-fig st-fig-${cond}`} /> {words}</span>)}
      </p>
      {view.sides.map((s) => {
        const look = sideLook(view, s.id);
        const units = view.units.filter((u) => u.side === s.id);
        return (
          <section key={s.id} className="st-play-side-units">
            <h3 style={{ color: look.colour }}><span className="st-swatch" style={{ background: look.colour }} />{look.name}</h3>
            {units.map((u) => (
              <button key={u.id} type="button" data-testid={`unit-${u.id}`} data-unit={u.id}
                className={['st-play-unit', u.id === view.activeUnitId ? 'st-active' : '', u.strength.now === 0 ? 'st-gone' : ''].filter(Boolean).join(' ')}
                aria-current={u.id === view.activeUnitId ? 'true' : undefined} title="Show this unit on the table" onClick={() => onFocus(u)}
                style={{ borderLeftColor: look.colour }}>
                <span className="st-play-unit-head">
                  <b><MarkedText text={u.name} /></b>
                  <span className="st-play-strength" title="Figures now / at the start">{u.strength.now}/{u.strength.start}</span>
                </span>
                <span className="st-play-unit-kind">{u.kind}</span>
                <span className="st-play-figs">{u.figures.map((f) => <FigureMark key={f.id} f={f} unit={u} />)}</span>
                {(u.status.length > 0 || u.activated) && (
                  <span className="st-play-status">
                    {u.status.map((c) => <span key={c} className={`st-status st-status-${c.replace(/\s+/g, '-')}`}>{c}</span>)}
                    {u.activated && !u.status.includes('activated') && <span className="st-status st-status-activated">activated</span>}
                  </span>
                )}
              </button>
            ))}
          </section>
        );
      })}
    </div>
  );
}

/** Centre of the unit's figures still on the table (cm), for the camera. */
export function unitCentre(u: PlayUnit): [number, number] | null {
  const on = u.figures.filter((f) => !f.removed);
  if (on.length === 0) return null;
  return [on.reduce((s, f) => s + f.at[0], 0) / on.length, on.reduce((s, f) => s + f.at[1], 0) / on.length];
}
