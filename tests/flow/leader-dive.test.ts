// K-5.1b a lone leader chosen as a target may at once join a unit within 3 cm of him: the whole unit
// becomes the target. His owner decides before any die is rolled; staying on his own is the default
// (what the rules did before they asked), taken by the random player and by old logs.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { answerMissingDecisions } from '../../src/game';
import { kuularuiskuPhase } from '../../src/rules/kuularuisku/phase-info';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { flowScenario, flowTable, must, newGame, type KSession, reading } from './fixture';
import { ShotDice } from './shot-dice';

let table: Battlefield;
// Whites w1 ≈ 25 cm from the Reds' leader rl, who stands 2.5 cm beyond Squad r1's last soldier; Squad r2 is far off.
const scenario = flowScenario([
  { id: 'w1', side: 'whites', at: [20, 33] },
  { id: 'r1', side: 'reds', at: [45, 30] },
  { id: 'rl', side: 'reds', at: [45, 35.5], leader: true },
  { id: 'r2', side: 'reds', at: [100, 70] },
]);

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** Whites' w1 shoots at the lone leader rl (every shooting die hits; cover dice as given). */
function aimAtLeader(cover: number[] = []): { g: KSession; events: ReturnType<typeof must> } {
  const g = newGame(scenario, table, new ShotDice(cover, [], 4));
  must(g, { type: 'BEGIN_TURN', side: 'whites' });
  must(g, { type: 'DRAW_CARD', side: 'whites' });
  must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' });
  const events = must(g, { type: 'SHOOT', side: 'whites', unitId: 'w1', targetId: 'rl' });
  return { g, events };
}

describe('K-5.1b the owner of a targeted lone leader decides whether he dives into a unit', () => {
  it('K-5.1b the shot waits for Reds before any die: stay on his own (the default) or dive into Squad r1 (r2 is too far)', () => {
    const { g, events } = aimAtLeader();
    expect(events.map((e) => e.type)).toEqual(['CHOICE_PENDING']);
    const p = phaseOf(reading(g));
    expect(p.kind === 'choice' && p.choice).toMatchObject({ kind: 'dive', side: 'reds', unitId: 'rl', shooterId: 'w1', into: ['r1'] });
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'leader-dive', rule: 'K-5.1b' });
    expect(d.options.map((o) => o.label)).toEqual(['Default: Leader rl stays on his own', 'Leader rl dives into Squad r1']);
    expect(g.legalCommands()).toEqual(d.options.map((o) => o.command));
    expect(kuularuiskuPhase(reading(g))).toMatchObject({ side: 'reds', awaiting: 'choice', decision: d });
  });

  it('K-5.1b only the owner answers, and only with a unit he may dive into; nothing changes on a refusal', () => {
    const { g } = aimAtLeader();
    const hash = g.stateHash();
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'whites' })).toMatchObject({ ok: false, rule: 'K-5.1b' });
    expect(g.dispatch({ type: 'LEADER_DIVE', side: 'whites', intoUnitId: 'r1' })).toMatchObject({ ok: false, rule: 'K-5.1b' });
    expect(g.dispatch({ type: 'LEADER_DIVE', side: 'reds', intoUnitId: 'r2' })).toMatchObject({ ok: false, rule: 'K-5.1b', reason: expect.stringContaining('"intoUnitId"') });
    expect(g.stateHash()).toBe(hash);
  });

  it('K-5.1b he dives: he joins Squad r1 and the whole squad is the target (its owner allocates the wounds, K-5.5a)', () => {
    const { g } = aimAtLeader([1]);
    const events = must(g, { type: 'LEADER_DIVE', side: 'reds', intoUnitId: 'r1' });
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Reds (owner of Leader rl) had Leader rl dive into Squad r1');
    expect(events.find((e) => e.type === 'UNIT_JOINED')).toMatchObject({ rule: 'K-5.1b', unitId: 'rl', intoUnitId: 'r1' });
    expect(events.find((e) => e.type === 'SHOT_FIRED')).toMatchObject({ shooterId: 'w1', targetId: 'r1' });
    expect(g.state.table.units.rl!.joinedTo).toBe('r1');
    // One wound on the squad the leader joined: its owner is asked where it falls.
    expect(g.pendingDecision()).toMatchObject({ side: 'reds', kind: 'wound-allocation', rule: 'K-5.5a' });
  });

  it('K-5.1b he stays on his own: the shot goes at him, and the shooter\'s activation goes on', () => {
    const { g } = aimAtLeader([6]);
    const events = must(g, { type: 'LEADER_DIVE', side: 'reds', intoUnitId: null });
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Reds (owner of Leader rl) kept Leader rl on his own');
    expect(events.some((e) => e.type === 'UNIT_JOINED')).toBe(false);
    expect(events.find((e) => e.type === 'SHOT_FIRED')).toMatchObject({ shooterId: 'w1', targetId: 'rl' });
    expect(g.state.table.units.rl!.joinedTo).toBeUndefined();
    expect(phaseOf(reading(g)).kind).toBe('activation');
  });

  it('K-5.1b a log from before the owner was asked replays with the default (he stays on his own) in its place', () => {
    const { g } = aimAtLeader([6]);
    expect(answerMissingDecisions(g, { type: 'END_ACTIVATION', side: 'whites' })).toBe(1);
    expect(g.log.at(-1)!.command).toEqual({ type: 'LEADER_DIVE', side: 'reds', intoUnitId: null });
    expect(g.log.at(-1)!.events.find((e) => e.type === 'SHOT_FIRED')).toMatchObject({ targetId: 'rl' });
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
  });
});
