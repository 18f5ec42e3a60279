// The commands of the turn & activation structure (F1–F4, F6 choices). Movement, shooting and the
// other soldier-level commands belong to the rules engineer's modules; the flow only gates them.
import type { KPendingKind } from './flow-state';

/** K-2.4 the action a unit chooses when it acts (plus the forced regroup, K-1.0c). */
export type ChosenAction = 'move-shoot' | 'shoot-move' | 'fast-move' | 'shoot' | 'special' | 'regroup';

export const CHOSEN_ACTIONS: readonly ChosenAction[] = ['move-shoot', 'shoot-move', 'fast-move', 'shoot', 'special', 'regroup'];

/** K-2.2e joined leaders go with the acting group, or leave it to act on their own cards. */
export type LeadersChoice = 'with' | 'leave';

export type FlowCommand =
  /** F1 TURN_START: shuffle the deck (K-2.1b). */
  | { type: 'BEGIN_TURN'; side: string }
  /** F1 DRAW_CARD (K-2.1b). */
  | { type: 'DRAW_CARD'; side: string }
  /** F3 K-2.3a wait in readiness instead of activating. */
  | { type: 'READY'; side: string; unitId: string }
  /** F2.5 K-2.4 act: choose the action. */
  | { type: 'ACTIVATE'; side: string; unitId: string; action: ChosenAction; leaders?: LeadersChoice }
  /** F4 K-2.2a a leader commands a unit within 15 cm. */
  | { type: 'COMMAND'; side: string; leaderId: string; unitId: string }
  /** F2.5 use the activation for nothing (K-2.4a one action, none taken). */
  | { type: 'PASS'; side: string; unitId: string }
  /** Roll the forced step the game waits for (F2 pinned test, rout, melee round; F6 morale, melee). */
  | { type: 'RESOLVE'; side: string; step: KPendingKind }
  /** F6 K-6.2a the charged unit fires defensive fire, or not. */
  | { type: 'DEFENSIVE_FIRE'; side: string; fire: boolean }
  /** K-5.5a the target's owner allocates a shot's wounds (soldier id → wounds). */
  | { type: 'ALLOCATE_WOUNDS'; side: string; allocation: Record<string, number> }
  /** K-SKL-8 the target's owner: his medic re-rolls the wound test the game waits on, or not. */
  | { type: 'MEDIC_REROLL'; side: string; reroll: boolean }
  /** K-5.5h the owner of a soldier who fell with a special weapon: who of the unit takes it over (null: nobody, it is left). */
  | { type: 'TAKE_OVER'; side: string; figureId: string | null }
  /** K-5.1b the owner of a targeted lone leader: the unit he dives into (null: he stays on his own). */
  | { type: 'LEADER_DIVE'; side: string; intoUnitId: string | null }
  /** K-5.6e the owner of a group heading to the rear, as the turn ends: where it heads (K-5.6a), how far, and its path (degrees to his left of the straight line; default 0). */
  | { type: 'EVACUATION_MOVE'; side: string; toward: 'station' | 'edge'; distance: 'full' | 'half' | 'none'; bearing?: number }
  /** K-5.6d the owner of an escort who delivered his man, as the turn ends: the unit he heads back to (null: he stays). */
  | { type: 'ESCORT_RETURN'; side: string; unitId: string | null }
  /** F6 K-6.6a throw grenades as the melee begins, or not. */
  | { type: 'GRENADES'; side: string; use: boolean }
  /** F3 K-2.3b/c in a between-activations window: use a ready unit now (or pass with null). */
  | { type: 'READINESS'; side: string; unitId: string | null }
  /** F2.6 ACTIVATION_DONE. */
  | { type: 'END_ACTIVATION'; side: string }
  /** F1 DECK_EMPTY → END_OF_TURN_EVACUATION → TURN_END (K-5.6e, K-GAP-2, K-GAP-1). */
  | { type: 'END_TURN'; side: string };

export type FlowCommandType = FlowCommand['type'];

export const FLOW_COMMAND_TYPES: ReadonlySet<string> = new Set<FlowCommandType>([
  'BEGIN_TURN', 'DRAW_CARD', 'READY', 'ACTIVATE', 'COMMAND', 'PASS', 'RESOLVE', 'DEFENSIVE_FIRE', 'GRENADES', 'ALLOCATE_WOUNDS', 'MEDIC_REROLL', 'TAKE_OVER', 'LEADER_DIVE', 'EVACUATION_MOVE', 'ESCORT_RETURN',
  'READINESS', 'END_ACTIVATION', 'END_TURN',
]);
