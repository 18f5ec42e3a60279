// The buttons of the play HUD: each legal flow command of the moment with a readable label, the rule
// it comes from and a hint. Moves and shots are not buttons (the move offer and the targets carry them).
import { allocationText, soldierName } from '../soldier-names';
import type { KReading, KState } from '../state';
import type { Command, PlayAction } from '../../../core';
import { ACTION_NAMES } from '../activation/decide';
import type { KCommand } from '../activation/legal';

const STEP_LABELS: Record<string, { label: string; rule: string; hint: string }> = {
  'pinned-test': { label: 'Roll the pinned test', rule: 'K-7.1f', hint: 'Pass: the unit acts normally; fail: it stays pinned and may only shoot, hitting on 6' },
  rout: { label: 'Roll the rout move', rule: 'K-7.3d', hint: 'The routing unit runs fast for its own table edge (rally check near a leader, K-7.3h)' },
  'melee-round': { label: 'Fight a round of melee', rule: 'K-6.5a', hint: 'Both sides strike at once; the side hit more tests morale (K-6.4)' },
  'charge-target-test': { label: 'Roll the charged unit\'s morale test', rule: 'K-7.2a', hint: 'A pinned or retreating unit that is charged tests morale' },
  'charger-morale': { label: 'Roll the charger\'s morale test', rule: 'K-6.2e', hint: 'The charging unit took wound tests from defensive fire' },
  'melee-start': { label: 'Fight the first round of melee', rule: 'K-6.1b', hint: 'The melee is part of the charge and is fought at once' },
};

const ACTION_RULES: Record<string, string> = { regroup: 'K-1.0c', special: 'K-GAP-4', 'fast-move': 'K-4.1a' };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function unitName(s: KState, id: unknown): string {
  return typeof id === 'string' ? s.units[id]?.name ?? id : '';
}

/** The rule a scenario special rule modifies (its first), for the button's rule link. */
function specialRule(s: KState, id: unknown): string | undefined {
  return s.special?.config.rules.find((r) => r.id === id)?.modifies[0];
}

/** A scenario special rule's name as players read it. */
function specialName(s: KState, id: unknown): string {
  return s.special?.config.rules.find((r) => r.id === id)?.name ?? 'a scenario rule';
}

/** The action id, label, rule and hint for one legal command (undefined for moves and shots). */
export function actionFor(s: KReading, c: KCommand | Command): PlayAction | undefined {
  const cmd = c as Command;
  const base = (id: string, label: string, rule?: string, hint?: string): PlayAction => ({ id, label, ...(rule ? { rule } : {}), ...(hint ? { hint } : {}), command: cmd });
  switch (cmd.type) {
    case 'MOVE':
    case 'SHOOT':
      return undefined;
    case 'BEGIN_TURN':
      return base('begin-turn', `Shuffle the deck for turn ${s.seq.round + 1}`, 'K-2.1b', 'Every unit and leader has one activation card');
    case 'DRAW_CARD':
      return base('draw', 'Draw a card', 'K-2.1b', `${s.seq.deck.length} card${s.seq.deck.length === 1 ? '' : 's'} left in the deck`);
    case 'END_TURN':
      return base('end-turn', 'End the turn', 'K-5.6e', 'The deck is empty: the wounded and their escorts move, then the turn ends');
    case 'RESOLVE': {
      const step = String(cmd.step);
      const l = STEP_LABELS[step] ?? { label: `Resolve ${step}`, rule: undefined, hint: undefined };
      return base(`resolve:${step}`, l.label, l.rule, l.hint);
    }
    case 'DEFENSIVE_FIRE': {
      const ch = s.tableFlow.choice?.kind === 'defensive-fire' ? s.tableFlow.choice : undefined;
      return cmd.fire
        ? base('defensive-fire:yes', `Fire defensive fire at ${unitName(s, ch?.chargerId)}`, 'K-6.2a', 'Full firepower if the unit has not activated this turn, else half (K-6.2b); once per turn (K-6.2c)')
        : base('defensive-fire:no', 'Hold fire', 'K-6.2a');
    }
    case 'GRENADES':
      return cmd.use ? base('grenades:yes', 'Throw grenades', 'K-6.6a', 'The enemy rolls two dice fewer in the melee (never below one, K-6.6c)') : base('grenades:no', 'No grenades', 'K-6.6a');
    case 'READINESS':
      return cmd.unitId === null
        ? base('readiness:pass', 'Use no ready unit now', 'K-2.3b')
        : base(`readiness:${String(cmd.unitId)}`, `Activate ${unitName(s, cmd.unitId)} out of readiness`, 'K-2.3b', 'Both sides want a ready unit: a roll-off decides who goes first (K-2.3c)');
    case 'ACTIVATE': {
      const action = String(cmd.action);
      const leaders = cmd.leaders === 'with' ? ' (joined leaders go with it)' : cmd.leaders === 'leave' ? ' (joined leaders leave first)' : '';
      return base(`activate:${action}${cmd.leaders ? `:${String(cmd.leaders)}` : ''}`, `${cap(ACTION_NAMES[action] ?? action)}${leaders}`, cmd.leaders ? 'K-2.2e' : ACTION_RULES[action] ?? 'K-2.4a');
    }
    case 'READY':
      return base('ready', 'Wait in readiness', 'K-2.3a', 'Activate later this turn, between two activations (K-2.3b)');
    case 'COMMAND':
      return base(`command:${String(cmd.unitId)}`, `Command ${unitName(s, cmd.unitId)}`, 'K-2.2a', 'The commanded unit activates now; neither may activate again this turn (K-2.2b)');
    case 'PASS':
      return base('pass', 'Do nothing this activation', 'K-2.4a');
    case 'END_ACTIVATION':
      return base('end-activation', 'End the activation', 'K-2.0b', 'The unit has activated for this turn');
    case 'SPLIT': {
      const ids = Array.isArray(cmd.figureIds) ? (cmd.figureIds as string[]) : [];
      return base(`split:${String(cmd.unitId)}`, `Leave ${allocationText(s, Object.fromEntries(ids.map((id) => [id, 1])), { within: String(cmd.unitId) })} behind to give covering fire`, 'K-1.1a', 'The covering-fire group cannot move; it can only shoot (K-1.1b) and may rejoin later (K-1.1c)');
    }
    case 'REUNITE':
      return base(`reunite:${String(cmd.unitId)}`, `Reunite ${unitName(s, cmd.unitId)} with its unit`, 'K-1.1c');
    case 'JOIN':
      return base(`join:${String(cmd.unitId)}:${String(cmd.intoUnitId)}`, `${unitName(s, cmd.unitId)} joins ${unitName(s, cmd.intoUnitId)}`, s.units[String(cmd.unitId)]?.kind === 'leader' ? 'K-1.2d' : 'K-1.2a');
    case 'EVACUATE':
      return base(`evacuate:${String(cmd.figureId)}`, `${soldierName(s, String(cmd.figureId))} leaves for the rear${cmd.escortId ? ` escorted by ${soldierName(s, String(cmd.escortId))}` : ''}`, cmd.escortId ? 'K-5.6b' : 'K-5.6a');
    case 'OFF_TABLE_FIRE':
      return base(`off-table-fire:${String(cmd.special)}:${String(cmd.targetId)}`, `Call fire from off the table on ${unitName(s, cmd.targetId)}`, specialRule(s, cmd.special), `Scenario special rule: ${specialName(s, cmd.special)}`);
    case 'DEMOLISH':
      return base(`demolish:${String(cmd.special)}`, 'Fire the demolition charge', specialRule(s, cmd.special), `Scenario special rule: ${specialName(s, cmd.special)}`);
    default:
      return base(cmd.type.toLowerCase(), cap(cmd.type.toLowerCase().replace(/_/g, ' ')));
  }
}
