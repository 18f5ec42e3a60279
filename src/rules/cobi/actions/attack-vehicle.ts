// C-3.3.3.1 a vehicle's gun against another vehicle, in the house dice order (C-AMB-5: to-hit, its
// confirmation, reload test, damage pool, then the location, armour, effect and crew rolls):
// sight from the muzzle to the hull's armour (C-3.3.3.1a, vehicle-sight.ts), range barrel to armour
// (C-EX-4) against the gun's bands (C-GAP-9), modifiers (C-MOD-1/5/6 and range), the to-hit die with
// natural 1 / jam and 6-then-6 (C-3.3.3.1f–i), the reload test (C-3.3.3.1j), the damage pool with
// exploding sixes (C-3.3.3.1k–l), the locations in a straight line from the barrel (C-3.3.3.1m,
// C-AMB-15) chosen by the target's owner — a decision of that side — unless the attacker aimed (−1),
// then the armour of the location, the effect by the card's thresholds (C-3.3.3.1o, C-AMB-6) and the
// crew's dice. A destroyed vehicle stays as a wreck. Also the reload action (+2, C-3.3.3.1j).
import { bearing, type Command, type Dice, type GameEvent, type PendingDecision, type Resolution, type TableQueries, type Vec2 } from '../../../core';
import type { Scenario } from '../../../scenario';
import { DEFAULT_HOUSE } from '../house';
import { shotModifiers } from '../modifiers';
import { rangeModifier } from '../infantry/range';
import { sideName, unitName } from '../scenario-data';
import { vehicleActive, vehicleOf, type CState, type CTable, type CVehicle, type PendingStrike } from '../state';
import { aspect, armourField, type Location } from '../vehicle/aspect';
import { crewHalved, crewRolls } from '../vehicle/crew';
import { damagePool, finalDamage } from '../vehicle/damage';
import { vehicleEffect } from '../vehicle/effects';
import { RELOAD_ACTION_BONUS, reloadTest, vehicleToHit } from '../vehicle/to-hit';
import { gunSight, type GunSight } from '../vehicle-sight';
import { cardOf } from '../vehicle-table';
import { WEAPONS } from '../weapons';

type Refusal = { ok: false; reason: string; rule: string };
const no = (reason: string, rule: string): Refusal => ({ ok: false, reason, rule });
const LOCATIONS: readonly Location[] = ['front', 'side', 'rear', 'turret'];

/** Why this vehicle's gun cannot fire now (C-3.3.3.1i–j, C-3.3.3.1o, C-AMB-11), or undefined. */
export function gunRefusal(scenario: Scenario, v: CVehicle): Refusal | undefined {
  const name = unitName(scenario, v.unit);
  if (!vehicleActive(v)) return no(`${name} has no crew left to fire`, 'C-3.3.3.1o');
  if (v.marks.includes('disabled')) return no(`${name} is disabled: its gun cannot fire`, 'C-3.3.3.1o');
  const card = cardOf(v);
  if (card.light || !card.hit || !card.reload || !card.damage) return no(`${name} fires by the infantry procedure, not built for vehicles yet`, 'C-AMB-11');
  if (v.gun === 'needs-reload') return no(`${name}'s gun failed its reload test: the crew must reload first`, 'C-3.3.3.1j');
  if (v.gun === 'jammed') return no(`${name}'s gun is jammed: the crew may try to reload it (+2)`, 'C-3.3.3.1i');
  return undefined;
}

/** The gun's range bands (its card's first weapon, C-GAP-9 house bands). */
function gunBands(v: CVehicle) {
  const gun = WEAPONS.find((w) => w.id === cardOf(v).weapons[0]);
  return gun?.ranges ?? [];
}

export interface TargetCheck {
  target: CVehicle;
  sight: GunSight;
  /** The range modifier, when in range. */
  range?: number;
  refusal?: Refusal;
}

/** C-3.3.3.1a, C-GAP-9 what the gun sees of one enemy vehicle: sight, range and the modifier, or why it may not fire at it. */
export function checkTarget(scenario: Scenario, table: TableQueries, t: CTable, v: CVehicle, target: CVehicle): TargetCheck {
  const sight = gunSight(scenario, table, t, v, target);
  const name = unitName(scenario, v.unit);
  const other = unitName(scenario, target.unit);
  if (!sight.clear) return { target, sight, refusal: no(`no sight line from ${name}'s gun to ${other}'s armour: ${sight.blocker} is in the way`, 'C-3.3.3.1a') };
  const r = rangeModifier(gunBands(v), sight.range);
  if (!r.inRange) return { target, sight, refusal: no(`${other}: ${r.reason}`, 'C-3.3.3.1e') };
  return { target, sight, range: r.mod };
}

/** The enemy vehicles on the table (wrecks are no targets). */
export function enemyVehicles(t: CTable, side: string): CVehicle[] {
  return (t.vehicles ?? []).filter((x) => x.side !== side && !x.wreck);
}

const plan = (p: readonly number[]): Vec2 => [p[0]!, p[2]!];

/** C-3.3.3.1m the locations in a straight line from the muzzle, by the target's aspect (C-AMB-15 house square band). */
export function strikeLocations(target: CVehicle, from: Vec2): { locations: Location[]; aspect: string; rule: string } {
  const a = aspect(target.facing, bearing(target.at, from), DEFAULT_HOUSE.aspectSquareWithin, cardOf(target).turret);
  return { locations: a.locations, aspect: a.aspect, rule: a.rule };
}

/** C-3.3.3.1 the vehicle's attack on the target unit: its events (a decision left open for the owner's choice), or the refusal. */
export function attackWithVehicle(s: CState, v: CVehicle, c: Command, scenario: Scenario, table: TableQueries, dice: Dice): Resolution {
  const name = unitName(scenario, v.unit);
  const gun = gunRefusal(scenario, v);
  if (gun) return gun;
  const targetUnit = typeof c.target === 'string' ? c.target : undefined;
  if (!targetUnit || !s.table.units.some((u) => u.id === targetUnit)) return no('an attack needs "target": the id of an enemy unit on the table', 'C-3.3.3.1a');
  const target = vehicleOf(s.table, targetUnit);
  if (!target) return no(`${name}'s gun against infantry (C-GAP-8) is not built yet: choose an enemy vehicle`, 'C-GAP-8');
  if (target.side === v.side) return no(`${unitName(scenario, targetUnit)} is on your own side`, 'C-3.3.3.1a');
  if (target.wreck) return no(`${unitName(scenario, targetUnit)} is already a wreck`, 'C-3.3.3.1o');
  const check = checkTarget(scenario, table, s.table, v, target);
  if (check.refusal || !check.sight.clear) return check.refusal ?? no('no sight line', 'C-3.3.3.1a');
  const sight = check.sight;
  const from = plan(sight.muzzle);
  const where = strikeLocations(target, from);
  const aim = c.aim === undefined ? undefined : String(c.aim);
  if (aim !== undefined && !where.locations.includes(aim as Location)) {
    return no(`${unitName(scenario, targetUnit)} shows ${where.locations.join(', ')} to the barrel: no aim at "${aim}"`, 'C-3.3.3.1m');
  }
  const mods = shotModifiers({ range: check.range, ...(sight.cover ? { cover: sight.cover } : {}), aimed: aim !== undefined });
  const card = cardOf(v);
  const toHit = vehicleToHit(dice, card.hit!, mods.total, name);
  const other = unitName(scenario, targetUnit);
  const modText = mods.parts.length ? ` (${mods.parts.map((p) => `${p.value > 0 ? '+' : '−'}${Math.abs(p.value)} ${p.why}${p.why === 'target behind soft cover' || p.why === 'target behind hard cover' ? `: ${sight.coverBy}` : ''}, ${p.rule}`).join('; ')})` : '';
  const events: GameEvent[] = [{
    type: 'VEHICLE_FIRED', rule: toHit.rule, vehicle: v.id, target: target.id, turret: bearing(v.at, target.at), range: Math.round(sight.range * 10) / 10,
    modifier: mods.total, rolls: toHit.rolls, result: toHit.result, ...(aim ? { aim } : {}),
    text: `${name} fire at ${other}, ${sight.range.toFixed(1)} cm barrel to armour${modText}: ${toHit.why}`,
  }];
  if (toHit.result === 'jam') return { ok: true, events };
  // C-3.3.3.1j the reload test, hit or miss (C-AMB-5: right after the to-hit dice).
  const reload = reloadTest(dice, card.reload!, 0, name);
  events.push({ type: 'GUN_RELOADED', rule: 'C-3.3.3.1j', vehicle: v.id, roll: reload.roll, reloaded: reload.reloaded, text: `${name} reload test: ${reload.roll} against ${card.reload![0]}–${card.reload![1]}, ${reload.reloaded ? 'reloaded' : 'not reloaded: the crew must take the reload action (+2) before firing again'}` });
  if (toHit.result !== 'hit') return { ok: true, events };
  const pool = damagePool(dice, card.damage!, name);
  const extra = pool.extra.length ? ` + ${pool.extra.join(', ')} for the sixes` : '';
  const pending: PendingStrike = { attacker: v.id, target: target.id, hits: pool.hits, locations: where.locations, side: target.side };
  const poolText = `${name}'s ${card.damage} damage dice: ${pool.rolls.join(', ')}${extra} → ${pool.hits} hits`;
  // C-3.3.3.1m the attacker who aimed chooses; a single location leaves no choice; else the owner chooses.
  const chosen = aim ?? (where.locations.length === 1 ? where.locations[0] : undefined);
  if (chosen) {
    events.push({ type: 'DAMAGE_ROLLED', rule: 'C-3.3.3.1k', vehicle: v.id, target: target.id, hits: pool.hits, text: `${poolText}, on the ${chosen}` });
    events.push(strikeEvent(scenario, target, pending, chosen as Location, dice, aim ? v.side : undefined));
    return { ok: true, events };
  }
  events.push({
    type: 'DAMAGE_ROLLED', rule: 'C-3.3.3.1k', vehicle: v.id, target: target.id, hits: pool.hits, locations: [...where.locations], side: target.side,
    text: `${poolText}; ${other} ${where.aspect.replace('-', ' ')} to the barrel: ${sideName(scenario, target.side)} choose ${where.locations.join(', ')} (${where.rule})`,
  });
  return { ok: true, events };
}

/** C-3.3.3.1l–p the hits on the chosen location: armour off, the effect by the card's thresholds, the crew's dice. */
function strikeEvent(scenario: Scenario, target: CVehicle, strike: PendingStrike, location: Location, dice: Dice, chosenBy: string | undefined): GameEvent {
  const card = cardOf(target);
  const armour = card.armour[armourField(location)];
  const damage = finalDamage(strike.hits, armour);
  const effect = vehicleEffect(damage, card.effects, target.marks.includes('damaged'));
  const name = unitName(scenario, target.unit);
  const crew = crewRolls(dice, effect.effect, target.crew, name);
  const dead = crew.fates.filter((f) => f === 'dead').length;
  const wounded = crew.fates.filter((f) => f === 'wounded').length;
  const left = target.crew - dead - wounded;
  const halved = effect.effect !== 'destroyed' && crewHalved(card.crew, card.crew - left, 0, DEFAULT_HOUSE.halfCrew, DEFAULT_HOUSE.woundedCrewLost);
  const who = chosenBy ? `${sideName(scenario, chosenBy)} aimed at the ${location}` : `the ${location}`;
  const crewText = effect.effect === 'destroyed' ? ': the crew are dead, the wreck stays on the table'
    : crew.rolls.length ? `; crew dice ${crew.rolls.join(', ')}: ${dead} dead, ${wounded} wounded${halved ? ', the crew is halved: it moves or shoots, not both (C-3.3.3.1p)' : ''}` : '';
  return {
    type: 'VEHICLE_STRUCK', rule: effect.rule, target: target.id, location, armour, hits: strike.hits, damage, effect: effect.effect, dead, wounded, ...(chosenBy ? { chosenBy } : {}),
    text: `${name} hit on ${who} (armour ${armour}): ${strike.hits} − ${armour} = ${damage}, ${effect.effect === 'none' ? 'no effect' : effect.effect} (${effect.why})${crewText}`,
  };
}

/** C-3.3.3.1m the owner's choice awaited: which location the hits strike, the strongest armour first (the owner's natural pick). */
export function strikeDecision(s: CState, scenario: Scenario): PendingDecision | undefined {
  const strike = s.table.strike;
  const target = strike && s.table.vehicles?.find((x) => x.id === strike.target);
  if (!strike || !target) return undefined;
  const card = cardOf(target);
  const options = [...strike.locations].sort((a, b) => card.armour[armourField(b as Location)] - card.armour[armourField(a as Location)]).map((l) => {
    const armour = card.armour[armourField(l as Location)];
    const effect = vehicleEffect(finalDamage(strike.hits, armour), card.effects, target.marks.includes('damaged')).effect;
    return { label: `${l} (armour ${armour}): ${effect === 'none' ? 'no effect' : effect}`, command: { type: 'CHOOSE_LOCATION', side: strike.side, location: l } };
  });
  return {
    side: strike.side, kind: 'hit-location', rule: 'C-3.3.3.1m', unitId: target.unit,
    label: `${unitName(scenario, target.unit)} is hit, ${strike.hits} hits: which armour takes them?`, options,
  };
}

/** C-3.3.3.1m the owner's answer: the location picked takes the hits. */
export function answerStrike(s: CState, c: Command, scenario: Scenario, dice: Dice): Resolution {
  const strike = s.table.strike;
  const target = strike && s.table.vehicles?.find((x) => x.id === strike.target);
  if (!strike || !target) return no('no hit awaits its location', 'C-3.3.3.1m');
  const location = String(c.location);
  if (!LOCATIONS.includes(location as Location) || !strike.locations.includes(location)) return no(`the hit strikes ${strike.locations.join(', ')}: choose one of them`, 'C-AMB-15');
  return { ok: true, events: [strikeEvent(scenario, target, strike, location as Location, dice, undefined)] };
}

/** C-3.3.3.1j (C-3.3.3.1i after a jam) the reload action: a reload test at +2. */
export function reloadAction(scenario: Scenario, v: CVehicle, dice: Dice): Resolution {
  const name = unitName(scenario, v.unit);
  if (v.gun === 'loaded') return no(`${name}'s gun is loaded`, 'C-3.3.3.1j');
  const card = cardOf(v);
  if (!card.reload) return no(`${name} fires by the infantry procedure`, 'C-AMB-11');
  const r = reloadTest(dice, card.reload, RELOAD_ACTION_BONUS, name, v.gun === 'jammed' ? 'C-3.3.3.1i' : 'C-3.3.3.1j');
  return { ok: true, events: [{ type: 'GUN_RELOADED', rule: 'C-3.3.3.1j', vehicle: v.id, roll: r.roll, reloaded: r.reloaded, action: true, text: `${name} ${r.reloaded ? 'reload the gun' : 'fail to reload'} (${r.roll} + ${RELOAD_ACTION_BONUS} = ${r.roll + RELOAD_ACTION_BONUS} against ${card.reload[0]}–${card.reload[1]})${r.reloaded ? '' : ': they must try again (C-GAP-7)'}` }] };
}
