// A side's name and colour for the HUD, with a neutral fallback when the scenario gives none.
import type { PlayView } from '../../game';

export interface SideLook {
  /** Short name for banners ("Whites" of "Whites — Jäger-led company …"). */
  name: string;
  full: string;
  colour: string;
}

const FALLBACK = '#b9b2a3';

export function sideLook(view: Pick<PlayView, 'sides'>, side: string | null | undefined): SideLook {
  const s = side ? view.sides.find((x) => x.id === side) : undefined;
  const full = s?.name ?? side ?? 'Either side';
  return { name: full.split(' — ')[0]!.trim() || full, full, colour: s?.colour ?? FALLBACK };
}
