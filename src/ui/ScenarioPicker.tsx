// The scenario picker: every bundled scenario file with its title, ruleset, date and place. The
// list is read when first opened (the files stay lazy); picking one asks the app to switch.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ScenarioEntry {
  /** `<ruleset>/<slug>`, as in `?scenario=`. */
  id: string;
  ruleset: string;
  /** The ruleset's display name (from the registry, read by the app); the id when it has none. */
  rulesetName?: string;
  title: string;
  date?: string;
  place?: string;
  /** Set when the file could not be read as a scenario (it can still be picked to see why). */
  problem?: string;
}

export interface ScenarioPickerProps {
  current: string;
  /** Reads the list (title, ruleset, date, place of each file). */
  load: () => Promise<ScenarioEntry[]>;
  onPick: (id: string) => void;
  /** Always open, in the page flow (on the error pages). */
  inline?: boolean;
}

function ListIcon() {
  return (
    <svg className="st-icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round">
      <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />
    </svg>
  );
}

export function ScenarioPicker({ current, load, onPick, inline = false }: ScenarioPickerProps) {
  const [open, setOpen] = useState(inline);
  const [entries, setEntries] = useState<ScenarioEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || entries) return;
    let live = true;
    load().then((e) => live && setEntries(e), (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [open, entries, load]);

  // Click outside or Escape closes the popover.
  useEffect(() => {
    if (!open || inline) return;
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        setOpen(false);
      }
    };
    window.addEventListener('pointerdown', away);
    window.addEventListener('keydown', key, true);
    return () => {
      window.removeEventListener('pointerdown', away);
      window.removeEventListener('keydown', key, true);
    };
  }, [open, inline]);

  const pick = useCallback((id: string) => {
    if (!inline) setOpen(false);
    if (id !== current) onPick(id);
  }, [current, inline, onPick]);

  return (
    <div ref={root} className={`st-scenario-picker${inline ? ' inline' : ''}`} data-testid="scenario-picker">
      {!inline && (
        <button type="button" className="st-btn st-group" aria-expanded={open} aria-haspopup="listbox" data-testid="scenario-picker-toggle"
          title="Choose a scenario" onClick={() => setOpen((o) => !o)}>
          <ListIcon />
          <span>Scenarios</span>
        </button>
      )}
      {open && (
        <ul className="st-scenario-list" role="listbox" aria-label="Scenarios" data-testid="scenario-list">
          {error && <li className="st-scenario-empty st-error">{error}</li>}
          {!error && !entries && <li className="st-scenario-empty">Reading the scenario files…</li>}
          {entries?.length === 0 && <li className="st-scenario-empty">No scenario files are bundled.</li>}
          {entries?.map((e) => (
            <li key={e.id}>
              <button type="button" role="option" aria-selected={e.id === current} aria-current={e.id === current} data-scenario={e.id} onClick={() => pick(e.id)}>
                <span className="st-scenario-title">{e.title}</span>
                <span className="st-scenario-meta">
                  <span className="st-ruleset">{e.rulesetName ?? e.ruleset}</span>
                  {[e.date, e.place].filter(Boolean).join(' · ') || <code>{e.id}</code>}
                </span>
                {e.problem && <span className="st-scenario-meta st-error">{e.problem}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
