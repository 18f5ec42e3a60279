// The game options a new game may start with: the scenario's optional rules (on/off), the readings
// the players may switch, and the house values with named options — each with its text (its title
// not repeated), house values marked "house", the designer's choices marked "design", and a legend
// for both; a value reads by its label (optionInWords), never by the name saves keep. Controlled: `value` holds only what differs from the defaults; `readOnly` shows a game's
// options without letting them change (a game in progress keeps the options it began with).
import { optionInWords } from '../../core';
import type { GameOptionChoice, GameOptions as Chosen } from '../../game';
import { MARKS } from '../../scenario';
import { MarkedText } from '../MarkedText';
import './game-options.css';

export interface GameOptionsProps {
  choices: readonly GameOptionChoice[];
  value: Chosen;
  onChange: (next: Chosen) => void;
  readOnly?: boolean;
}

/** An option's text without its title in front ("Optional medic (…): the brief lists …" under the title "Optional medic (…)"). */
export function textAfterTitle(text: string, title: string): string {
  if (!text.startsWith(title)) return text;
  const rest = text.slice(title.length).replace(/^\s*[:—–-]\s*/, '');
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : text;
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

/** The designer's mark: the same look and meaning as a [design] in a scenario text, and the legend below names it. */
function DesignMark() {
  return <span className="st-mark st-mark-design" data-mark="design" title={MARKS.design.meaning}>design</span>;
}

function HouseMark() {
  return <span className="st-play-option-house" title="A house value: Sandtable's reading or number, not the book's">house</span>;
}

/** A setting shown under the option it belongs to: its own name as its label ("What \"cannot go to ground\" does"), not the option's title again. */
export function settingLabel(setting: GameOptionChoice, option: GameOptionChoice): string {
  return textAfterTitle(setting.title, option.title);
}

/** The scenario options in order, each reading (a setting of an optional rule, same id) right under its rule. */
export function withSettingsUnder(choices: readonly GameOptionChoice[]): Array<{ c: GameOptionChoice; under?: GameOptionChoice }> {
  const rules = new Map(choices.filter((c) => c.kind === 'rule').map((c) => [c.id, c]));
  const out: Array<{ c: GameOptionChoice; under?: GameOptionChoice }> = [];
  for (const c of choices) {
    if (c.kind === 'reading' && rules.has(c.id)) continue; // placed under its rule below
    out.push({ c });
    if (c.kind === 'rule') for (const r of choices) if (r.kind === 'reading' && r.id === c.id) out.push({ c: r, under: c });
  }
  return out;
}

function Choice({ c, under, value, onChange, readOnly = false }: { c: GameOptionChoice; under?: GameOptionChoice; value: Chosen; onChange: GameOptionsProps['onChange']; readOnly?: boolean }) {
  const v = optionValue(value, c);
  const changed = v !== c.default;
  const testid = readOnly ? undefined : `option-${c.kind}-${c.id}`;
  if (c.kind === 'rule') {
    return (
      <label className={`st-play-option${changed ? ' st-play-option-changed' : ''}`} data-option={c.id}>
        <span className="st-play-option-head">
          <input type="checkbox" checked={v === true} disabled={readOnly} data-testid={testid} onChange={(e) => onChange(withOption(value, c, e.target.checked))} />
          <MarkedText text={c.title} />
          {c.design && <DesignMark />}
          {c.house && <HouseMark />}
        </span>
        <span className="st-play-option-text"><MarkedText text={textAfterTitle(c.text, c.title)} /></span>
      </label>
    );
  }
  const current = c.options?.find((o) => o.name === v);
  const label = under ? settingLabel(c, under) : c.title;
  return (
    <label className={`st-play-option${under ? ' st-play-option-setting' : ''}${changed ? ' st-play-option-changed' : ''}`} data-option={c.id}>
      <span className="st-play-option-head">
        <span className="st-play-option-label"><MarkedText text={label} /></span>
        {c.design && <DesignMark />}
        {c.house && <HouseMark />}
        <select value={String(v)} disabled={readOnly} data-testid={testid} onChange={(e) => onChange(withOption(value, c, e.target.value))}>
          {(c.options ?? []).map((o) => <option key={o.name} value={o.name}>{optionInWords(o)}{o.name === c.default ? ' (default)' : ''}</option>)}
        </select>
      </span>
      <span className="st-play-option-text"><MarkedText text={textAfterTitle(current?.text || c.text, c.title)} /></span>
    </label>
  );
}

export function GameOptions({ choices, value, onChange, readOnly = false }: GameOptionsProps) {
  const scenario = choices.filter((c) => c.kind !== 'house');
  const house = choices.filter((c) => c.kind === 'house');
  const houseChanged = house.filter((c) => optionValue(value, c) !== c.default).length;
  return (
    <div className="st-play-options" data-testid="game-options">
      {scenario.length > 0 && (
        <>
          <h3>Scenario options</h3>
          {withSettingsUnder(scenario).map(({ c, under }) => <Choice key={`${c.kind}:${c.id}`} c={c} under={under} value={value} onChange={onChange} readOnly={readOnly} />)}
        </>
      )}
      {house.length > 0 && (
        <details data-testid={readOnly ? undefined : 'house-options'}>
          <summary>House rules: {house.length} readings with named options{houseChanged ? ` (${houseChanged} changed)` : ''}</summary>
          {house.map((c) => <Choice key={`${c.kind}:${c.id}`} c={c} value={value} onChange={onChange} readOnly={readOnly} />)}
        </details>
      )}
      <p className="st-play-options-legend" data-testid="options-legend">
        <span className="st-mark st-mark-design">design</span> a choice of the scenario's designer, not a historical record ·{' '}
        <span className="st-play-option-house">house</span> Sandtable's reading where the rulebook is silent or unclear (the Rules tab lists each)
      </p>
    </div>
  );
}
