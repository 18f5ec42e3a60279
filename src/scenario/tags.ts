// Default rules tags per terrain kind; a feature's own `tags` override these field by field.
import type { Feature, Tags } from './schema';

export type ResolvedTags = Required<Pick<Tags, 'cover' | 'difficult' | 'impassable' | 'blocksSight' | 'heightClass'>> &
  Pick<Tags, 'seeInDepth'>;

function heightClassOf(height: number): ResolvedTags['heightClass'] {
  if (height <= 0.5) return 'flat';
  if (height < 3) return 'low';
  if (height < 7.62) return 'high';
  return 'elevated';
}

export function defaultTags(f: Feature): ResolvedTags {
  const t = (cover: ResolvedTags['cover'], blocksSight: boolean, difficult = false, heightClass: ResolvedTags['heightClass'] = 'flat', extra: Partial<ResolvedTags> = {}): ResolvedTags => ({
    cover, blocksSight, difficult, impassable: false, heightClass, ...extra,
  });
  switch (f.kind) {
    case 'hill': return t('none', true, false, heightClassOf(Math.abs(f.height)));
    case 'building': return t('building', true, true, heightClassOf(f.eaves));
    case 'wall': return t('hard', true, false, heightClassOf(f.height));
    case 'fence': return t('light', false, false, heightClassOf(f.height));
    case 'hedge': return t('light', true, false, heightClassOf(f.height));
    case 'palisade': return t('hard', true, false, heightClassOf(f.height));
    case 'wire': return t('none', false, true, 'low');
    case 'barricade': return t('fortification', true, false, heightClassOf(f.height));
    case 'woods': return f.density === 'dense' ? t('light', false, true, 'high', { seeInDepth: 10 }) : t('light', false, false, 'high');
    case 'field': return t('none', false, f.crop === 'mud' || f.crop === 'plough');
    case 'marsh': return t('none', false, true);
    case 'rubble': return t('hard', false, true, 'low', { seeInDepth: 10 });
    case 'rocky': return t('light', false, true, 'low');
    case 'road': return t('none', false);
    case 'water': return t('none', false, !f.frozen, 'flat', { impassable: !f.frozen && f.flow === 'strong' });
    case 'rampart': case 'bastion': case 'redoubt': return t('fortification', true, false, heightClassOf(f.height));
    // A ditch is dug earth, no solid: its faces stop sight lines as relief does; in it, a trench's cover.
    case 'ditch': return t('fortification', false, false, 'flat');
    case 'bridge': return t('none', false);
    case 'ladder': return t('none', false);
  }
}

export function resolveTags(f: Feature): ResolvedTags {
  return { ...defaultTags(f), ...(f.tags ?? {}) } as ResolvedTags;
}

/** Default height of an area's sight volume above the ground (cm). */
export function defaultAreaHeight(f: Feature): number {
  switch (f.kind) {
    case 'woods': return f.density === 'dense' ? 12 : 10;
    case 'rubble': return 1.5;
    case 'rocky': return 1;
    case 'field': return f.crop === 'crop' ? 1 : 0;
    default: return 0;
  }
}
