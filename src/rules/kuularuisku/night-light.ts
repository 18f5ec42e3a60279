// K-5.2a night turns against the drawn light: a scenario whose light schedule (conditions.light) draws
// night where its night special rule has ended, or lights a turn the rule keeps dark, is refused, so
// the table a player sees and the sight the rules allow tell the same story.
import { lightAt, lightEntryAt, type Scenario } from '../../scenario';
import { parseSpecialData, type SpecialIssue } from './special';

/** "1–4", "5, 7–8": a sorted list of turns as ranges. */
function turnsText(turns: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < turns.length; i++) {
    let j = i;
    while (j + 1 < turns.length && turns[j + 1] === turns[j]! + 1) j++;
    parts.push(i === j ? `${turns[i]}` : `${turns[i]}–${turns[j]}`);
    i = j;
  }
  return parts.join(', ');
}

/** "turn 5 is" or "turns 5–10 are". */
const turnsAre = (turns: readonly number[]) => (turns.length === 1 ? `turn ${turns[0]} is` : `turns ${turnsText(turns)} are`);

/** Each disagreement between the light schedule and the night rules' turns, at the light entry that draws it. */
export function nightLightIssues(s: Scenario): SpecialIssue[] {
  const nights: Array<{ index: number; id: string; turns: number[] }> = [];
  (s.specialRules ?? []).forEach((rule, index) => {
    const d = rule.data === undefined ? undefined : parseSpecialData(rule.data);
    if (d?.kind === 'night') nights.push({ index, id: rule.id, turns: d.turns });
  });
  const ruled = new Set(nights.flatMap((n) => n.turns));
  const c = s.conditions;
  const last = s.turnLimit ?? Math.max(1, ...ruled, ...(c?.light ?? []).map((l) => l.fromTurn));
  // Turns drawn wrongly, grouped by the schedule entry that draws them (-1: "night" without a schedule).
  const darkByDay = new Map<number, number[]>();
  const litByNight = new Map<number, number[]>();
  for (let turn = 1; turn <= last; turn++) {
    const dark = lightAt(c, turn) === 'night';
    if (dark === ruled.has(turn)) continue;
    const into = dark ? darkByDay : litByNight;
    const entry = lightEntryAt(c, turn);
    into.set(entry, [...(into.get(entry) ?? []), turn]);
  }
  const pathOf = (entry: number) => (entry < 0 ? 'conditions.night' : `conditions.light.${entry}.light`);
  const rules = nights.map((n) => `"${n.id}" (turns ${turnsText([...n.turns].sort((a, b) => a - b))}, at specialRules.${n.index}.data.turns)`).join(' and ');
  const issues: SpecialIssue[] = [];
  for (const [entry, turns] of darkByDay) {
    issues.push({
      path: pathOf(entry),
      message: nights.length
        ? `K-5.2a ${turnsAre(turns)} drawn at night, but the night special rule ${rules} has no night there: expected "day", "dawn" or "dusk" on turns the rule leaves lit, or those turns added to the rule`
        : `K-5.2a ${turnsAre(turns)} drawn at night, but no special rule of kind "night" limits sight: expected "day", "dawn" or "dusk", or a night rule for those turns`,
    });
  }
  for (const [entry, turns] of litByNight) {
    const light = lightAt(c, turns[0]!);
    issues.push({
      path: pathOf(entry),
      message: `K-5.2a ${turnsAre(turns)} night under the special rule ${rules}, but drawn as "${light}": expected "night" for the rule's night turns`,
    });
  }
  return issues;
}
