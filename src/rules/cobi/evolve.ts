// The table after one of the rules' events (the machine's own events leave it as it is).
import type { GameEvent, Vec2 } from '../../core';
import type { FigureMoved } from './events';
import { evolveAttack, unhidden } from './evolve-attack';
import type { CTable } from './state';
import { evolveVehicles } from './vehicle-evolve';

export function evolveTable(t: CTable, e: GameEvent): CTable {
  switch (e.type) {
    case 'UNIT_MOVED': {
      const to = new Map((e.moves as FigureMoved[]).map((m) => [m.figure, m.to] as const));
      const moved = { ...t, figures: t.figures.map((f) => (to.has(f.id) ? { ...f, at: [to.get(f.id)![0], to.get(f.id)![1]] as Vec2 } : f)) };
      // C-3.3.2c a unit that moves is hidden no longer.
      return t.units.some((u) => u.id === e.unit && u.hidden) ? { ...moved, units: moved.units.map((u) => (u.id === e.unit ? unhidden(u) : u)) } : moved;
    }
    case 'SIDE_SURRENDERED':
      return { ...t, surrendered: String(e.side) };
    default:
      return evolveVehicles(t, e) ?? evolveAttack(t, e);
  }
}
