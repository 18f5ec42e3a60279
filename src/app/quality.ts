// Picks the rendering tier (ART.md §9): `?quality=` wins, automated browsers get `test`, else `medium`.
import type { Quality } from '../view';

const TIERS: readonly Quality[] = ['high', 'medium', 'low', 'test'];

export function chooseQuality(search: string, webdriver: boolean): Quality {
  const asked = new URLSearchParams(search).get('quality');
  if (asked && (TIERS as readonly string[]).includes(asked)) return asked as Quality;
  return webdriver ? 'test' : 'medium';
}
