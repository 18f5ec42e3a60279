// How players read a piece of terrain: the name the scenario gives it, never its id. Shared by the
// rules' refusals and the view's tools so both say the same thing.

/** What naming needs of a scenario: its features' ids, kinds and names. */
export interface NamedFeatures {
  readonly features: readonly { readonly id: string; readonly kind: string; readonly name?: unknown }[];
}

/**
 * The feature's name as the scenario gives it, without the description that may follow it after a
 * bracket, colon or comma ("Tampere Theatre (1912), 3 storeys: …" is "Tampere Theatre"), else
 * its kind ("a building"); "a piece of terrain" for an unknown id.
 */
export function featureName(scenario: NamedFeatures, featureId: string): string {
  const f = scenario.features.find((x) => x.id === featureId);
  if (!f) return 'a piece of terrain';
  const short = typeof f.name === 'string' ? f.name.split(/ \(|: |, /)[0]!.trim() : '';
  if (short) return short;
  return `${/^[aeiou]/.test(f.kind) ? 'an' : 'a'} ${f.kind}`;
}
