// How the table should draw each soldier (the neutral PlayFigureLook): posture from the unit's state
// (pinned = "maassa", on the ground; waiting in readiness, kneeling; shot this turn, aiming) and kit
// from his weapon and role (a pistol, a crewed machine gun on its mount, a medic's armband).
import type { PlayFigureLook } from '../../../core';
import { weaponById } from '../data';
import type { KFigure, KReading, KState, KUnit } from '../state';

/** The mount each crewed machine gun is drawn on (by weapon key): the Russian Maxim's wheeled Sokolov; the others (Colt, the MG 08's sled) a tripod. */
const MOUNTS: Record<string, NonNullable<PlayFigureLook['mount']>> = { 'maxim-1910': 'wheeled' };

/** Posture from the unit's state: K-7.1 pinned lies down, K-2.3 readiness kneels, K-5 a shooter aims. */
function stanceOf(s: KReading, u: KUnit | undefined, f: KFigure): NonNullable<PlayFigureLook['stance']> {
  if (u?.status === 'pinned') return 'prone';
  if (u && s.seq.ready.includes(u.id)) return 'kneeling';
  if (u?.shotThisTurn.includes(f.id)) return 'aiming';
  return 'standing';
}

/** K-WPN class of a weapon, or undefined for none or an unknown id. */
const classOf = (weapon: string | null) => (weapon ? weaponById(weapon)?.class : undefined);

/** The look of one figure; standing with a rifle gives an empty look (the view's default). */
export function figureLook(s: KReading, f: KFigure): PlayFigureLook {
  const u = s.units[f.unitId];
  const stance = stanceOf(s, u, f);
  const look: PlayFigureLook = stance === 'standing' ? {} : { stance };
  const weapon = f.weapon ? weaponById(f.weapon) : undefined;
  // A crewed machine gun (K-WPN-10 … 13) is drawn on its mount with the gunner at it.
  if (weapon?.class === 'mg') return { ...look, arms: 'machine-gun', mount: MOUNTS[weapon.key] ?? 'tripod' };
  if (weapon?.class === 'pistol') look.arms = 'pistol';
  if (f.role === 'medic' || f.skills.includes('medic')) look.medic = true;
  if (!f.weapon) look.arms = 'none';
  // The loader (K-AMB-19) kneels at the gun while a live gunner of his unit still has it.
  const atGun = f.role === 'mg-loader' && stance !== 'prone' && !!u && u.figures.some((id) => {
    const g = s.figures[id];
    return !!g && g.id !== f.id && !g.removed && !g.evacuation && classOf(g.weapon) === 'mg';
  });
  return atGun ? { ...look, stance: 'kneeling', arms: 'none', crew: true } : look;
}
