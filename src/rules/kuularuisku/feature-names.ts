// How refusals and notes name a piece of terrain: players read names, never ids. A feature the
// scenario leaves unnamed is called by its kind ("a building").
import type { TableQueries } from '../../core';

/** The feature's name as the scenario gives it ("the two-storey house"), else its kind ("a building"); only on refusal paths. */
export function featureName(table: TableQueries, featureId: string): string {
  const f = table.scenario.features.find((x) => x.id === featureId) as { kind: string; name?: unknown } | undefined;
  if (!f) return 'a piece of terrain';
  if (typeof f.name === 'string' && f.name) return f.name;
  return `${/^[aeiou]/.test(f.kind) ? 'an' : 'a'} ${f.kind}`;
}
