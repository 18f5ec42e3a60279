// The game options a new game may start with: the scenario's optional rules (on/off), the readings
// the players may switch, and the house values with named options — each with its text, house values
// marked "house". Controlled: `value` holds only what differs from the defaults.
import type { GameOptionChoice, GameOptions as Chosen } from '../../game';
import './game-options.css';

export interface GameOptionsProps {
  choices: readonly GameOptionChoice[];
  value: Chosen;
  onChange: (next: Chosen) => void;
}

type MapKey = 'rules' | 'readings' | 'house';
const mapOf = (c: GameOptionChoice): MapKey => (c.kind === 'rule' ? 'rules' : c.kind === 'reading' ? 'readings' : 'house');

/** The value in force for a choice (the chosen one, else its default). */
export function optionValue(value: Chosen, c: GameOptionChoice): boolean | string {
  const m = value[mapOf(c)] as Record<string, boolean | string> | undefined;
  return m?.[c.id] ?? c.default;
}

/** Set one choice; a choice back at its default is dropped (the save keeps only real choices). */
export function withOption(value: Chosen, c: GameOptionChoice, v: boolean | string): Chosen {
  const key = mapOf(c);
  const m = { ...((value[key] as Record<string, boolean | string> | undefined) ?? {}) };
  if (v === c.default) delete m[c.id];
  else m[c.id] = v;
  const next = { ...value, [key]: m } as Record<string, unknown>;
  if (!Object.keys(m).length) delete next[key];
  return next as Chosen;
}

function HouseMark() {
  return <span className="st-play-option-house" title="A house value: Sandtable's reading or number, not the book's">house</span>;
}

function Choice({ c, value, onChange }: { c: GameOptionChoice; value: Chosen; onChange: GameOptionsProps['onChange'] }) {
  const v = optionValue(value, c);
  const changed = v !== c.default;
  const testid = `option-${c.kind}-${c.id}`;
  if (c.kind === 'rule') {
    return (
      <label className={`st-play-option${changed ? ' st-play-option-changed' : ''}`} data-option={c.id}>
        <span className="st-play-option-head">
          <input type="checkbox" checked={v === true} data-testid={testid} onChange={(e) => onChange(withOption(value, c, e.target.checked))} />
          {c.title}
          {c.house && <HouseMark />}
        </span>
        <span className="st-play-option-text">{c.text}</span>
      </label>
    );
  }
  const current = c.options?.find((o) => o.name === v);
  return (
    <label className={`st-play-option${changed ? ' st-play-option-changed' : ''}`} data-option={c.id}>
      <span className="st-play-option-head">
        {c.title}
        {c.house && <HouseMark />}
        <select value={String(v)} data-testid={testid} onChange={(e) => onChange(withOption(value, c, e.target.value))}>
          {(c.options ?? []).map((o) => <option key={o.name} value={o.name}>{o.name}{o.name === c.default ? ' (default)' : ''}</option>)}
        </select>
      </span>
      <span className="st-play-option-text">{current?.text || c.text}</span>
    </label>
  );
}

export function GameOptions({ choices, value, onChange }: GameOptionsProps) {
  const scenario = choices.filter((c) => c.kind !== 'house');
  const house = choices.filter((c) => c.kind === 'house');
  const houseChanged = house.filter((c) => optionValue(value, c) !== c.default).length;
  return (
    <div className="st-play-options" data-testid="game-options">
      {scenario.length > 0 && (
        <>
          <h3>Scenario options</h3>
          {scenario.map((c) => <Choice key={`${c.kind}:${c.id}`} c={c} value={value} onChange={onChange} />)}
        </>
      )}
      {house.length > 0 && (
        <details data-testid="house-options">
          <summary>House rules: {house.length} readings with named options{houseChanged ? ` (${houseChanged} changed)` : ''}</summary>
          {house.map((c) => <Choice key={`${c.kind}:${c.id}`} c={c} value={value} onChange={onChange} />)}
        </details>
      )}
    </div>
  );
}
