// Beats against the units a game has: a unit the game's options leave out is skipped by every beat that
// names it (highlight, camera follow), the beat keeping its narration and its own camera, and the
// options that leave units out are no longer refused for it (K-3.0a optional units, every shipped scenario).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';
import { scenarioWithOptions, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { kuularuiskuRuleset } from '../../src/rules/kuularuisku/ruleset';
import { beatOnUnits, parseScenarioOrThrow, validateScenario, withBeatsOnUnits, type Scenario } from '../../src/scenario';

type Beat = NonNullable<Scenario['beats']>[number];
const ruleset = kuularuiskuRuleset as unknown as Ruleset<unknown, Command, GameEvent, unknown>;
const FILES = ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];
const load = (f: string) => parseScenarioOrThrow(readFileSync(f, 'utf8'), f);

const FOLLOWS: Beat = { title: 'White on brown', narration: 'The squad advances.', camera: { position: [150, 5, 44], target: [163, 1, 56], follow: 'swedes' }, highlight: ['swedes', 'reds'] };

describe('a beat on the units present', () => {
  it('drops an absent unit from its highlight and its follow, keeping its narration and its written camera', () => {
    const b = beatOnUnits(FOLLOWS, new Set(['reds']));
    expect(b).toEqual({ title: 'White on brown', narration: 'The squad advances.', camera: { position: [150, 5, 44], target: [163, 1, 56] }, highlight: ['reds'] });
  });

  it('a beat left with no unit keeps its camera and narration; a beat naming only present units is itself', () => {
    expect(beatOnUnits(FOLLOWS, new Set())).toEqual({ ...FOLLOWS, highlight: [], camera: { position: [150, 5, 44], target: [163, 1, 56] } });
    expect(beatOnUnits(FOLLOWS, new Set(['swedes', 'reds']))).toBe(FOLLOWS);
  });

  it('a scenario whose beats name only its units is returned as it is', () => {
    const s = load(FILES[0]!);
    expect(withBeatsOnUnits(s)).toBe(s);
  });
});

describe.each(FILES)('K-3.0a every optional rule switched away from its default: %s', (file) => {
  const s = load(file);
  const choices = ruleset.optionChoices?.(s) ?? [];
  const flipped = Object.fromEntries(choices.filter((c) => c.kind === 'rule').map((c) => [c.id, !c.default]));

  it('is played (not refused), and no beat names a unit the game does not have', () => {
    expect(Object.keys(flipped).length).toBeGreaterThan(0);
    const played = scenarioWithOptions(ruleset, s, { rules: flipped });
    const units = new Set((played.units ?? []).map((u) => u.id));
    const named = (played.beats ?? []).flatMap((b) => [...(b.highlight ?? []), ...(b.camera.follow ? [b.camera.follow] : [])]);
    expect(named.filter((id) => !units.has(id))).toEqual([]);
    // The played scenario is a valid file (the check that refused it before).
    const checked = validateScenario(played, file);
    expect(checked.ok ? [] : checked.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([]);
    // Every beat still shows, with its own narration, in its order.
    expect((played.beats ?? []).map((b) => [b.title, b.narration])).toEqual((s.beats ?? []).map((b) => [b.title, b.narration]));
  });

  it('each unit-removing option alone, with the terrain switched too, is played and skips only that unit', () => {
    const removing = (s.specialRules ?? []).flatMap((r) => {
      const d = r.data as { kind?: string; existing?: string } | undefined;
      return d?.kind === 'optional-unit' && d.existing ? [{ id: r.id, unit: d.existing }] : [];
    });
    const terrain = Object.fromEntries(choices.filter((c) => c.kind === 'rule' && (s.specialRules ?? []).some((r) => r.id === c.id && (r.data as { kind?: string }).kind === 'optional-terrain')).map((c) => [c.id, !c.default]));
    for (const { id, unit } of removing) {
      const played = scenarioWithOptions(ruleset, s, { rules: { [id]: false, ...terrain } });
      expect((played.units ?? []).some((u) => u.id === unit)).toBe(false);
      for (const [i, b] of (played.beats ?? []).entries()) {
        const was = s.beats![i]!;
        expect(b.highlight ?? []).toEqual((was.highlight ?? []).filter((h) => h !== unit));
        if (was.camera.follow === unit) expect(b.camera).toEqual({ position: was.camera.position, target: was.camera.target });
        else expect(b.camera).toEqual(was.camera);
      }
    }
  });
});

describe('Kalevankangas without its Swedish squad', () => {
  it('K-ORG-3 the beats that named the squad keep their other units; "White on brown" keeps its camera as written', () => {
    const s = load(FILES[0]!);
    const played = scenarioWithOptions(ruleset, s, { rules: { 'opt-swedish-squad': false, 'opt-rail-embankment': false } });
    const beat = (id: string) => played.beats!.find((b) => b.id === id)!;
    expect(beat('beat_first_light').highlight).toEqual(['w_sq1', 'w_sq2', 'w_sq3', 'w_sq4', 'w_sq5']);
    expect(beat('beat_white_on_brown').highlight).toEqual([]);
    expect(beat('beat_white_on_brown').camera).toEqual({ position: [152, 4.5, 44], target: [165, 1, 56] });
  });
});

describe('cli play without the Swedish squad and the railway embankment', () => {
  it('K-ORG-3 plays the game (refused before: the beats named the squad) and the squad is not in it', async () => {
    let out = '';
    let err = '';
    const options = { rules: { 'opt-swedish-squad': false, 'opt-rail-embankment': false } };
    const code = await runCli(['play', FILES[0]!, '--seed', '2', '--options', JSON.stringify(options), '--random-legal', '--max-commands', '30', '--json'], { out: (t) => { out += t; }, err: (t) => { err += t; } });
    expect(code, err).toBe(0);
    const units = Object.keys(JSON.parse(out).state.table.units);
    expect(units).toContain('w_sq1');
    expect(units).not.toContain('w_swedes');
  }, 120_000);
});
