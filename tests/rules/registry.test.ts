// The rulesets registry (src/rules/index.ts): one module per ruleset, and every list of rulesets
// derived from that map — a toy module added to a copy of it appears in the playable modules, the HUD
// lookup, the picker's names, the schema's enum and the loaders' check. The registry exports nothing
// of a ruleset but its module.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildJsonSchema } from '../../scripts/json-schema';
import { playHudFor, playModuleFor } from '../../src/app/play';
import { parseScenarioWithRuleset } from '../../src/cli/cli-io';
import { playableModule } from '../../src/flow';
import type { AnyRulesetModule, ModuleSource } from '../../src/game';
import * as registry from '../../src/rules';
import {
  PLAY_DEFAULT_RULESET, RULESET_MODULES, SANDBOX_ID, playRulesetId, rulesetIdIssue, rulesetIds, rulesetModuleFor, rulesetNames,
} from '../../src/rules';
import * as kuularuiskuFolder from '../../src/rules/kuularuisku';
import { kuularuiskuSequence } from '../../src/rules/kuularuisku/sequence';
import { K_SIGHT_POINTS } from '../../src/rules/kuularuisku/sight-points';
import { displayUnit } from '../../src/view/tools/tool-model';
import { layerOf } from '../architecture/layer-rules';
import { trainingGroundScenario } from '../battlefield/fixture';
import { toyarmourModule } from '../toys/rules/toyarmour';

const ROOT = path.resolve(__dirname, '../..');
const withToy: Readonly<Record<string, ModuleSource>> = { ...RULESET_MODULES, toy: toyarmourModule };

describe('the rulesets registry', () => {
  it('exports the map and functions over it, nothing of a ruleset', () => {
    expect(Object.keys(registry).sort()).toEqual([
      'PLAY_DEFAULT_RULESET', 'RULESET_MODULES', 'SANDBOX_ID', 'playRulesetId', 'rulesetIdIssue', 'rulesetIds', 'rulesetModuleFor', 'rulesetNames',
    ]);
    // No re-export of a ruleset's folder: each ruleset is one import, read through the map.
    const source = readFileSync(path.join(ROOT, 'src/rules/index.ts'), 'utf8');
    expect(source).not.toMatch(/export\s*\*/);
    expect(source).not.toMatch(/export\s*(type\s*)?\{[^}]*\}\s*from/);
  });

  it('each ruleset folder exports one module, and the registry lists it under its ruleset id', () => {
    expect(Object.keys(kuularuiskuFolder)).toEqual(['kuularuiskuModule']);
    expect(RULESET_MODULES.kuularuisku).toBe(kuularuiskuFolder.kuularuiskuModule);
    for (const [id, m] of Object.entries(RULESET_MODULES)) expect(playableModule(m).ruleset.id).toBe(id);
  });

  it('Kuularuisku\'s module: its name, cm, d6 (K-INTRO-d), the K-5.2a sight points, and a phase a player reads', () => {
    // Its sequence is the flow's cards machine with Kuularuisku's program: played composed (playableModule).
    expect(RULESET_MODULES.kuularuisku.sequence).toBe(kuularuiskuSequence);
    const m: AnyRulesetModule = playableModule(RULESET_MODULES.kuularuisku);
    expect(m.name).toBe('Kuularuisku 1918');
    expect(m.measure).toBe('cm');
    expect(m.dice.sides).toEqual([6]);
    expect(m.sightPoints.map((p) => p.name)).toEqual(['head', 'chest', 'base']);
    expect(m.sightPoints).toBe(K_SIGHT_POINTS);
    expect(m.ruleset.activationModel).toBe('cards');
    const scenario = JSON.parse(readFileSync(path.join(ROOT, 'scenarios/kuularuisku/tammerkoski.json'), 'utf8'));
    expect(m.validateScenarioData(scenario)).toEqual([]);
    const state = m.ruleset.setup(scenario, { table: undefined as never });
    expect(m.phase(state)).toEqual({ side: undefined, awaiting: 'between-turns', label: 'The game is about to begin' });
  });

  it('a sandbox table is played with the named default, a scenario with its own ruleset', () => {
    expect(playRulesetId({ ruleset: SANDBOX_ID })).toBe(PLAY_DEFAULT_RULESET);
    expect(rulesetModuleFor(PLAY_DEFAULT_RULESET)).toBeDefined();
    expect(playRulesetId({ ruleset: 'kuularuisku' })).toBe('kuularuisku');
    expect(rulesetModuleFor('toString')).toBeUndefined();
  });
});

describe('every list of rulesets derives from the map (a toy module added to a copy)', () => {
  it('the playable modules and the HUD lookup', () => {
    expect(playModuleFor('toy')).toBeUndefined();
    // A sequenced module played composed: its rules and the alternating machine, its HUD given the legal commands.
    expect(playModuleFor('toy', withToy)).toBe(playableModule(toyarmourModule));
    expect(playModuleFor('toy', withToy)?.ruleset.activationModel).toBe('alternating');
    expect(playHudFor('toy', withToy)).toBe(playableModule(toyarmourModule).hud);
    expect(playHudFor('kuularuisku')).toBe(playableModule(RULESET_MODULES.kuularuisku).hud);
  });

  it('the picker\'s names and the ids', () => {
    expect(rulesetIds(withToy)).toEqual([...rulesetIds(), 'toy']);
    expect(rulesetNames(withToy)).toEqual({ sandbox: 'Sandbox', kuularuisku: 'Kuularuisku 1918', cobi: 'COBI WWII', toy: 'Toy armour (alternating)' });
    expect(rulesetNames()).not.toHaveProperty('toy');
  });

  it('the JSON schema\'s ruleset enum', () => {
    const ruleset = (s: Record<string, unknown>) => (s.properties as Record<string, { enum: string[] }>).ruleset!.enum;
    expect(ruleset(buildJsonSchema())).toEqual(['sandbox', 'kuularuisku', 'cobi']);
    expect(ruleset(buildJsonSchema(withToy))).toEqual(['sandbox', 'kuularuisku', 'cobi', 'toy']);
  });

  it('the loaders\' check: an unregistered ruleset is refused naming the file, $.ruleset and the registered ids', () => {
    expect(rulesetIdIssue('toy', withToy)).toBeUndefined();
    expect(rulesetIdIssue('sandbox')).toBeUndefined();
    expect(rulesetIdIssue('toy')).toEqual({ path: '$.ruleset', message: 'expected one of "sandbox", "kuularuisku", "cobi" (the registered rulesets), got "toy"' });
    const text = JSON.stringify({ ...trainingGroundScenario(), ruleset: 'shturm' });
    const r = parseScenarioWithRuleset(text, 'scenarios/shturm/somewhere.json');
    expect(r).toEqual({ ok: false, issues: [{ file: 'scenarios/shturm/somewhere.json', path: '$.ruleset', message: 'expected one of "sandbox", "kuularuisku", "cobi" (the registered rulesets), got "shturm"' }] });
  });

  it('the architecture test\'s ruleset folders', () => {
    for (const id of rulesetIds()) expect(layerOf(`src/rules/${id}`)).toEqual({ layer: 'rules', sub: id });
    expect(layerOf('src/rules/index')).toEqual({ layer: 'rules' });
  });

  it('the length unit shown: the scenario\'s own, else the module\'s measure, else cm', () => {
    const { displayUnit: own, ...scenario } = trainingGroundScenario();
    expect(own).toBe('cm');
    expect(displayUnit(scenario, 'in')).toBe('in');
    expect(displayUnit(scenario)).toBe('cm');
    expect(displayUnit({ ...scenario, displayUnit: 'cm' }, 'in')).toBe('cm');
  });
});
