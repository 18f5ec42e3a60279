// Checks of the fields that only change how the table is drawn: grave rows (style "headstones") and
// the light through the game (conditions.light).
import type { Scenario } from './schema';
import type { RawIssue } from './raw-issue';

export function checkLook(s: Scenario): RawIssue[] {
  const issues: RawIssue[] = [];
  s.features.forEach((f, i) => {
    if ('style' in f && f.style === 'headstones' && f.kind !== 'fence' && f.kind !== 'wall') {
      issues.push({ path: ['features', i, 'style'], message: `"headstones" is drawn for a fence or a wall: expected kind "fence" or "wall", this feature is a ${f.kind}` });
    }
  });
  const light = s.conditions?.light;
  if (!light) return issues;
  light.forEach((l, i) => {
    const prev = light[i - 1];
    if (prev && l.fromTurn <= prev.fromTurn) {
      issues.push({ path: ['conditions', 'light', i, 'fromTurn'], message: `light changes must come in turn order: expected a turn after ${prev.fromTurn}, got ${l.fromTurn}` });
    }
    if (s.turnLimit !== undefined && l.fromTurn > s.turnLimit) {
      issues.push({ path: ['conditions', 'light', i, 'fromTurn'], message: `light change after the last turn: expected a turn ≤ ${s.turnLimit}, got ${l.fromTurn}` });
    }
  });
  // "night" and the schedule must tell the same story of the first turn.
  const night = s.conditions?.night;
  let first = 0;
  light.forEach((l, i) => { if (l.fromTurn <= 1) first = i; });
  const firstLight = light[first]!.light;
  if (night !== undefined && night !== (firstLight === 'night')) {
    issues.push({
      path: ['conditions', 'light', first, 'light'],
      message: night
        ? `"night" is true, so turn 1 is at night: expected "night" for the light of turn 1, got "${firstLight}"`
        : `"night" is false, so turn 1 is not at night: expected "day", "dawn" or "dusk" for the light of turn 1, got "night"`,
    });
  }
  return issues;
}
