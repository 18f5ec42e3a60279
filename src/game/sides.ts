// Who sends a command: every command carries its side, and only a side the ruleset says may act now
// is heard. The session asks before the rules decide; the browser's controller asks the same.
import type { Scenario } from '../scenario';
import type { ActingSides, Command, Ruleset } from './types';

export type SideRefusal = { ok: false; reason: string; rule?: string };

const nameOf = (scenario: Scenario, id: string) => scenario.sides.find((x) => x.id === id)?.name ?? id;

/** "Reds or Blues" (the names players read). */
function names(scenario: Scenario, ids: readonly string[]): string {
  const n = ids.map((id) => nameOf(scenario, id));
  return n.length < 2 ? n.join('') : `${n.slice(0, -1).join(', ')} or ${n[n.length - 1]}`;
}

/** What to write in a command's "side": `"red" (Reds) or "blue" (Blues)`. */
function sideChoices(scenario: Scenario): string {
  return scenario.sides.map((x) => `"${x.id}" (${x.name})`).join(' or ');
}

/**
 * Why this command may not be sent now by the side it names — no side, a side this scenario does not
 * have, or a side that may not act now (`acting`: the ruleset's answer for it) — or undefined when it may.
 */
export function sideRefusal(scenario: Scenario, command: Command, acting: ActingSides): SideRefusal | undefined {
  const side = command.side;
  if (typeof side !== 'string' || !side) {
    return { ok: false, reason: `${command.type} names no side: every command carries the side that sends it ("side": ${sideChoices(scenario)})` };
  }
  if (!scenario.sides.some((x) => x.id === side)) {
    return { ok: false, reason: `${command.type} is sent by "${side}", which is not a side of this scenario: expected ${sideChoices(scenario)}` };
  }
  if (acting.sides.includes(side)) return undefined;
  const waits = acting.sides.length ? `the game waits for ${names(scenario, acting.sides)}` : 'no side may act now';
  return { ok: false, reason: `${nameOf(scenario, side)} may not act now: ${waits}${acting.awaiting ? ` (${acting.awaiting})` : ''}`, ...(acting.rule ? { rule: acting.rule } : {}) };
}

/** The command as the side to act sends it: its own side kept, else the first side that may send it now (old saves, players that leave it out). */
export function withSideToAct<S, C extends Command>(ruleset: Pick<Ruleset<S, C>, 'actingSides'>, state: S, scenario: Scenario, command: C): C {
  if (command.side) return command;
  const side = ruleset.actingSides(state, command, { scenario }).sides[0];
  return side === undefined ? command : { ...command, side };
}
