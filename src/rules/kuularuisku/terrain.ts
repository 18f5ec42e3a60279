// K-3.x terrain as Kuularuisku reads the table: the going at a point (open, difficult, impassable,
// water) and the K-5.4 cover class a figure gets from the terrain around it.
import { hypot } from '../../core';
import type { TableArea, TableFeatureInfo, TableObstacleCrossing, TableQueries, TerrainTags, Vec2 } from '../../core';
import { COVER_VALUE, type CoverName } from './constants';
import type { HouseSettings } from './state';

export type Going = 'open' | 'difficult' | 'impassable';

/** A scenario's features by id (the first of an id, as a search of the list finds it), built once per scenario. */
const FEATURES = new WeakMap<object, Map<string, TableFeatureInfo>>();
function feature(table: TableQueries, id: string): TableFeatureInfo | undefined {
  const list = table.scenario.features;
  let m = FEATURES.get(list);
  if (!m) {
    m = new Map();
    for (const f of list) if (!m.has(f.id)) m.set(f.id, f);
    FEATURES.set(list, m);
  }
  return m.get(id);
}

/**
 * K-3.2 / K-3.3 / K-4.2b the going of one area: difficult from its tags (swamps, dense woods, rubble,
 * rocky ground, mud), water difficult unless frozen (K-3.3a/b), strongly flowing water impassable
 * (K-AMB-4 house: strongWaterImpassable).
 */
export function areaGoing(a: TableArea, house: HouseSettings): Going {
  if (a.kind === 'water') {
    if (!a.tags.difficult && !a.tags.impassable) return 'open'; // K-3.3b frozen water is easy going
    if (a.tags.impassable) return house.strongWaterImpassable ? 'impassable' : 'difficult';
    return 'difficult'; // K-3.3a
  }
  if (a.tags.impassable) return 'impassable';
  return a.tags.difficult ? 'difficult' : 'open';
}

/** K-4.2a/b, K-AMB-4: the going at a point (the worst of the areas there; a building's interior per house). */
export function goingAt(table: TableQueries, p: Vec2, house: HouseSettings, onBridge = false): { readonly going: Going; readonly features: readonly string[] } {
  let going: Going = 'open';
  let features: string[] | undefined; // made on the first feature: most points are open going
  // K-3.3a on a bridge deck the water under it does not count.
  const areas = table.areasAt(p[0], p[1]);
  for (let i = 0; i < areas.length; i++) {
    const a = areas[i]!;
    if (onBridge && a.kind === 'water') continue;
    const g = areaGoing(a, house);
    if (g === 'open') continue;
    (features ??= []).push(a.featureId);
    if (g === 'impassable' || going === 'open') going = g;
  }
  const b = table.buildingAt(p[0], p[1]);
  if (b && house.buildingsDifficult) { // K-3.2b buildings hinder movement (K-AMB-4)
    (features ??= []).push(b.id);
    if (going === 'open') going = 'difficult';
  }
  return features ? { going, features } : OPEN_GOING;
}

/** goingAt's answer where no feature hinders (shared, frozen: answers are read-only). */
const OPEN_GOING: { readonly going: Going; readonly features: readonly string[] } = Object.freeze({ going: 'open', features: Object.freeze([]) });

/** K-3.1a a linear obstacle affects movement only when its tags say so (wire: difficult; impassable tag). */
export function obstacleGoing(o: TableObstacleCrossing): Going {
  if (o.tags.impassable) return 'impassable';
  return o.tags.difficult ? 'difficult' : 'open';
}

/**
 * K-5.4 the cover class of a terrain feature. The book names examples: bush, wooden fence, tall grass
 * = light; stone or brick wall, grove (metsikkö), rocky ground (kivikko), ruins = hard; inside a house,
 * trench, sandbags = house/fortification; armoured protection = very well protected. Tags an author
 * set on the feature win; otherwise the kind is classed by those examples, then by its default tag.
 */
export function coverOfFeature(f: TableFeatureInfo | undefined, tags: TerrainTags): CoverName {
  if (f?.tags?.cover !== undefined) return coverOfTag(f.tags.cover);
  switch (f?.kind) {
    case 'woods': return 'hard'; // grove
    case 'rocky': return 'hard'; // rocky ground
    case 'rubble': return 'hard'; // ruins
    case 'field': return f.crop === 'crop' ? 'light' : 'open'; // tall grass / standing crop
    case 'wall': return f.material === 'wood' ? 'light' : 'hard';
    case 'fence': return f.material === 'stone' || f.material === 'brick' ? 'hard' : 'light';
    case 'hedge': return 'light'; // bush
    case 'barricade': return 'house'; // sandbags
    case 'rampart': case 'bastion': case 'redoubt': return 'house'; // fortification
    case 'building': return 'house';
    default: return coverOfTag(tags.cover);
  }
}

/** K-5.4 a battlefield cover tag read as a Kuularuisku cover class (building and fortification: class 3). */
export function coverOfTag(c: TerrainTags['cover']): CoverName {
  switch (c) {
    case 'none': return 'open';
    case 'light': return 'light';
    case 'hard': return 'hard';
    case 'building': case 'fortification': return 'house';
    case 'armoured': return 'protected';
  }
}

/** K-5.4 lower value = better cover. */
export function betterCover(a: CoverName, b: CoverName): CoverName {
  return COVER_VALUE[a] <= COVER_VALUE[b] ? a : b;
}

/**
 * table.obstaclesAlong(from, to) as far as `reach` from `from`: the battlefield (and the table cache,
 * passing it on) leaves out what lies beyond; a table that ignores it gives the whole list, which the
 * caller cuts at the same distance.
 */
function obstaclesWithin(table: TableQueries, from: Vec2, to: Vec2, reach: number): TableObstacleCrossing[] {
  return table.obstaclesAlong(from, to, reach);
}

/** The tags coverOfFeature reads for a building a figure stands in (its kind decides first). */
const BUILDING_TAGS: TerrainTags = { cover: 'building', difficult: true, impassable: false, blocksSight: true, heightClass: 'high' };

/**
 * K-5.4 / K-3.1a / K-3.2a the cover a figure standing at `at` gets against fire from `from`: inside a
 * building (house), the area it stands in (woods, ruins, rocky ground, tall crops), or a fence, wall,
 * hedge, barricade or parapet lying between it and the firer within `coverContact` of its base.
 */
export function coverAt(table: TableQueries, at: Vec2, radius: number, from: Vec2, house: HouseSettings): { cover: CoverName; sources: string[] } {
  const sources: string[] = [];
  const cover = coverScan(table, at, radius, from, house, sources);
  return { cover, sources };
}

/** coverAt(...).cover without the list of sources (the shooting asks it per visible soldier). */
export function coverClassAt(table: TableQueries, at: Vec2, radius: number, from: Vec2, house: HouseSettings): CoverName {
  return coverScan(table, at, radius, from, house, undefined);
}

/** coverAt's search: the best class met, each source that gives one noted in `sources` (when given), in the order met. */
function coverScan(table: TableQueries, at: Vec2, radius: number, from: Vec2, house: HouseSettings, sources: string[] | undefined): CoverName {
  let cover: CoverName = 'open';
  const b = table.buildingAt(at[0], at[1]);
  if (b) {
    const c = coverOfFeature(feature(table, b.id), BUILDING_TAGS);
    if (c !== 'open') { sources?.push(b.id); cover = betterCover(cover, c); }
  }
  for (const a of table.areasAt(at[0], at[1])) {
    const c = coverOfFeature(feature(table, a.featureId), a.tags);
    if (c !== 'open') { sources?.push(a.featureId); cover = betterCover(cover, c); }
  }
  if (hypot(from[0] - at[0], from[1] - at[1]) > 1e-6) {
    const reach = radius + house.coverContact + 1e-9;
    for (const o of obstaclesWithin(table, at, from, reach)) {
      if (o.distance > reach) break;
      if (b && o.featureId === b.id) continue;
      const c = coverOfFeature(feature(table, o.featureId), o.tags);
      if (c !== 'open') { sources?.push(o.featureId); cover = betterCover(cover, c); }
    }
  }
  return cover;
}
