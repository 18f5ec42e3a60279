// Situations several flow and play tests start from: a charge across open ground (the units, the card
// order that draws the charger first, the commands up to the charge, a charge's step read from the rules) and an escort heading back at the end of turn 1.
import type { Command } from '../../src/core';
import { phaseOf, type KGameState } from '../../src/rules/kuularuisku/engine';
import type { Scenario } from '../../src/scenario';
import { arrange, flowScenario, type KPlayedSession, type UnitSpec } from './fixture';

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

/**
 * The step of a charge or a melee the game awaits, read from the rules' phase (a charge's steps are the
 * rules' own, inside the activation, K-6): the target's test (K-7.2a), defensive fire (K-6.2a), an
 * owner's allocation, medic or take-over in its middle (K-6.2d, K-6.4d, K-SKL-8, K-5.5h), the
 * charger's test (K-6.2e), grenades (K-6.6a), the round (K-6.4); 'none' outside them.
 */
export function meleeStepOf(s: KGameState): string {
  const p = phaseOf(s);
  if (p.kind === 'choice') {
    const c = p.choice;
    if (c.kind === 'wounds') return c.after ? 'allocate' : 'none';
    if (c.kind === 'medic') return c.after ? 'medic' : 'none';
    if (c.kind === 'take-over') return c.after ? 'takeOver' : 'none';
    return c.kind === 'defensive-fire' ? 'defensiveFire' : c.kind === 'grenades' ? 'grenades' : 'none';
  }
  if (p.kind !== 'pending') return 'none';
  const step: Record<string, string> = { 'charge-target-test': 'targetTest', 'charger-morale': 'chargerMorale', 'melee-start': 'round', 'melee-round': 'round' };
  return step[p.pending.kind] ?? 'none';
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
