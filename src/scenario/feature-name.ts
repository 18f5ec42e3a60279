// How players read a piece of terrain or a special rule: the name the scenario gives it, never its
// id. Shared by the rules' texts and the view's tools so both say the same thing.

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

/**
 * A special rule's name as players read it: its text opens with its title ("Bridge demolition
 * [design]. Once in the game, …" is "Bridge demolition"), cut before a design mark, a bracket, a
 * colon or the first full stop; "a scenario rule" when the text opens with none.
 */
export function specialRuleName(rule: { readonly text: string }): string {
  const title = rule.text.split(/ \[|\s\(|: |\. |\.$/)[0]!.trim();
  return title && title.length <= 60 ? title : 'a scenario rule';
}
