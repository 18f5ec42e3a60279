// A soldier as the HUD names him: his role and his place among the unit's soldiers of that role
// ("rifleman 3", "the squad leader"), never his id; a figure without a role is "soldier n".
import type { PlayFigure, PlayUnit } from '../../game';

/** "squad-leader" → "squad leader", "mg-gunner" → "MG gunner". */
function roleWords(role: string): string {
  return role.replace(/[-_]+/g, ' ').replace(/\bmg\b/gi, 'MG');
}

export function playFigureName(unit: Pick<PlayUnit, 'figures'> | undefined, f: Pick<PlayFigure, 'id' | 'role'>): string {
  const figures = unit?.figures ?? [];
  if (!f.role) {
    const i = figures.findIndex((x) => x.id === f.id);
    return i >= 0 ? `soldier ${i + 1}` : 'a soldier';
  }
  const same = figures.filter((x) => x.role === f.role);
  const i = same.findIndex((x) => x.id === f.id);
  return same.length > 1 && i >= 0 ? `${roleWords(f.role)} ${i + 1}` : `the ${roleWords(f.role)}`;
}
