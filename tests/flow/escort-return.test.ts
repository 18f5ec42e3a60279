// K-5.6d an escort who delivered his man "may head back toward his own unit, or toward the nearest
// visible friendly unit", joining it within 3 cm: as the turn ends his owner chooses which (or keeps
// him where he is); the default is his own unit, what the rules did before they asked. In a session.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { answerMissingDecisions } from '../../src/game';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { flowTable, must, newPlayedGame, type KPlayedSession as KSession, reading } from './fixture';
import { escortReturnScenario } from './situations';

let table: Battlefield;
const scenario = escortReturnScenario();

beforeAll(async () => {
  table = await flowTable(scenario);
});

function startTurnEnd(): { g: KSession } {
  const g = newPlayedGame(scenario, table);
  g.dispatch({ type: 'END_TURN', side: 'whites' });
  return { g };
}

const at = (g: KSession) => g.state.table.figures.r1_3!.at;

describe('K-5.6d the owner says where an escort heads back to', () => {
  it('K-5.6d the turn waits for Reds: his own squad (default), the nearest squad he can see, or staying', () => {
    const { g } = startTurnEnd();
    expect(g.events.some((e) => e.type === 'TURN_ENDED')).toBe(false);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'escort', side: 'reds', escort: 'r1_3', toward: 'r1', other: 'r2' } });
    expect(g.state.seq.step).toBe('closing');
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'escort-return', rule: 'K-5.6d' });
    expect(d.label).toMatch(/^End of turn: the rifleman of Squad r1 has brought his man to the rear\. Where does he head back to/);
    expect(d.options.map((o) => o.label)).toEqual([
      'Default: Head back to his own unit, Squad r1',
      'Head for Squad r2, the nearest friendly unit he can see',
      'Stay where he is this turn',
    ]);
    expect(g.legalCommands()).toEqual(d.options.map((o) => o.command));
    const hash = g.stateHash();
    expect(g.dispatch({ type: 'ESCORT_RETURN', side: 'whites', unitId: 'r2' })).toMatchObject({ ok: false, rule: 'K-5.6d' });
    expect(g.dispatch({ type: 'ESCORT_RETURN', side: 'reds', unitId: 'w1' })).toMatchObject({ ok: false, rule: 'K-5.6d', reason: expect.stringContaining('"unitId"') });
    expect(g.stateHash()).toBe(hash);
  });

  it('K-5.6d Reds send him to Squad r2: he comes within 3 cm and joins it (K-1.2); the log names who chose; the turn ends', () => {
    const { g } = startTurnEnd();
    g.dispatch({ type: 'ESCORT_RETURN', side: 'reds', unitId: 'r2' });
    const events = g.log.at(-1)!.events;
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Reds (owner of Squad r1) had the rifleman of Squad r1 head back to Squad r2');
    expect(events.find((e) => e.type === 'ESCORT_REJOINED')).toMatchObject({ rule: 'K-5.6d', figureId: 'r1_3', unitId: 'r2' });
    expect(g.state.table.figures.r1_3!.unitId).toBe('r2');
    expect(at(g)[1]).toBeGreaterThan(20);
    expect(events.some((e) => e.type === 'TURN_ENDED')).toBe(true);
    expect(g.state.seq.step).toBe('between');
  });

  it('K-5.6d the default: he heads back toward his own squad, still out of reach of it', () => {
    const { g } = startTurnEnd();
    g.dispatch(g.pendingDecision()!.options[0]!.command);
    const moved = g.log.at(-1)!.events.find((e) => e.type === 'FIGURES_MOVED')!;
    expect(moved).toMatchObject({ rule: 'K-5.6d', mode: 'return' });
    expect(moved.text).toBe('the rifleman of Squad r1 heads back to Squad r1');
    expect(at(g)[0]).toBeGreaterThan(70);
    expect(g.state.table.figures.r1_3!.evacuation).toMatchObject({ role: 'escort', returning: true });
  });

  it('K-5.6d he stays where he is this turn', () => {
    const { g } = startTurnEnd();
    g.dispatch({ type: 'ESCORT_RETURN', side: 'reds', unitId: null });
    expect(at(g)).toEqual([70, 20]);
    expect(g.log.at(-1)!.events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Reds (owner of Squad r1) kept the rifleman of Squad r1 where he is this turn');
    expect(g.events.some((e) => e.type === 'TURN_ENDED')).toBe(true);
  });

  it('K-5.6d a log from before the owner was asked replays with the default (his own squad) in its place', () => {
    const g = newPlayedGame(scenario, table);
    must(g as never, { type: 'END_TURN', side: 'whites' });
    expect(answerMissingDecisions(g, { type: 'BEGIN_TURN', side: 'whites' })).toBe(1);
    expect(g.log.at(-1)!.command).toEqual({ type: 'ESCORT_RETURN', side: 'reds', unitId: 'r1' });
    expect(g.events.some((e) => e.type === 'TURN_ENDED')).toBe(true);
  });
});
