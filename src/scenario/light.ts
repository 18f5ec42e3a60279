// Which light a scenario's schedule (conditions.light) gives a turn. The light is drawn only; a ruleset
// with night rules checks its night turns against it, so the picture and the sight rules agree.
import type { LightKind, Scenario } from './schema';

type Conditions = NonNullable<Scenario['conditions']>;

/**
 * The index of the schedule entry that holds at `turn`: the last one starting at or before it, the
 * first entry before any starts; -1 without a schedule.
 */
export function lightEntryAt(conditions: Conditions | undefined, turn: number): number {
  const schedule = conditions?.light;
  if (!schedule?.length) return -1;
  let at = 0;
  schedule.forEach((change, i) => { if (change.fromTurn <= turn) at = i; });
  return at;
}

/**
 * The light at `turn` (null: no game on and no beat naming a turn — the opening turn, 1). Each entry
 * of the schedule holds from its turn until the next; before the first entry, the first entry's light;
 * without a schedule, night all game when "night" is true, else day.
 */
export function lightAt(conditions: Conditions | undefined, turn: number | null): LightKind {
  const i = lightEntryAt(conditions, turn ?? 1);
  if (i < 0) return conditions?.night ? 'night' : 'day';
  return conditions!.light![i]!.light;
}
