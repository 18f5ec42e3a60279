// How players read a piece of terrain: the name the scenario gives it, never its id. Shared by the
// rules' refusals and the view's tools so both say the same thing.

/** What naming needs of a scenario: its features' ids, kinds and names. */
export interface NamedFeatures {
  readonly features: readonly { readonly id: string; readonly kind: string; readonly name?: unknown }[];
}

/** The feature's name as the scenario gives it ("Stone mortuary"), else its kind ("a building"); "a piece of terrain" for an unknown id. */
export function featureName(scenario: NamedFeatures, featureId: string): string {
  const f = scenario.features.find((x) => x.id === featureId);
  if (!f) return 'a piece of terrain';
  if (typeof f.name === 'string' && f.name) return f.name;
  return `${/^[aeiou]/.test(f.kind) ? 'an' : 'a'} ${f.kind}`;
}
