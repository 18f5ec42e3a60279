// K-SKL-8 / K-5.5h the owner's word in the wound tests of defensive fire (K-6.2d) and of a melee round
// (K-6.4d): his medic's re-roll and who takes over a fallen machine gun are asked of him, half-way
// through the fire or the round, in a session; the book's default reproduces what the rules did
// before they asked. Scripted dice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { Command } from '../../src/core';
import { EXCHANGE_FIELD } from '../../src/flow';
import { answerMissingDecisions } from '../../src/game';
import { meleeRound, phaseOf } from '../../src/rules/kuularuisku/engine';
import { ThenDice, flowScenario, flowTable, must, newPlayedGame, type KPlayedSession as KSession, reading } from './fixture';
import { CHARGER_FIRST, TO_CHARGE, chargeScenario, meleeStepOf } from './situations';

let table: Battlefield;
beforeAll(async () => {
  table = await flowTable(flowScenario());
});
function send(g: KSession, c: Command) {
  const r = g.dispatch(c);
  if (!r.ok) throw new Error(`${c.type} was not taken: ${r.reason}`);
}

function toCharge(g: KSession) {
  for (const c of TO_CHARGE) send(g, c);
}

describe('K-SKL-8 in the wound tests of defensive fire (K-6.2d): the charger\'s owner decides', () => {
  // c_2 is Whites' medic. Defensive fire: 2 dice 5 5 (2 hits), cover as in the open 1 6 (1 wound);
  // Whites put it on c_1, whose wound test is 1 (killed outright), then `rest`.
  const medicCharger = () => chargeScenario({ c_2: { role: 'medic', skills: ['medic'] } });
  function woundTestOfOne(rest: number[]) {
    const g = newPlayedGame(medicCharger(), table, new ThenDice([...CHARGER_FIRST, 5, 5, 1, 6, 1, ...rest], 6));
    toCharge(g);
    send(g, { type: 'DEFENSIVE_FIRE', side: 'reds', fire: true });
    send(g, { type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_1: 1 } });
    return { g };
  }

  it('K-SKL-8 the wound test of 1 waits for Whites (not Reds, whose fire it was): the melee machine stands at its medic step', () => {
    const { g } = woundTestOfOne([]);
    expect(g.events.some((e) => e.type === 'WOUND_TEST')).toBe(false);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'medic', side: 'whites', unitId: 'c', after: { kind: 'defensive-fire', chargerId: 'c', targetId: 't' } } });
    expect(meleeStepOf(reading(g))).toBe('medic');
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'whites', kind: 'medic-reroll', rule: 'K-SKL-8' });
    expect(d.label).toMatch(/^the squad leader of Squad c rolled 1 on his wound test: killed outright\. Does the medic of Squad c re-roll it\?/);
    expect(d.options.map((o) => o.command)).toEqual([{ type: 'MEDIC_REROLL', side: 'whites', reroll: true }, { type: 'MEDIC_REROLL', side: 'whites', reroll: false }]);
    expect(g.dispatch({ type: 'MEDIC_REROLL', side: 'reds', reroll: false })).toMatchObject({ ok: false, rule: 'K-SKL-8' });
  });

  it('K-SKL-8 Whites keep the 1: c_1 is killed (K-5.5d), no medic die; the log names who chose; then K-6.2e the charger tests morale', () => {
    const { g } = woundTestOfOne([5]);
    send(g, { type: 'MEDIC_REROLL', side: 'whites', reroll: false });
    const events = g.log.at(-1)!.events;
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Whites (owner of Squad c) kept the wound test of the squad leader of Squad c');
    expect(events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'c_1', rolls: [1], result: 'dead' });
    expect(g.state.table.figures.c_1!.condition).toBe('dead');
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'pending', pending: { kind: 'charger-morale', side: 'whites' } });
    expect(meleeStepOf(reading(g))).toBe('chargerMorale');
  });

  it('K-SKL-8 the default, a re-roll: the second result stands (5: lightly wounded), as the rules did before they asked', () => {
    const { g } = woundTestOfOne([5]);
    send(g, g.pendingDecision()!.options[0]!.command as Command);
    expect(g.log.at(-1)!.events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'c_1', rolls: [1, 5], medic: 'c_2', result: 'light' });
    expect(g.state.table.figures.c_1!.condition).toBe('light');
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'pending', pending: { kind: 'charger-morale' } });
  });
});

describe('K-6.4d a melee round waits for its owner\'s word in his wound tests', () => {
  // Reds hold their fire; the round: Whites 6 1 (1 hit on Reds), Reds 1 1 (none). Reds' one wound
  // is theirs to put on t_1 or t_2; on t_1 his wound test is 1 (killed outright), then `rest`.
  function roundWithWound(data: Record<string, Record<string, unknown>>, rest: number[]) {
    const g = newPlayedGame(chargeScenario(data), table, new ThenDice([...CHARGER_FIRST, 6, 1, 1, 1, 1, ...rest], 6));
    toCharge(g);
    send(g, { type: 'DEFENSIVE_FIRE', side: 'reds', fire: false });
    send(g, { type: 'RESOLVE', side: 'whites', step: 'melee-start' });
    return { g };
  }

  it('K-SKL-8 Reds\' medic may re-roll t_1\'s 1: asked in the middle of the round; kept, t_1 dies and the round ends (K-6.4e)', () => {
    const { g } = roundWithWound({ t_2: { role: 'medic', skills: ['medic'] } }, [5, 6]);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'wounds', side: 'reds' } });
    send(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { t_1: 1 } });
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'medic', side: 'reds', unitId: 't', after: { kind: 'melee' } } });
    expect(meleeStepOf(reading(g))).toBe('medic');
    expect(g.events.some((e) => e.type === 'MELEE_DECIDED')).toBe(false);
    expect(g.pendingDecision()).toMatchObject({ side: 'reds', kind: 'medic-reroll', rule: 'K-SKL-8' });
    send(g, { type: 'MEDIC_REROLL', side: 'reds', reroll: false });
    const events = g.log.at(-1)!.events;
    expect(events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 't_1', rolls: [1], result: 'dead' });
    expect(events.find((e) => e.type === 'MELEE_DECIDED')).toMatchObject({ rule: 'K-6.4e', loser: 'reds' });
  });

  it('K-SKL-8 the default (re-roll) gives the round the rules fought before they asked', () => {
    const data = { t_2: { role: 'medic', skills: ['medic'] } };
    const { g } = roundWithWound(data, [5, 6]);
    send(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { t_1: 1 } });
    send(g, g.pendingDecision()!.options[0]!.command as Command);
    expect(g.state.table.figures.t_1!.condition).toBe('light');
    // The same round resolved at once (no one asked) with the same dice and t_1 chosen.
    const at = g.log.findIndex((e) => e.command.type === 'RESOLVE');
    const before = newPlayedGame(chargeScenario(data), table, new ThenDice([...CHARGER_FIRST, 6, 1, 1, 1, 1, 5, 6], 6));
    for (const e of g.log.slice(0, at)) must(before, e.command as never);
    const meleeId = before.state.table.units.c!.meleeId!;
    const atOnce = meleeRound(reading(before), meleeId, { table, dice: new ThenDice([6, 1, 1, 1, 1, 5, 6], 6) }, { allocation: { reds: { t_1: 1 } } });
    // K-6.1b the charge's first round is the cards exchange: its outcome is marked as its step (the machine's field, not the round's).
    const pick = (es: readonly { type: string }[]) => es.filter((e) => e.type === 'WOUND_TEST' || e.type === 'MELEE_DECIDED' || e.type === 'MORALE_TEST').map(({ [EXCHANGE_FIELD]: _step, ...e }: Record<string, unknown>) => e);
    expect(pick(g.log.slice(at).flatMap((e) => e.events))).toEqual(pick(atOnce));
    expect(g.log.at(-1)!.events.find((e) => e.type === 'MELEE_DECIDED')![EXCHANGE_FIELD]).toBe('outcome');
  });

  it('K-5.5h Reds\' machine gunner killed in the round: Reds say who takes the gun; nobody (not the default, the rifleman) leaves it on the table', () => {
    const data = { t_1: { role: 'mg-gunner', weapon: 'maxim-1910' }, t_2: { role: 'soldier' } };
    const left = roundWithWound(data, []);
    send(left.g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { t_1: 1 } });
    expect(phaseOf(reading(left.g))).toMatchObject({ kind: 'choice', choice: { kind: 'take-over', side: 'reds', after: { kind: 'melee' } } });
    expect(meleeStepOf(reading(left.g))).toBe('takeOver');
    const d = left.g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'mg-take-over', rule: 'K-5.5h' });
    expect(d.options.map((o) => o.label)).toEqual(['Default: The rifleman takes it over', 'Nobody: leave it on the table']);
    send(left.g, { type: 'TAKE_OVER', side: 'reds', figureId: null });
    const events = left.g.log.at(-1)!.events;
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toMatch(/^Reds \(owner of Squad t\) left the Maxim .* on the table$/);
    expect(events.find((e) => e.type === 'WEAPON_DROPPED')).toMatchObject({ rule: 'K-5.5h', figureId: 't_1' });
    expect(events.find((e) => e.type === 'MELEE_DECIDED')).toMatchObject({ loser: 'reds' });
    expect(left.g.state.table.figures.t_2!.weapon).not.toBe('K-WPN-10');

    // The default: the rifleman takes it over, as the rules did before they asked (a log without the answer replays so).
    const taken = roundWithWound(data, []);
    must(taken.g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { t_1: 1 } });
    expect(answerMissingDecisions(taken.g, { type: 'RESOLVE', side: 'whites', step: 'melee-round' })).toBe(1);
    expect(taken.g.log.at(-1)!.events.find((e) => e.type === 'WEAPON_TAKEN_OVER')).toMatchObject({ fromFigureId: 't_1', toFigureId: 't_2' });
    expect(taken.g.state.table.figures.t_2!.weapon).toBe('K-WPN-10');
  });
});
