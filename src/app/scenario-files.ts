// Finds scenario files bundled with the app: every scenarios/<ruleset>/<slug>.json becomes a lazy
// chunk (Vite glob, raw text), so only the chosen scenario is fetched, from the app's own origin.
import type { ScenarioEntry } from '../ui';
import { rulesetDisplayNames } from './rulesets';

const loaders = import.meta.glob<string>('/scenarios/*/*.json', { query: '?raw', import: 'default', eager: false });

export const DEFAULT_SCENARIO_ID = 'sandbox/training-ground';

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]*\/[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The file path a scenario id `<ruleset>/<slug>` names. */
export function scenarioPath(id: string): string {
  return `/scenarios/${id}.json`;
}

/** Ids of every bundled scenario, sorted. */
export function scenarioIds(): string[] {
  return Object.keys(loaders)
    .map((p) => p.replace(/^\/scenarios\//, '').replace(/\.json$/, ''))
    .sort();
}

/** The scenario id chosen by `?scenario=<ruleset>/<slug>`, else the default. */
export function scenarioIdFromSearch(search: string): string {
  const id = new URLSearchParams(search).get('scenario')?.trim();
  return id ? id.replace(/\.json$/, '') : DEFAULT_SCENARIO_ID;
}

/**
 * `?scenario=local/<slug>` names a file that is not bundled but served next to the app at
 * /scenarios/local/<slug>.json (same origin) — the render benchmark writes its generated table there.
 */
export const LOCAL_DIR = 'local';

async function loadLocal(file: string): Promise<ScenarioText> {
  const res = await fetch(`${import.meta.env.BASE_URL}${file.slice(1)}`);
  if (!res.ok) return { ok: false, message: `no scenario file ${file.slice(1)} on this server (HTTP ${res.status})` };
  return { ok: true, file: file.slice(1), text: await res.text() };
}

export type ScenarioText = { ok: true; file: string; text: string } | { ok: false; message: string };

/** Load the raw text of a bundled scenario; an unknown or malformed id lists the ones there are. */
export async function loadScenarioText(id: string): Promise<ScenarioText> {
  const known = scenarioIds();
  const available = known.length > 0 ? `available: ${known.join(', ')}` : 'no scenario files are bundled';
  if (!ID_PATTERN.test(id)) {
    return { ok: false, message: `"${id}" is not a scenario id: expected <ruleset>/<slug>; ${available}` };
  }
  const file = scenarioPath(id);
  const load = loaders[file];
  if (!load && id.startsWith(`${LOCAL_DIR}/`)) return loadLocal(file);
  if (!load) return { ok: false, message: `no scenario file ${file.slice(1)}; ${available}` };
  return { ok: true, file: file.slice(1), text: await load() };
}

/**
 * Title, ruleset, date and place of every bundled scenario, for the picker. Each file is still its
 * own lazy chunk: they are read only when this is called (the picker opens). A file that is not a
 * JSON object is listed with its problem rather than dropped.
 */
export async function scenarioCatalogue(): Promise<ScenarioEntry[]> {
  const names = await rulesetDisplayNames();
  const entries = await Promise.all(
    scenarioIds().map(async (id): Promise<ScenarioEntry> => {
      const ruleset = id.split('/')[0]!;
      try {
        const data: unknown = JSON.parse(await loaders[scenarioPath(id)]!());
        const o = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
        const text = (k: string) => (typeof o[k] === 'string' && o[k] ? (o[k] as string) : undefined);
        return {
          id,
          ruleset: text('ruleset') ?? ruleset,
          title: text('title') ?? id,
          ...(text('date') ? { date: text('date') } : {}),
          ...(text('place') ? { place: text('place') } : {}),
        };
      } catch (err) {
        return { id, ruleset, title: id, problem: `not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
      }
    }),
  );
  // The picker shows each ruleset by its registered name (the ui does not read the rules).
  return entries.map((e) => (names[e.ruleset] ? { ...e, rulesetName: names[e.ruleset] } : e));
}
