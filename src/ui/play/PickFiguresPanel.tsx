// A pick of some of a unit's figures (Orders tab; a ruleset's pick-figures panel): the figures as
// toggles (here, or by a click on them on the table while this panel is open: the pick is a store
// shared with the table), the count the rules allow, and the send button — enabled only when the
// controller says the game would take the command with that pick. Nothing is decided here; the texts
// are the ruleset's.
import { useEffect, useMemo } from 'react';
import type { Command, PlayControl, PlayPickPanel, PlayView } from '../../game';
import { useStore, type Store } from '../../view';
import { playFigureName } from './figure-names';
import { RuleLink } from './RuleLink';

export interface PickFiguresPanelProps {
  view: PlayView;
  panel: PlayPickPanel;
  locked: boolean;
  check: PlayControl['check'];
  onSend: (command: Command) => void;
  onRule: (rule: string) => void;
  /** The pick, shared with the table (null while no panel is open). */
  pick: Store<string[] | null>;
}

const NONE: readonly string[] = [];

/** The pick with a figure added or taken out. */
function togglePick(picked: readonly string[], id: string): string[] {
  return picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
}

/** The view's first pick-figures panel, the one the table's clicks toggle figures of. */
export function pickPanelOf(view: Pick<PlayView, 'panels'>): PlayPickPanel | undefined {
  return view.panels?.find((p): p is PlayPickPanel => p.kind === 'pick-figures');
}

export function PickFiguresPanel({ view, panel, locked, check, onSend, onRule, pick }: PickFiguresPanelProps) {
  const picked = useStore(pick) ?? NONE;
  // Open: a pick begins (empty) for this unit and offer; closed: no pick, the table clicks as usual.
  const key = `${panel.id}:${panel.unitId}:${panel.figureIds.join(',')}`;
  useEffect(() => {
    pick.set([]);
    return () => pick.set(null);
  }, [pick, key]);
  const unit = view.units.find((u) => u.id === panel.unitId);
  const figures = useMemo(() => new Map(unit?.figures.map((f) => [f.id, f] as const) ?? []), [unit]);
  const command = useMemo<Command>(() => ({ ...panel.command, [panel.field]: picked }), [panel.command, panel.field, picked]);
  const verdict = useMemo(() => (picked.length === 0 ? null : check(command)), [check, command, picked.length]);
  const toggle = (id: string) => pick.set((p) => togglePick(p ?? [], id));
  const ok = verdict?.ok === true;
  const id = panel.id;
  return (
    <section className="st-play-section st-play-pick" data-testid={`${id}-panel`} data-unit={panel.unitId}>
      <h3>{panel.title} {panel.rule && <RuleLink rule={panel.rule} onOpen={onRule} />}</h3>
      <p className="st-hint">{panel.hint}</p>
      <div className="st-play-pick-figs" role="group" aria-label={panel.title}>
        {panel.figureIds.map((fid) => {
          const f = figures.get(fid);
          const on = picked.includes(fid);
          const label = f ? playFigureName(unit, f) : 'a soldier';
          return (
            <button key={fid} type="button" className="st-btn st-play-pick-fig" aria-pressed={on} disabled={locked} data-testid={`${id}-fig-${fid}`}
              title={f ? `${label}: ${f.condition}${f.weapon ? ` — ${f.weapon}` : ''}` : label} onClick={() => toggle(fid)}>
              <i className={`st-fig st-fig-${f?.condition ?? 'healthy'}`} />{label}
            </button>
          );
        })}
      </div>
      <p className="st-play-pick-count" data-testid={`${id}-count`} data-picked={picked.length} data-max={panel.max}>
        {picked.length} picked · {panel.min === panel.max ? panel.max : `${panel.min}–${panel.max}`} {panel.countLabel}
      </p>
      {verdict && !verdict.ok && (
        <p className="st-play-target-refusal" data-testid={`${id}-refusal`}>
          {verdict.reason} {verdict.rule && <RuleLink rule={verdict.rule} onOpen={onRule} />}
        </p>
      )}
      <button type="button" className="st-btn st-btn-primary" data-testid={`${id}-send`} disabled={locked || !ok} onClick={() => onSend(command)}>
        {panel.sendLabel.replace('{n}', String(picked.length || 'them'))}
      </button>
    </section>
  );
}
