// Situations several flow and play tests start from: a charge across open ground (the units, the card
// order that draws the charger first, the commands up to the charge, the machines started with the
// melee exchange's states recorded) and an escort heading back at the end of turn 1.
import { createActor } from 'xstate';
import type { Command } from '../../src/core';
import { SessionDriver, createTurnMachine, positionOf, type TurnActor } from '../../src/flow';
import { kuularuiskuFlow } from '../../src/rules/kuularuisku/flow';
import type { Scenario } from '../../src/scenario';
import { arrange, flowScenario, type KSession, type UnitSpec } from './fixture';

/** A White squad of two 6.8 cm (base to base) from a Red squad of two: well within a 10 cm charge; a lone Red unit far off. */
export const CHARGE_UNITS: UnitSpec[] = [
  { id: 'c', side: 'whites', at: [50, 40], size: 2 },
  { id: 't', side: 'reds', at: [58, 40], size: 2 },
  { id: 'x', side: 'reds', at: [110, 70], size: 1 },
];

/** The deck's dice that draw the charger's card first (then t's, then x's). */
export const CHARGER_FIRST = arrange(['c', 't', 'x'], ['c', 't', 'x']);

/** Squad c charges Squad t, both soldiers ending in contact. */
export const CHARGE: Command = {
  type: 'MOVE', side: 'whites', unitId: 'c', mode: 'charge', targetId: 't',
  moves: [{ figureId: 'c_1', to: [56.75, 40] }, { figureId: 'c_2', to: [56.75, 41.5] }],
};

/** The turn begun, c's card drawn and c activated, then the charge. */
export const TO_CHARGE: readonly Command[] = [
  { type: 'BEGIN_TURN', side: 'whites' },
  { type: 'DRAW_CARD', side: 'whites' },
  { type: 'ACTIVATE', side: 'whites', unitId: 'c', action: 'move-shoot' },
  CHARGE,
];

/** The charge scenario with some soldiers' data set by figure id (a medic, a machine gunner). */
export function chargeScenario(data: Record<string, Record<string, unknown>> = {}, units: UnitSpec[] = CHARGE_UNITS): Scenario {
  const sc = flowScenario(units);
  for (const u of sc.units!) for (const f of u.figures) if (data[f.id]) f.data = data[f.id];
  return sc;
}

/** The turn machine over the session, started; machine errors go to `errors`; `trail` gets each melee state entered (microsteps too). */
export function startRecordingMelee(g: KSession, errors: unknown[]): { actor: TurnActor; trail: string[] } {
  const trail: string[] = [];
  const actor = createActor(createTurnMachine(kuularuiskuFlow), {
    input: { driver: new SessionDriver(g, kuularuiskuFlow) },
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep') return;
      // The melee exchange's part of each microstep's position (it nests in the activation).
      const melee = positionOf((ev as { snapshot: { value?: unknown } }).snapshot.value).melee;
      if (melee !== undefined) trail.push(typeof melee === 'string' ? melee : JSON.stringify(melee));
    },
  });
  actor.subscribe({ error: (e) => errors.push(e) });
  actor.start();
  return { actor, trail };
}

/**
 * Turn 1 with every card drawn: only the end of the turn is left. Reds' r1_3 has brought his man to
 * the rear and heads back: his own squad r1 is 40 cm off to the north-east, Squad r2 stands 8 cm north of him.
 */
export function escortReturnScenario(): Scenario {
  const sc = flowScenario(
    [
      { id: 'w1', side: 'whites', at: [20, 30], data: { start: { activated: true } } },
      { id: 'r1', side: 'reds', at: [95, 40], data: { start: { activated: true } }, figureStart: { 3: { evacuation: { returning: true } } } },
      { id: 'r2', side: 'reds', at: [70, 28], data: { start: { activated: true } } },
    ],
    { rules: { start: { turn: 1, deck: [] } } },
  );
  sc.units![1]!.figures[2]!.at = [70, 20];
  return sc;
}
