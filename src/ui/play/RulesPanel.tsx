// The rules panel: every rule id of the ruleset's digest with its title and text, searchable; house
// values (filling a gap or choosing a reading) marked with their value and source. Opened at an id
// from the log, it scrolls to that rule and marks it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { optionInWords, valueInWords } from '../../core';
import type { PlayRuleEntry } from '../../game';

export interface RulesPanelProps {
  rules: readonly PlayRuleEntry[];
  /** The id to show (from a rule link); the panel scrolls to it. */
  focus: string | null;
}

/** An option as players read it: its label, else its name in words; a bare value in words. */
function houseValue(v: unknown): string {
  if (v && typeof v === 'object' && 'name' in v && typeof v.name === 'string') {
    return optionInWords({ name: v.name, ...('label' in v && typeof v.label === 'string' ? { label: v.label } : {}) });
  }
  return valueInWords(v);
}

/** The value in force as its option reads, where an option holds that value, else as the data words it, else in words. */
function valueInForce(h: NonNullable<PlayRuleEntry['house']>): string {
  const named = h.options?.find((o) => o && typeof o === 'object' && 'value' in o && JSON.stringify(o.value) === JSON.stringify(h.value));
  return named ? houseValue(named) : h.label ?? valueInWords(h.value);
}

/** The rule id players read: an entry's reference, else its id (a game option's own id is a key, never shown). */
const refOf = (r: PlayRuleEntry) => r.ref ?? r.id;

export function RulesPanel({ rules, focus }: RulesPanelProps) {
  const [query, setQuery] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // A new focus clears the search so the rule is in the list.
  useEffect(() => { if (focus) setQuery(''); }, [focus]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return rules;
    return rules.filter((r) => refOf(r).toLowerCase().includes(q) || r.title.toLowerCase().includes(q) || r.text.toLowerCase().includes(q));
  }, [rules, query]);
  useEffect(() => {
    if (!focus) return;
    const el = list.current?.querySelector<HTMLElement>(`[data-rule-id="${CSS.escape(focus)}"]`); // the first entry of that id
    el?.scrollIntoView({ block: 'start' });
  }, [focus, shown]);
  const missing = focus !== null && !rules.some((r) => r.id === focus);
  return (
    <div className="st-play-rules-panel" data-testid="rules-panel" data-focus={focus ?? ''}>
      <input className="st-input" type="search" placeholder="Search rules (id, title, text)" value={query} aria-label="Search rules"
        data-testid="rules-search" onChange={(e) => setQuery(e.target.value)} />
      {missing && <p className="st-error">Rule {focus} is not in this digest.</p>}
      <ol className="st-play-rule-list" ref={list}>
        {shown.map((r, i) => (
          // An id may carry several house values (one entry each): keys by position.
          <li key={`${r.id}#${i}`} data-rule-id={r.id} className={r.id === focus ? 'st-focus' : undefined} data-testid={r.id === focus && shown.findIndex((x) => x.id === focus) === i ? 'rule-focused' : undefined}>
            <p className="st-play-rule-head">{refOf(r) && <><code>{refOf(r)}</code> </>}<b>{r.title}</b></p>
            {r.house && (
              <p className="st-play-house" data-testid="house-value">
                House value: <b>{r.house.name ?? r.house.key} = {valueInForce(r.house)}</b>
                {r.house.options && r.house.options.length > 0 && <span> (options: {r.house.options.map(houseValue).join(', ')})</span>}
                <span className="st-play-house-source">{r.house.source}</span>
              </p>
            )}
            <p className="st-play-rule-text">{r.text}</p>
          </li>
        ))}
        {shown.length === 0 && <li className="st-hint">No rule matches “{query}”.</li>}
      </ol>
    </div>
  );
}
