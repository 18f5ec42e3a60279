// Players read names, never ids: seeded random games at the three scenarios played with Kuularuisku,
// every log line, every refusal (the random player's refused proposals, at each activation a probe of
// the special actions, commands, evacuations, shots and weapon pick-ups the rules may refuse, and at
// each decision its answers spoilt one field at a time), every button and hint of the moment, every
// decision's question and answers, the scenario's own texts players read (briefing, game options), the
// start dialog and the rules panel as drawn, checked for a unit, figure, terrain or special-rule id of the
// scenario (the panel may show rule ids like K-5.2a: players cite those).
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlay } from '../../src/app/play';
import { createBattlefield, createBattlefieldNow, type Battlefield } from '../../src/battlefield';
import type { PendingDecision, Player } from '../../src/core';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { GameSession, type Command } from '../../src/game';
import { RULESET_MODULES } from '../../src/rules';
import { logLines } from '../../src/rules/kuularuisku/engine';
import { describeActions } from '../../src/rules/kuularuisku/hud';
import type { KReading } from '../../src/rules/kuularuisku/state';
import { featureName, parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { GameOptions } from '../../src/ui/play/GameOptions';
import { RulesPanel } from '../../src/ui/play/RulesPanel';
import { flowTable } from '../flow/fixture';
import { escortReturnScenario } from '../flow/situations';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

const { ruleset } = playableModule(RULESET_MODULES.kuularuisku);
const player = RULESET_MODULES.kuularuisku.player;
/** The table of a game's composed state (the machine's sequence beside it). */
const tableOf = (s: unknown) => rulesTable(s as KSequenced);
const SEEDS = [1, 2, 3];

const escape = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The scenario's ids as a pattern, leaving out any id that is also a word of a name it gives (the
 * "mortuary" of "Stone mortuary"). A special rule's id is caught anywhere when it reads as an id
 * ("bridge-demolition"), a plain word ("night") only as a reference in brackets: "(night)". In
 * `prose` (the scenario's own texts) a plain-word id of a unit or feature ("hill") is caught only so too.
 */
function idPattern(scenario: Scenario, s: KReading, prose = false): RegExp {
  const names = [...scenario.features, ...(scenario.units ?? []), ...scenario.sides, ...(scenario.objectives ?? [])].map((x) => ('name' in x && typeof x.name === 'string' ? x.name : '')).join(' \n ');
  const ids = [...scenario.features.map((f) => f.id), ...Object.keys(s.units), ...Object.keys(s.figures)];
  // In the scenario's prose a plain word ("hill", "house") is a word, not the feature of that id.
  const raw = ids.filter((id) => !new RegExp(`\\b${escape(id)}\\b`).test(names) && (!prose || /[-_\d]/.test(id)));
  const rules = (scenario.specialRules ?? []).map((r) => r.id);
  const anywhere = [...raw, ...rules.filter((id) => /[-_\d]/.test(id))].sort((a, b) => b.length - a.length).map(escape);
  const plainWords = prose ? ids.filter((id) => !/[-_\d]/.test(id) && !new RegExp(`\\b${escape(id)}\\b`).test(names)) : [];
  const bracketed = [...rules.filter((id) => !/[-_\d]/.test(id)), ...plainWords].map(escape);
  return new RegExp(`(?<![\\w-])(${anywhere.join('|')})(?![\\w-])${bracketed.length ? `|\\((${bracketed.join('|')})\\)` : ''}`);
}

/** The texts of the scenario itself that players read: the briefing, the victory texts, the beats' narration, the special rules and their house notes, the names, the game options. */
function scenarioTexts(scenario: Scenario): string[] {
  const options = ruleset.optionChoices?.(scenario) ?? [];
  const house = (d: unknown) => Object.values(((d as { house?: Record<string, string> } | undefined)?.house) ?? {});
  return [
    ...(scenario.specialRules ?? []).flatMap((r) => [r.text, ...house(r.data)]),
    ...[...scenario.features, ...(scenario.units ?? [])].map((x) => ('name' in x && typeof x.name === 'string' ? x.name : '')),
    scenario.summary ?? '', ...scenario.sides.map((x) => x.briefing ?? ''), ...(scenario.victory ?? []).map((v) => ('text' in v && typeof v.text === 'string' ? v.text : '')),
    ...(scenario.beats ?? []).flatMap((b) => [b.title ?? '', b.narration ?? '']),
    ...options.flatMap((o) => [o.title, o.text, ...(o.options ?? []).flatMap((x) => [x.name, 'text' in x && typeof x.text === 'string' ? x.text : ''])]),
  ].filter(Boolean);
}

/** A decision's answer spoilt one field at a time (a unit, a place, a number the rules do not know): what the rules say back. */
function spoiltAnswers(decision: PendingDecision): Command[] {
  const first = decision.options[0]?.command;
  if (!first) return [];
  return Object.keys(first).filter((k) => k !== 'type' && k !== 'side').map((k) => ({ ...first, [k]: k === 'allocation' ? { nobody: 1 } : '?' }));
}

/** Commands the rules may refuse, aimed at the activating unit and every other unit and soldier. */
function probes(s: KReading): Command[] {
  const a = s.activation;
  if (!a) return [];
  const me = s.units[a.unitId];
  if (!me) return [];
  const out: Command[] = [];
  const others = Object.values(s.units).filter((u) => u.id !== me.id);
  const enemyFigure = others.find((u) => u.side !== me.side)?.figures[0];
  for (const d of s.special?.config.demolition ?? []) out.push({ type: 'DEMOLISH', special: d.id, unitId: me.id });
  for (const r of s.special?.config.offTable ?? []) for (const u of others) out.push({ type: 'OFF_TABLE_FIRE', special: r.id, targetId: u.id });
  for (const u of others) out.push({ type: 'COMMAND', leaderId: me.id, unitId: u.id });
  for (const f of me.figures) out.push({ type: 'EVACUATE', figureId: f, ...(enemyFigure ? { escortId: enemyFigure } : {}) });
  for (const u of others.filter((x) => x.side !== me.side)) out.push({ type: 'SHOOT', shooterId: me.id, targetId: u.id, ...(enemyFigure ? { shooters: [enemyFigure] } : {}) });
  for (const m of Object.keys(s.markers)) for (const f of me.figures) out.push({ type: 'PICK_UP', markerId: m, figureId: f });
  return out;
}

/** Every text a player could read in one seeded game: its log lines (dice too) and the refusals met on the way. */
function gameTexts(scenario: Scenario, bf: Battlefield, seed: number): { texts: string[]; pattern: RegExp; refusals: number; decisions: Set<string> } {
  const table = cachedTable(bf);
  const g = new GameSession({ ruleset, scenario, table, seed });
  const refusals: string[] = [];
  const shown: string[] = [];
  const decisions = new Set<string>();
  const base = player({ seed: seed * 7919 + 1, draw: 'groups' }) as Player<unknown, Command, unknown, Scenario>;
  const told: Player<unknown, Command, unknown, Scenario> = {
    ...base,
    choose: (state, view, decision) => {
      if (decision) {
        decisions.add(decision.kind);
        shown.push(decision.label, ...decision.options.map((o) => o.label));
        for (const p of spoiltAnswers(decision as PendingDecision)) {
          const r = g.check(p as never);
          if (!r.ok) refusals.push(r.reason);
        }
      }
      const choice = decision ? base.choose(state, view, decision) : base.choose(state, view);
      return { ...choice, next: () => choice.next(), refused: (c, r) => { refusals.push(r.reason); choice.refused(c, r); } };
    },
  };
  playGame(g as never, told as never, {
    table,
    onCommand: (c) => {
      // The buttons of the moment and their hints (the special actions' among them).
      for (const a of describeActions(tableOf(g.state), { scenario, table, legal: g.legalCommands() })) shown.push(a.label, a.hint ?? '');
      if (c.type !== 'ACTIVATE' && c.type !== 'COMMAND') return;
      for (const p of probes(tableOf(g.state))) {
        const r = g.check(g.withSideToAct(p as never) as never);
        if (!r.ok) refusals.push(r.reason);
      }
    },
  });
  const s = tableOf(g.state);
  const lines = logLines(s, g.log as never);
  const texts = [...lines.flatMap((l) => [l.text, ...(l.dice ? [l.dice.purpose] : [])]), ...refusals, ...shown];
  return { texts, pattern: idPattern(scenario, s), refusals: refusals.length, decisions };
}

/** The decisions the games above met (kinds), over all scenarios. */
const decisionsMet = new Set<string>();

const FILES = ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json', 'scenarios/sandbox/training-ground.json'];

describe.each(FILES)('no id in what players read: %s', (file) => {
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await createBattlefield(scenario);
  });
  afterAll(() => bf?.free());

  it.each(SEEDS)('seed %i: no log line, refusal, button, hint nor decision names a unit, soldier, piece of terrain or special rule by its id', (seed) => {
    const { texts, pattern, refusals, decisions } = gameTexts(scenario, bf, seed);
    for (const d of decisions) decisionsMet.add(d);
    expect(refusals).toBeGreaterThan(50);
    const raw = texts.filter((t) => pattern.test(t));
    expect([...new Set(raw)].slice(0, 10)).toEqual([]);
  });

  it('the briefing, the victory texts, the beats, the special rules, the names and the game options name no id', () => {
    const g = new GameSession({ ruleset, scenario, table: cachedTable(bf), seed: 1 });
    const pattern = idPattern(scenario, tableOf(g.state), true);
    expect(scenarioTexts(scenario).filter((t) => pattern.test(t))).toEqual([]);
  });
});

/** What a drawn panel says, tags stripped (entities decoded, elements apart). */
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

/**
 * The option values as saves keep them ("no-cover", "2-3-serious", "ceil") that read differently from
 * their words: none may be what a player sees as a value. Only names that are not the very words
 * their label gives ("Allowed" for "allowed" reads the same).
 */
function rawValueNames(choices: ReadonlyArray<{ options?: ReadonlyArray<{ name: string; label?: string }> }>): Set<string> {
  return new Set(choices.flatMap((c) => (c.options ?? []).filter((o) => o.name.toLowerCase() !== (o.label ?? '').toLowerCase()).map((o) => o.name)));
}

/** The texts of the drop-down entries (<option>) in a drawn dialog. */
const optionTexts = (html: string) => [...html.matchAll(/<option[^>]*>(.*?)<\/option>/g)].map((m) => plain(m[1]!).trim());

/** The values each house line of the rules panel shows (in the panel's order): the value in force and the options listed. */
function houseLineValues(html: string): string[][] {
  return [...html.matchAll(/data-testid="house-value">(.*?)<span class="st-play-house-source">/g)].map((m) => {
    const line = plain(m[1]!);
    const value = / = (.*?)( \(options: |\s*$)/.exec(line)?.[1]?.trim() ?? '';
    const options = /\(options: (.*)\)/.exec(line)?.[1]?.split(', ') ?? [];
    return [value, ...options].filter(Boolean);
  });
}

describe.each(FILES)('the start dialog and the rules panel in player words: %s', (file) => {
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await createBattlefield(scenario);
  });
  afterAll(() => bf?.free());

  it('K-3.0a the start dialog titles each option by its name: no [design] or "house" in a title, no title again in its text, the designer\'s and house choices marked', () => {
    const choices = ruleset.optionChoices?.(scenario) ?? [];
    expect(choices.filter((c) => /\[|\]|\bhouse\b|[a-z][A-Z]/.test(c.title)).map((c) => c.title)).toEqual([]);
    expect(choices.filter((c) => c.text.startsWith(c.title)).map((c) => c.title)).toEqual([]);
    const html = renderToStaticMarkup(createElement(GameOptions, { choices, value: {}, onChange: () => undefined }));
    const g = new GameSession({ ruleset, scenario, table: cachedTable(bf), seed: 1 });
    const pattern = idPattern(scenario, tableOf(g.state), true);
    expect(plain(html).match(pattern)?.[0] ?? null).toBeNull();
    // One mark per option the designer chose ([design] in its rule's first sentence), one "house" per house choice.
    const design = (scenario.specialRules ?? []).filter((r) => choices.some((c) => c.kind === 'rule' && c.id === r.id) && /^[^:.]*\[design\]/.test(r.text));
    expect(html.match(/data-mark="design" title=/g)?.length ?? 0).toBe(design.length);
    expect(html.match(/class="st-play-option-house" title=/g)?.length ?? 0).toBe(choices.filter((c) => c.house).length);
  });

  it('K-AMB-7 every value in the start dialog\'s drop-downs reads as words, never as the name a save keeps ("2-3-serious", "no-cover", "ceil")', () => {
    const choices = ruleset.optionChoices?.(scenario) ?? [];
    const html = renderToStaticMarkup(createElement(GameOptions, { choices, value: {}, onChange: () => undefined }));
    const shown = optionTexts(html).map((t) => t.replace(/ \(default\)$/, ''));
    expect(shown.length).toBe(choices.reduce((n, c) => n + (c.options?.length ?? 0), 0));
    const raw = rawValueNames(choices);
    expect(shown.filter((t) => raw.has(t) || /^[a-z0-9]+(-[a-z0-9]+)+$/.test(t))).toEqual([]);
    // The words are the data's labels, one per value.
    expect(shown).toEqual(choices.flatMap((c) => (c.options ?? []).map((o) => o.label)));
  });

  it('K-AMB-2 the rules panel shows rule ids players cite (K-…), never a game option\'s id nor a house setting\'s key, with the options switched', () => {
    const choices = ruleset.optionChoices?.(scenario) ?? [];
    // Every option switched from its default (a unit left out is skipped by the beats naming it), every reading switched.
    const rules = Object.fromEntries(choices.filter((c) => c.kind === 'rule').map((c) => [c.id, !c.default]));
    const readings = Object.fromEntries(choices.filter((c) => c.kind === 'reading').map((c) => [c.id, c.options!.map((o) => o.name).find((n) => n !== c.default)!]));
    const p = createPlay(scenario, bf, { seed: 1, storage: null, options: { rules, readings, house: { splitRounding: 'ceil' } }, buildTable: createBattlefieldNow });
    const html = renderToStaticMarkup(createElement(RulesPanel, { rules: p.rules, focus: null }));
    const shownIds = [...html.matchAll(/<code>(.*?)<\/code>/g)].map((m) => m[1]!);
    expect(shownIds.length).toBeGreaterThan(50);
    expect([...new Set(shownIds.filter((id) => !/^K-[A-Za-z0-9.-]+$/.test(id)))]).toEqual([]);
    const text = plain(html);
    // A key that is one plain word ("artillery") reads as that word.
    const keys = p.rules.flatMap((r) => (r.house && /[A-Z.]/.test(r.house.key) ? [r.house.key] : []));
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((k) => text.includes(k))).toEqual([]);
    expect(text).toContain('House value: Split rounding = Rounded up: half or one more');
    // A setting without options reads by the data's label for its value, not a fallback ("yes", "K-WPN-3").
    expect(text).toContain('House value: Hero is leader = A hero is a leader');
    expect(text).toContain('House value: Default weapons = Riflemen a Mosin-Nagant, leaders a Nagant revolver, MG gunners a Maxim, loaders and medics none');
    // Every house line's value and options read as words: no value name a save keeps, no JSON.
    const lines = houseLineValues(html);
    const housed = p.rules.filter((r) => r.house);
    expect(lines.length).toBe(housed.length);
    expect(lines.flat().length).toBeGreaterThan(100);
    const rawOf = (r: (typeof housed)[number]) => rawValueNames([{ options: (r.house!.options ?? []) as Array<{ name: string; label?: string }> }]);
    const rawShown = lines.flatMap((values, i) => values.filter((v) => rawOf(housed[i]!).has(v) || /^[a-z0-9]+(-[a-z0-9]+)+$|^[{["]|^(true|false)$/.test(v)));
    expect([...new Set(rawShown)]).toEqual([]);
    const raw = rawValueNames(choices);
    const g = new GameSession({ ruleset, scenario, table: cachedTable(bf), seed: 1 });
    expect(text.match(idPattern(scenario, tableOf(g.state), true))?.[0] ?? null).toBeNull();
    expect(p.log.get()[0]?.text.match(idPattern(scenario, tableOf(g.state), true))?.[0] ?? null).toBeNull();
    // The log's options line names each value in words too.
    const logged = (p.log.get()[0]?.text ?? '').replace(/^Game options: /, '').split('; ').filter((x) => x.includes('(house): '));
    expect(logged.length).toBe(Object.keys(readings).length + 1);
    expect(logged.map((x) => x.slice(x.indexOf('(house): ') + 9).replace(/ \(the default\)$/, '')).filter((v) => raw.has(v))).toEqual([]);
    p.dispose();
  });
});

describe.each(FILES)('buildings told apart: %s', (file) => {
  it('every building reads by a name of its own (featureName), so a refusal or tooltip naming one says which', () => {
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const names = scenario.features.filter((f) => f.kind === 'building').map((f) => featureName(scenario, f.id));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});

describe('what the games read', () => {
  it('met the owners\' decisions, the end-of-turn evacuation moves among them (K-5.6e)', () => {
    for (const kind of ['wound-allocation', 'evacuation-move']) expect(decisionsMet).toContain(kind);
  });
});

describe('K-5.6d an escort back from the rear: what his owner reads', () => {
  // The units renamed so that no name holds an id: the question, the answers and a spoilt answer's refusal are checked for the ids.
  const scenario = escortReturnScenario();
  scenario.units!.forEach((u, i) => { u.name = ['White squad', 'Red squad by the road', 'Red squad by the fence'][i]!; });
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await flowTable(scenario);
  });
  afterAll(() => bf?.free());

  it('names the units he may head back to, never their ids, in the decision and in the refusal of an answer naming none of them', () => {
    const g = new GameSession({ ruleset, scenario, table: cachedTable(bf), seed: 1 });
    expect(g.dispatch(g.withSideToAct({ type: 'END_TURN' } as never) as never)).toMatchObject({ ok: true });
    const d = g.pendingDecision() as PendingDecision | undefined;
    expect(d?.kind).toBe('escort-return');
    const refusals = spoiltAnswers(d!).map((c) => g.check(c as never)).flatMap((r) => (r.ok ? [] : [r.reason]));
    expect(refusals.length).toBeGreaterThan(0);
    const texts = [d!.label, ...d!.options.map((o) => o.label), ...refusals];
    expect(texts.join('\n')).toContain('Red squad by the fence');
    const pattern = idPattern(scenario, tableOf(g.state));
    expect(texts.filter((t) => pattern.test(t))).toEqual([]);
  });
});
