// The covering-fire pick (Orders tab): the active unit's soldiers as toggles (here, or by a click on
// them on the table while this panel is open: the pick is a store shared with the table), the count
// the rules allow, and the split button — enabled only when the controller says the game would take that
// SPLIT (the rules judge the pick: half or fewer, each part in formation). Nothing is decided here.
import { useEffect, useMemo } from 'react';
import type { Command, PlayControl, PlaySplitOffer, PlayView } from '../../game';
import { useStore, type Store } from '../../view';
import { RuleLink } from './RuleLink';

export interface SplitPanelProps {
  view: PlayView;
  offer: PlaySplitOffer;
  locked: boolean;
  check: PlayControl['check'];
  onSplit: (command: Command) => void;
  onRule: (rule: string) => void;
  /** The pick, shared with the table (null while no panel is open). */
  pick: Store<string[] | null>;
}

const NONE: readonly string[] = [];

/** The pick with a soldier added or taken out. */
function togglePick(picked: readonly string[], id: string): string[] {
  return picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
}

export function SplitPanel({ view, offer, locked, check, onSplit, onRule, pick }: SplitPanelProps) {
  const picked = useStore(pick) ?? NONE;
  // Open: a pick begins (empty) for this unit and offer; closed: no pick, the table clicks as usual.
  const key = `${offer.unitId}:${offer.figureIds.join(',')}`;
  useEffect(() => {
    pick.set([]);
    return () => pick.set(null);
  }, [pick, key]);
  const figures = useMemo(() => new Map(view.units.find((u) => u.id === offer.unitId)?.figures.map((f) => [f.id, f] as const) ?? []), [view.units, offer.unitId]);
  const command = useMemo<Command>(() => ({ ...offer.command, figureIds: picked }), [offer.command, picked]);
  const verdict = useMemo(() => (picked.length === 0 ? null : check(command)), [check, command, picked.length]);
  const toggle = (id: string) => pick.set((p) => togglePick(p ?? [], id));
  const ok = verdict?.ok === true;
  return (
    <section className="st-play-section st-play-split" data-testid="split-panel" data-unit={offer.unitId}>
      <h3>{offer.label} {offer.rule && <RuleLink rule={offer.rule} onOpen={onRule} />}</h3>
      <p className="st-hint">Pick the soldiers of {offer.name} who stay behind (here or on the table): they cannot move, only shoot.</p>
      <div className="st-play-split-figs" role="group" aria-label="Soldiers who stay behind">
        {offer.figureIds.map((id) => {
          const f = figures.get(id);
          const on = picked.includes(id);
          return (
            <button key={id} type="button" className="st-btn st-play-split-fig" aria-pressed={on} disabled={locked} data-testid={`split-fig-${id}`}
              title={f ? `${id}${f.role ? ` (${f.role})` : ''}: ${f.condition}${f.weapon ? ` — ${f.weapon}` : ''}` : id} onClick={() => toggle(id)}>
              <i className={`st-fig st-fig-${f?.condition ?? 'healthy'}`} />{id}
            </button>
          );
        })}
      </div>
      <p className="st-play-split-count" data-testid="split-count" data-picked={picked.length} data-max={offer.max}>
        {picked.length} picked · {offer.min === offer.max ? offer.max : `${offer.min}–${offer.max}`} may stay behind
      </p>
      {verdict && !verdict.ok && (
        <p className="st-play-target-refusal" data-testid="split-refusal">
          {verdict.reason} {verdict.rule && <RuleLink rule={verdict.rule} onOpen={onRule} />}
        </p>
      )}
      <button type="button" className="st-btn st-btn-primary" data-testid="split-send" disabled={locked || !ok} onClick={() => onSplit(command)}>
        Leave {picked.length || 'them'} behind to give covering fire
      </button>
    </section>
  );
}
