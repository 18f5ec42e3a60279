// The COBI skirmish passes the scenario format, the registry's ruleset check and COBI's own checks;
// those checks refuse what C-3.2a and C-3.3b forbid, naming the path.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenarioWithRuleset } from '../../../src/cli/cli-io';
import { cobiModule } from '../../../src/rules/cobi';
import { SKIRMISH, loadSkirmish } from './fixture';

describe('the COBI skirmish scenario', () => {
  it('C-3.2a, C-3.3b passes the format, the registry and COBI\'s checks: squads of at most 5 in coherency, within 40 cm of their edge', () => {
    const r = parseScenarioWithRuleset(readFileSync(SKIRMISH, 'utf8'), SKIRMISH);
    expect(r.ok && r.scenario.ruleset).toBe('cobi');
    const s = loadSkirmish();
    expect(cobiModule.validateScenarioData(s)).toEqual([]);
    expect(s.units!.map((u) => u.figures.length)).toEqual([5, 5, 3, 5, 5, 3]);
    expect(s.turnLimit).toBe(6);
  });

  it('C-3.3b a squad of six, or one strung out, is refused; C-3.2a so is a figure deployed beyond 40 cm of its edge', () => {
    const s = loadSkirmish();
    const [first, ...rest] = s.units!;
    const six = { ...first!, figures: [...first!.figures, { id: 'extra', at: [37.5, 14] as [number, number] }] };
    expect(cobiModule.validateScenarioData({ ...s, units: [six, ...rest] })).toEqual([{ path: '$.units[0].figures', message: 'a squad has at most 5 figures (C-3.3b), this one 6' }]);
    const strung = { ...first!, figures: first!.figures.map((f, i) => (i === 4 ? { ...f, at: [45, 14] as [number, number] } : f)) };
    expect(cobiModule.validateScenarioData({ ...s, units: [strung, ...rest] })).toEqual([{ path: '$.units[0].figures', message: 'every figure must stand within 5 cm of another of its squad (C-3.3b)' }]);
    const forward = { ...first!, figures: first!.figures.map((f) => ({ ...f, at: [f.at[0], 45] as [number, number] })) };
    expect(cobiModule.validateScenarioData({ ...s, units: [forward, ...rest] })).toContainEqual({ path: '$.units[0].figures[0].at', message: 'deployed 45.0 cm from the south edge, beyond 40 cm (C-3.2a)' });
  });

  it('C-3.2g a round limit is required; C-3.0d players per side are whole numbers of a named side', () => {
    const { turnLimit: _, ...s } = loadSkirmish();
    expect(cobiModule.validateScenarioData(s as never)).toEqual([{ path: '$.turnLimit', message: 'expected a round limit (C-3.2g: the scenario decides how the game ends)' }]);
    expect(cobiModule.validateScenarioData({ ...loadSkirmish(), rules: { players: { germans: 2, soviets: 1, americans: 0 } } })).toEqual([
      { path: '$.rules.players.soviets', message: 'no side "soviets"' },
      { path: '$.rules.players.americans', message: 'expected a whole number of players, at least 1' },
    ]);
  });

  it('C-4.2 a figure\'s profile names its weapon (else its squad\'s, else a rifle); binoculars are figure data; C-AMB-11 house values come from rules.house', () => {
    const s = loadSkirmish();
    const [first, ...rest] = s.units!;
    const odd = { ...first!, figures: first!.figures.map((f, i) => (i === 1 ? { ...f, profile: 'banana', data: { binoculars: 'yes' } } : f)) };
    const issues = cobiModule.validateScenarioData({ ...s, units: [odd, ...rest] });
    expect(issues.map((i) => i.path)).toEqual(['$.units[0].figures[1].profile', '$.units[0].figures[1].data']);
    expect(issues[0]!.message).toMatch(/^expected a weapon id \(pistol, smg, rifle, .*\), got "banana"$/);
    expect(cobiModule.validateScenarioData({ ...s, rules: { house: { squadAttacks: 'one-per-squad' } } })).toEqual([]);
    expect(cobiModule.validateScenarioData({ ...s, rules: { house: { squadAttacks: 'all' } } })[0]).toMatchObject({ path: '$.rules.house.squadAttacks' });
  });
});
