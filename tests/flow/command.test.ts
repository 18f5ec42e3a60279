// F4 leader command and joined leaders (K-2.2a–e, K-1.4b, K-SKL-5, K-AMB-3) with scripted dice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { commandRefusal, commandableUnits, offerOptions, phaseOf, type KGameState } from '../../src/rules/kuularuisku/engine';
import { CARDS, DEFAULT_UNITS, arrange, flowScenario, flowTable, must, newGame, scripted, seqOf, type UnitSpec, reading, foldPlayed, firstCardDrawn } from './fixture';
import { hasActivated } from '../../src/rules/kuularuisku/acted';

let table: Battlefield;
const scenario = flowScenario();

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** The events folded as in play (the composed module: the table's fold, then the machine), read again. */
const fold = (s: KGameState, ...events: Array<Record<string, unknown> & { type: string }>) => foldPlayed(s, events as never);
const leaderFirst = () => scripted(...arrange(CARDS, ['wl', 'w1', 'w2', 'r1', 'r2']));

describe('F4 leader command (K-2.2)', () => {
  it('K-2.2a a leader commands one friendly unit within 15 cm; it activates as if its card were drawn', () => {
    const g = newGame(scenario, table, leaderFirst());
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    const p = phaseOf(reading(g));
    expect(p.kind === 'offer' && offerOptions(reading(g), p.offer, table).command).toEqual(['w1', 'w2']);
    const events = must(g, { type: 'COMMAND', side: 'whites', leaderId: 'wl', unitId: 'w2' });
    expect(events.map((e) => [e.type, e.rule])).toEqual([['COMMAND_ISSUED', 'K-2.2a'], ['ACTIVATION_OFFERED', 'K-2.2a']]);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'offer', offer: { unitId: 'w2', via: 'command', commandedBy: 'wl' } });
    // K-2.2b the commanded activation is used now: no readiness.
    expect(g.dispatch({ type: 'READY', side: 'whites', unitId: 'w2' })).toMatchObject({ ok: false, rule: 'K-2.3a' });
    must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w2', action: 'shoot' });
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
    expect(hasActivated(reading(g), 'wl')).toBe(true);
    expect(hasActivated(reading(g), 'w2')).toBe(true);
    expect(g.state.seq.acted).toEqual(['wl', 'w2']);
  });

  it('K-2.2a a unit more than 15 cm away cannot be commanded (measured base to base, K-AMB-3 nearest soldier)', async () => {
    const units: UnitSpec[] = DEFAULT_UNITS.map((u) => (u.id === 'w2' ? { ...u, at: [20, 58] } : u));
    const far = flowScenario(units);
    const g = newGame(far, table);
    // wl at (26, 40); w2's nearest soldier at (20, 58): 18.97 cm between centres, 17.77 cm between bases.
    expect(commandRefusal(reading(g), table, 'wl', 'w2')).toMatchObject({ rule: 'K-2.2a' });
    expect(commandableUnits(reading(g), table, 'wl')).toEqual(['w1']);
  });

  it('K-AMB-3 house "all": every soldier of the unit must be within 15 cm', () => {
    const units: UnitSpec[] = DEFAULT_UNITS.map((u) => (u.id === 'w2' ? { ...u, at: [20, 51], size: 6 } : u));
    // w2's soldiers stand at z 51 … 58.5: the nearest within 15 cm, the farthest not.
    const nearest = newGame(flowScenario(units), table);
    expect(commandRefusal(reading(nearest), table, 'wl', 'w2')).toBeUndefined();
    const all = newGame(flowScenario(units, { rules: { house: { commandMeasure: 'all' } } }), table);
    expect(commandRefusal(reading(all), table, 'wl', 'w2')).toMatchObject({ rule: 'K-2.2a' });
  });

  it('K-2.2c leaders cannot command leaders nor units in melee; K-2.2a not units that already activated', () => {
    const units: UnitSpec[] = [...DEFAULT_UNITS, { id: 'wl2', side: 'whites', at: [30, 40], leader: true }];
    const g = newGame(flowScenario(units), table);
    expect(commandRefusal(reading(g), table, 'wl', 'wl2')).toMatchObject({ rule: 'K-2.2c' });
    const locked = fold(reading(g), { type: 'MELEE_STARTED', rule: 'K-6.1b', text: '', meleeId: 'm1', units: ['w1', 'r1'], startedBy: 'r1' });
    expect(commandRefusal(locked, table, 'wl', 'w1')).toMatchObject({ rule: 'K-2.2c' });
    const acted = fold(reading(g), ...firstCardDrawn(['w1', 'w2', 'wl', 'r1', 'r2', 'wl2']), { type: 'ACTIVATION_STARTED', rule: 'K-2.1b', text: '', unitId: 'w1', units: ['w1'], via: 'card' }, { type: 'ACTIVATION_ENDED', rule: 'K-2.0b', text: '', unitId: 'w1', units: ['w1'] });
    expect(commandRefusal(acted, table, 'wl', 'w1')).toMatchObject({ rule: 'K-2.2a' });
    expect(commandRefusal(reading(g), table, 'wl', 'r1')).toMatchObject({ rule: 'K-2.2a' });
    expect(commandRefusal(reading(g), table, 'w1', 'w2')).toMatchObject({ rule: 'K-2.2a' });
  });

  it('K-SKL-5 a Swedish unit takes commands only from a Swedish leader', () => {
    const units: UnitSpec[] = DEFAULT_UNITS.map((u) => (u.id === 'w2' ? { ...u, data: { nationality: 'swedish' } } : u));
    const g = newGame(flowScenario(units), table);
    expect(commandRefusal(reading(g), table, 'wl', 'w2')).toMatchObject({ rule: 'K-SKL-5' });
  });

  it('K-2.2a K-2.2b K-AMB-3 a ready leader offered from the queue who commands has used his readiness: out of the queue, never passed over, no readiness to lapse', () => {
    // Deck: wl (goes into readiness), r1 passes; the Whites use wl; he commands w2 (within 15 cm).
    const g = newGame(scenario, table, scripted(...arrange(CARDS, ['wl', 'r1', 'w1', 'w2', 'r2'])));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    must(g, { type: 'READY', side: 'whites', unitId: 'wl' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    must(g, { type: 'PASS', side: 'reds', unitId: 'r1' });
    must(g, { type: 'READINESS', side: 'whites', unitId: 'wl' });
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'offer', offer: { unitId: 'wl', via: 'readiness' } });
    expect(seqOf(g).queue).toEqual(['wl']);
    const commanded = must(g, { type: 'COMMAND', side: 'whites', leaderId: 'wl', unitId: 'w2' });
    expect(commanded.map((e) => [e.type, e.rule])).toEqual([['COMMAND_ISSUED', 'K-2.2a'], ['ACTIVATION_OFFERED', 'K-2.2a']]);
    // Commanding is his activation (K-2.2b, K-AMB-3): his readiness and his place in the queue are used.
    for (const q of [seqOf(g), reading(g).seq]) {
      expect(q.queue).toEqual([]);
      expect(q.ready).toEqual([]);
      expect(q.acted).toEqual(['r1', 'wl']);
    }
    // After the commanded unit's activation the next card comes: the leader is not passed over (K-2.3b's QUEUE_SKIPPED).
    const after = must(g, { type: 'PASS', side: 'whites', unitId: 'w2' });
    expect(after.map((e) => e.type)).toEqual(['ACTIVATION_STARTED', 'ACTIVATION_ENDED']);
    expect(phaseOf(reading(g)).kind).toBe('draw');
    const later = [...must(g, { type: 'DRAW_CARD', side: 'whites' }), ...must(g, { type: 'PASS', side: 'whites', unitId: 'w1' })];
    for (const _ of [0, 1]) later.push(...must(g, { type: 'DRAW_CARD', side: 'whites' }));
    later.push(...must(g, { type: 'PASS', side: 'reds', unitId: 'r2' }));
    expect(phaseOf(reading(g)).kind).toBe('turn-end');
    later.push(...must(g, { type: 'END_TURN', side: 'whites' }));
    expect(later.filter((e) => e.type === 'QUEUE_SKIPPED')).toEqual([]);
    // K-GAP-2: no unused readiness lapses for him at the turn's end.
    expect(later.find((e) => e.type === 'TURN_ENDED')).toMatchObject({ rule: 'K-TERM-9', expiredReadiness: [] });
  });

  it('K-2.2a the commanded unit is refused when the leader names another', () => {
    const g = newGame(scenario, table, leaderFirst());
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    expect(g.dispatch({ type: 'COMMAND', side: 'whites', leaderId: 'wl', unitId: 'r1' })).toMatchObject({ ok: false, rule: 'K-2.2a' });
    expect(g.dispatch({ type: 'COMMAND', side: 'whites', leaderId: 'w1', unitId: 'w2' })).toMatchObject({ ok: false, rule: 'K-2.1b' });
  });
});

describe('F4 joined leaders (K-2.2d/e, K-1.4b)', () => {
  const joinedUnits: UnitSpec[] = DEFAULT_UNITS.map((u) => (u.id === 'wl' ? { ...u, at: [21.5, 30], data: { joinedTo: 'w1' } } : u));
  const joined = flowScenario(joinedUnits);

  it('K-2.2d a joined leader\'s card: the group acts with him; the group\'s own card is then spent', () => {
    const g = newGame(joined, table, scripted(...arrange(CARDS, ['wl', 'w1', 'w2', 'r1', 'r2'])));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    const p = phaseOf(reading(g));
    expect(p.kind === 'offer' && offerOptions(reading(g), p.offer, table)).toMatchObject({ ready: false, leaders: ['with', 'leave'] });
    // The group's activation names the leader's choice (K-2.2e: with the group), as the legal command does.
    const started = must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'wl', action: 'move-shoot', leaders: 'with' });
    expect(started.find((e) => e.type === 'ACTIVATION_STARTED')).toMatchObject({ unitId: 'w1', units: ['wl', 'w1'], via: 'leader-group' });
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
    expect(must(g, { type: 'DRAW_CARD', side: 'whites' }).map((e) => e.type)).toEqual(['CARD_DRAWN', 'CARD_SPENT']);
  });

  it('K-2.2e the group activates first: the leader goes with it (his card is skipped) or leaves to act on his own card', () => {
    const order = scripted(...arrange(CARDS, ['w1', 'wl', 'w2', 'r1', 'r2']), ...arrange(CARDS, ['w1', 'wl', 'w2', 'r1', 'r2']));
    const g = newGame(joined, table, order);
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot', leaders: 'with' });
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
    const spent = must(g, { type: 'DRAW_CARD', side: 'whites' });
    expect(spent.map((e) => [e.type, e.rule])).toEqual([['CARD_DRAWN', 'K-2.1b'], ['CARD_SPENT', 'K-2.2b']]);

    const h = newGame(joined, table, scripted(...arrange(CARDS, ['w1', 'wl', 'w2', 'r1', 'r2'])));
    must(h, { type: 'BEGIN_TURN', side: 'whites' });
    must(h, { type: 'DRAW_CARD', side: 'whites' });
    const left = must(h, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot', leaders: 'leave' });
    expect(left[0]).toMatchObject({ type: 'LEADER_LEFT', rule: 'K-2.2e', leaderUnitId: 'wl', fromUnitId: 'w1' });
    expect(left.find((e) => e.type === 'ACTIVATION_STARTED')).toMatchObject({ units: ['w1'] });
    must(h, { type: 'END_ACTIVATION', side: 'whites' });
    expect(must(h, { type: 'DRAW_CARD', side: 'whites' }).map((e) => e.type)).toEqual(['CARD_DRAWN', 'ACTIVATION_OFFERED']);
    expect(phaseOf(reading(h))).toMatchObject({ kind: 'offer', offer: { unitId: 'wl' } });
  });

  it('K-1.4b a bound leader cannot leave: the squad acts on either card, the other is spent', () => {
    const g = newGame(joined, table, scripted(...arrange(CARDS, ['w1', 'wl', 'w2', 'r1', 'r2'])));
    const bound = fold(reading(g), { type: 'UNIT_JOINED', rule: 'K-1.4b', text: '', unitId: 'wl', intoUnitId: 'w1', figureIds: [], kind: 'leader', bound: true, noMove: false });
    expect(bound.units.w1!.boundLeaders).toEqual(['wl']);
    const opts = offerOptions(bound, { unitId: 'wl', side: 'whites', via: 'card' }, table);
    expect(opts.leaders).toEqual(['with']);
    expect(offerOptions(bound, { unitId: 'w1', side: 'whites', via: 'card' }, table).leaders).toEqual([]);
  });
});
