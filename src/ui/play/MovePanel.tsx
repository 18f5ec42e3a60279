// The move the active unit may make: mode, allowance per figure (open / difficult ground), why,
// the rules behind it, how to move on the table (and up or down a floor); and the last move refused.
// In or next to a building of more than one storey it offers the destination floor of the next drags
// as buttons (the table says which storeys stand there; touch and pen have no keys or wheel); the
// rules still judge the move.
import { formatDistance } from '../../core';
import type { PlayView } from '../../game';
import { createStore, moveFloorKey, pressedFloor, storeyName, useStore, type MoveFloor, type Store } from '../../view';
import type { PlayRefusal } from './types';
import { playFigureName } from './figure-names';
import { RuleLink } from './RuleLink';

export interface MovePanelProps {
  view: PlayView;
  refusal: PlayRefusal | null;
  onRule: (rule: string) => void;
  /** The destination storey shared with the table (absent: no floor buttons). */
  moveFloor?: Store<MoveFloor | null> | undefined;
  /** Replay, hand-over or game over: the floor buttons are off. */
  locked?: boolean;
}

const NO_FLOOR = createStore<MoveFloor | null>(null);

export function MovePanel({ view, refusal, onRule, moveFloor, locked = false }: MovePanelProps) {
  const floorState = useStore(moveFloor ?? NO_FLOOR);
  const move = view.move;
  if (!move) return null;
  // Only the table's state for this very move offer, and only with a storey to go to.
  const floor = floorState && floorState.key === moveFloorKey(view) && floorState.floors > 1 ? floorState : null;
  const pressed = floor ? pressedFloor(floor) : null;
  const unit = view.units.find((u) => u.id === move.unitId);
  const figures = Object.entries(move.allowance);
  const same = figures.every(([, a]) => a.open === figures[0]?.[1].open && a.difficult === figures[0]?.[1].difficult);
  return (
    <section className="st-play-section" data-testid="move-panel">
      <h3>Move — {unit?.name ?? move.unitId}</h3>
      <p className="st-play-move-mode">Mode <b data-testid="move-mode">{move.mode}</b></p>
      <table className="st-figures">
        <thead><tr><th>Figure</th><th>Open</th><th>Difficult</th></tr></thead>
        <tbody>
          {(same && figures.length > 1 ? [[`all ${figures.length}`, figures[0]![1]] as const] : figures).map(([id, a]) => (
            <tr key={id} data-figure={id}><td>{id.startsWith('all ') ? id : playFigureName(unit, unit?.figures.find((f) => f.id === id) ?? { id })}</td><td>{formatDistance(a.open, view.measure)}</td><td>{formatDistance(a.difficult, view.measure)}</td></tr>
          ))}
        </tbody>
      </table>
      {move.why.length > 0 && <ul className="st-play-why">{move.why.map((w) => <li key={w}>{w}</li>)}</ul>}
      {move.rules.length > 0 && <p className="st-play-rules">{move.rules.map((r) => <RuleLink key={r} rule={r} onOpen={onRule} />)}</p>}
      {floor && moveFloor && (
        <div className="st-play-floors" role="group" aria-label="Move to floor" data-testid="move-floor">
          <span>To floor</span>
          {Array.from({ length: floor.floors }, (_, n) => (
            <button
              key={n}
              type="button"
              className="st-btn"
              data-testid={`move-floor-${n}`}
              aria-pressed={pressed === n}
              disabled={locked}
              onClick={() => moveFloor.set((f) => (f && f.key === floor.key ? { ...f, chosen: n } : f))}
            >
              {storeyName(n)}
            </button>
          ))}
        </div>
      )}
      <p className="st-hint">Drag a figure on the table to move the unit (shift-drag: one figure).</p>
      {/* Storeys only where the offer has them (a building in reach). */}
      {move.floorReach && (
        <p className="st-hint" data-testid="move-floor-hint">
          In a building, pick the storey under “To floor”, or while dragging: <kbd>PageUp</kbd> / <kbd>]</kbd> / wheel up for the floor above, <kbd>PageDown</kbd> / <kbd>[</kbd> /
          wheel down for the one below. The climb counts as straight tape (a storey adds its height; stairs are anywhere
          inside); walls still need a door.
        </p>
      )}
      {refusal && (
        <p className="st-error" data-testid="move-refusal">
          {refusal.reason} {refusal.rule && <RuleLink rule={refusal.rule} onOpen={onRule} />}
        </p>
      )}
    </section>
  );
}
