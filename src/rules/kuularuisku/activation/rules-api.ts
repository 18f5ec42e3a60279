// The rule functions the turn & activation structure calls (movement, shooting, melee, morale,
// evacuation), as one interface: ruleset.ts fills it from the rules engineer's modules, so the flow
// names in one place what it needs and never decides those rules itself.
import type { Dice, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { KEvent } from '../events';
import type { KState } from '../state';

export interface KRulesCtx {
  scenario: Scenario;
  table: TableQueries;
  dice: Dice;
}

/** A soldier-level command (MOVE, SHOOT, SPLIT, JOIN, EVACUATE …): the rules engineer's shapes. */
export interface SoldierCommand {
  type: string;
  side?: string;
  unitId?: string;
  [key: string]: unknown;
}

export type KDecision = { ok: true; events: KEvent[] } | { ok: false; reason: string; rule?: string };

export interface KRulesApi {
  /** The scenario → the state before turn 1 (no dice). */
  setup(scenario: Scenario): KState;
  /** The ruleset's checks of a scenario's unit data and rules options. */
  validate(scenario: Scenario): Array<{ path: string; message: string }>;

  /** F2.1 K-6.3a / K-6.5a: one round of the unit's melee (K-6.4a–d, the K-6.4e loser test and its outcome). */
  meleeRound(s: KState, meleeId: string, ctx: KRulesCtx): KEvent[];
  /** F2.2 K-7.3d: the routing unit's fast move toward its edge and the K-7.3h rally test. */
  rout(s: KState, unitId: string, ctx: KRulesCtx): KEvent[];
  /** F2.3 K-7.1f: the pinned unit's start-of-activation morale test (and the K-7.3 second test). */
  pinnedTest(s: KState, unitId: string, ctx: KRulesCtx): KEvent[];
  /** F2.4 K-1.0c: soldiers out of formation (empty when the unit is in coherency). */
  stragglers(s: KState, unitId: string, table: TableQueries): string[];

  /** Soldier-level commands during an activation (the flow has checked K-2.4 order and whose turn it is). */
  decideAction(s: KState, command: SoldierCommand, ctx: KRulesCtx): KDecision;
  /** The soldier-level command types decideAction knows. */
  actionTypes: ReadonlySet<string>;

  /** F6 K-7.2a: a pinned or routing target's morale test when charged (surrender on a failure). */
  chargedTargetTest(s: KState, chargerId: string, targetId: string, ctx: KRulesCtx): KEvent[];
  /** F6 K-6.2 (K-6.5b, K-7.2a): may the target fire defensive fire at the charger now? Undefined when it may. */
  defensiveFireRefusal(s: KState, chargerId: string, targetId: string): { reason: string; rule: string } | undefined;
  /** F6 K-6.2b–d: defensive fire at the charger, with its cover and wound tests. */
  defensiveFire(s: KState, chargerId: string, targetId: string, ctx: KRulesCtx): KEvent[];
  /** F6 K-6.2e: the charger's morale test after wound tests; a failure collapses the charge. */
  chargerMorale(s: KState, chargerId: string, ctx: KRulesCtx): KEvent[];
  /** F6 MELEE_START: lock the units (K-6.1b, K-6.5) — returns MELEE_STARTED or MELEE_JOINED. */
  meleeStart(s: KState, chargerId: string, targetId: string): KEvent[];
  /** F6 K-6.6: sides whose units in the melee may throw grenades as it begins. */
  grenadeSides(s: KState, meleeId: string): string[];
  /** F6 K-6.6a: a side throws grenades. */
  throwGrenades(s: KState, meleeId: string, side: string): KEvent[];

  /** F1 K-5.6e: the end-of-turn moves of wounded and escorts. */
  endOfTurn(s: KState, ctx: KRulesCtx): KEvent[];

  /** Scenario special rules: events before a turn begins (a preparation barrage before turn 1). */
  beforeTurn?(s: KState, turn: number, ctx: KRulesCtx): KEvent[];
  /** Scenario special rules: events as an activation ends, before ACTIVATION_ENDED (a charge cleared). */
  activationEnding?(s: KState, ctx: KRulesCtx): KEvent[];
  /** Scenario special rules: events after every decision, given its events (hidden units revealed). */
  afterDecision?(s: KState, events: ReadonlyArray<{ type: string }>, ctx: KRulesCtx): KEvent[];
  /** Scenario special rules: the special commands the activating unit's side may give now. */
  specialCommands?(s: KState, unitId: string): SoldierCommand[];
}
