// The toy cards rules' choices and turn hooks (tests only): decisions asked of one side, read from the
// table — who falls to hits (TC-9), which shaken unit rallies at the turn's end (TC-11) — their
// answers, and the snipers that open a turn before the deal (TC-12).
import type { Command, Dice, GameEvent, PendingDecision, Resolution } from '../../core';
import type { Scenario } from '../../scenario';
import { cardUnits, nameOf, no, sideName, sideOfUnit, unitFigures, type CardsState, type Ctx } from './rules';

/** TC-9 the owner of a unit hit by fewer hits than it has figures chooses, a hit at a time, which figure falls. */
export function allocationDecision(s: CardsState, scenario: Scenario): PendingDecision | undefined {
  const a = s.table.allocating;
  if (!a) return undefined;
  const side = sideOfUnit(s.table, a.target);
  const name = nameOf(scenario, a.target);
  const all = s.table.figures.filter((f) => f.unit === a.target);
  const options = all.flatMap((f, i) => (f.alive ? [{ label: `${name}, man ${i + 1}`, command: { type: 'ALLOCATE_HIT', side, figureId: f.id } }] : []));
  return { side, kind: 'hit-allocation', label: `${a.hits} hit${a.hits === 1 ? '' : 's'} on ${name}: which man falls?`, rule: 'TC-9', options };
}

/** TC-9 the hits first; TC-11 then each side's rally at the turn's end. */
export function pendingCards(s: CardsState, scenario: Scenario): PendingDecision | undefined {
  return allocationDecision(s, scenario) ?? rallyDecision(s, scenario);
}

/** TC-11 the side to choose which of its shaken units rallies (or none). */
function rallyDecision(s: CardsState, scenario: Scenario): PendingDecision | undefined {
  const side = s.table.rally[0];
  if (!side) return undefined;
  const shaken = s.table.shaken.filter((u) => unitFigures(s.table, u).length > 0 && sideOfUnit(s.table, u) === side);
  const options = [...shaken.map((u) => ({ label: `${nameOf(scenario, u)} rallies`, command: { type: 'RALLY', side, unitId: u } as Command })), { label: 'None rallies', command: { type: 'RALLY', side, unitId: null } }];
  return { side, kind: 'rally', label: `${sideName(scenario, side)}: which shaken unit rallies?`, rule: 'TC-11', options };
}

/** TC-11 at the turn's end each side with a shaken unit on the table chooses one to rally (in the scenario's order). */
export function turnEndRally(s: CardsState, { scenario }: Ctx): GameEvent[] {
  const sides = s.seq.sides.filter((side) => s.table.shaken.some((u) => unitFigures(s.table, u).length > 0 && sideOfUnit(s.table, u) === side));
  return sides.length ? [{ type: 'RALLY_CALLED', rule: 'TC-11', sides, text: `${sides.map((x) => sideName(scenario, x)).join(' and ')} may rally a shaken unit` }] : [];
}

/** TC-12 from the second turn, each side's sniper fires as the turn opens (a d6, on a 6) at the enemy unit with the most men (the scenario's order on a tie). */
export function turnStartSnipers(s: CardsState, { scenario, dice }: Ctx & { dice: Dice }): GameEvent[] {
  if (s.seq.round < 1) return [];
  return s.seq.sides.flatMap((side) => {
    const roll = dice.roll(6, `${sideName(scenario, side)} sniper (6)`, 'TC-12');
    const enemies = s.seq.sides.filter((x) => x !== side).flatMap((x) => cardUnits(s.table, x));
    if (roll < 6 || !enemies.length) return [];
    const target = enemies.reduce((a, b) => (unitFigures(s.table, b).length > unitFigures(s.table, a).length ? b : a));
    const men = unitFigures(s.table, target);
    return [{ type: 'SNIPED', rule: 'TC-12', side, target, fallen: men.length === 1 ? [men[0]!.id] : [], text: `${sideName(scenario, side)}' sniper hits ${nameOf(scenario, target)}` }];
  });
}

/** TC-9 an answer: the chosen figure of the unit hit falls; TC-11 a side's rally. */
export function answerCards(s: CardsState, c: Command, { scenario }: Ctx): Resolution {
  if (c.type === 'RALLY') return answerRally(s, c, scenario);
  const a = s.table.allocating;
  if (c.type !== 'ALLOCATE_HIT' || !a) return no(`${c.type} answers nothing now`, 'TC-9');
  const figure = s.table.figures.find((f) => f.id === c.figureId);
  if (!figure || figure.unit !== a.target || !figure.alive) return no(`the hit falls on a standing man of ${nameOf(scenario, a.target)}`, 'TC-9');
  const man = s.table.figures.filter((f) => f.unit === a.target).indexOf(figure) + 1;
  return { ok: true, events: [{ type: 'HIT_ALLOCATED', rule: 'TC-9', unit: a.target, figure: figure.id, text: `${sideName(scenario, figure.side)} choose: ${nameOf(scenario, a.target)}, man ${man} falls` }] };
}

/** TC-11 the side's choice: the unit named rallies (no longer shaken), or none. */
function answerRally(s: CardsState, c: Command, scenario: Scenario): Resolution {
  const d = rallyDecision(s, scenario);
  if (!d || c.side !== d.side) return no('no rally is asked of this side now', 'TC-11');
  if (!d.options.some((o) => o.command.unitId === c.unitId)) return no(`${nameOf(scenario, String(c.unitId))} is not a shaken unit of ${sideName(scenario, d.side)}`, 'TC-11');
  const unit = c.unitId === null ? null : String(c.unitId);
  return { ok: true, events: [{ type: 'RALLIED', rule: 'TC-11', side: d.side, unit, text: unit ? `${nameOf(scenario, unit)} rally` : `${sideName(scenario, d.side)} rally no unit` }] };
}
