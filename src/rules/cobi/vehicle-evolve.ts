// The table after a vehicle event: a move (the turret keeps its bearing off the hull), a shot (the
// turret laid on the target; a jam, F6), a reload test, a damage pool awaiting its location, the
// location's effect (C-3.3.3.1o marks, crew lost, a wreck that stays on the table); and a unit's action
// in a joint activation (C-3.3a).
import type { GameEvent, Vec2 } from '../../core';
import type { CTable, CVehicle, GunState, PendingStrike, VehicleMark } from './state';

const norm = (deg: number) => ((deg % 360) + 360) % 360;

function withVehicle(t: CTable, id: string, change: (v: CVehicle) => CVehicle): CTable {
  return { ...t, vehicles: (t.vehicles ?? []).map((v) => (v.id === id ? change(v) : v)) };
}

/** The table without its pending strike (the field dropped, so a table with none keeps its shape). */
function strikeAnswered(t: CTable): CTable {
  const { strike: _, ...rest } = t;
  return rest;
}

/** The table after a vehicle event, or undefined when the event is none of them. */
export function evolveVehicles(t: CTable, e: GameEvent): CTable | undefined {
  switch (e.type) {
    case 'VEHICLE_MOVED': {
      const to = e.to as Vec2;
      return withVehicle(t, String(e.vehicle), (v) => ({ ...v, at: [to[0], to[1]], facing: Number(e.facing), turret: norm(v.turret + Number(e.facing) - v.facing) }));
    }
    case 'VEHICLE_FIRED':
      return withVehicle(t, String(e.vehicle), (v) => ({ ...v, turret: Number(e.turret), ...(e.result === 'jam' ? { gun: 'jammed' as GunState } : {}) }));
    case 'GUN_RELOADED':
      return withVehicle(t, String(e.vehicle), (v) => ({ ...v, gun: e.reloaded ? 'loaded' : 'needs-reload' }));
    case 'DAMAGE_ROLLED': {
      if (!e.locations) return t;
      const strike: PendingStrike = { attacker: String(e.vehicle), target: String(e.target), hits: Number(e.hits), locations: e.locations as string[], side: String(e.side) };
      return { ...t, strike };
    }
    case 'VEHICLE_STRUCK': {
      const effect = String(e.effect);
      const after = withVehicle(strikeAnswered(t), String(e.target), (v) => {
        if (effect === 'destroyed') return { ...v, wreck: true, crew: 0 };
        const marks: VehicleMark[] = effect === 'none' || v.marks.includes(effect as VehicleMark) ? [...v.marks] : [...v.marks, effect as VehicleMark];
        return { ...v, marks, crew: v.crew - Number(e.dead) - Number(e.wounded), wounded: v.wounded + Number(e.wounded) };
      });
      return after;
    }
    case 'ACTION_TAKEN': {
      // C-3.3a a joint activation's record: restarted for a new activation, added to within one.
      const [round, lead] = [Number(e.round), String(e.lead)];
      const same = t.activation && t.activation.round === round && t.activation.lead === lead;
      return { ...t, activation: { round, lead, done: { ...(same ? t.activation!.done : {}), [String(e.unit)]: String(e.action) } } };
    }
    default:
      return undefined;
  }
}
