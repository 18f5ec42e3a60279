// A scenario's beats against the units a game has: game options may leave a unit out, and a beat that
// names it then skips it (its highlight keeps the units still there; a beat that followed it keeps its
// own camera as written), so the beat still shows, with its narration, and the scenario stays valid.
import type { Scenario } from './schema';

type Beat = NonNullable<Scenario['beats']>[number];

/** One beat with only the units in `present`: the beat itself when it names none that is absent. */
export function beatOnUnits(beat: Beat, present: ReadonlySet<string>): Beat {
  const highlight = beat.highlight?.filter((id) => present.has(id));
  const follow = beat.camera.follow;
  const lostFollow = follow !== undefined && !present.has(follow);
  if (!lostFollow && highlight?.length === beat.highlight?.length) return beat;
  const { follow: _f, ...camera } = beat.camera;
  return { ...beat, ...(highlight ? { highlight } : {}), camera: lostFollow ? camera : beat.camera };
}

/** The scenario with its beats on its own units (the scenario itself when no beat names an absent unit). */
export function withBeatsOnUnits(s: Scenario): Scenario {
  if (!s.beats?.length) return s;
  const present = new Set((s.units ?? []).map((u) => u.id));
  const beats = s.beats.map((b) => beatOnUnits(b, present));
  return beats.every((b, i) => b === s.beats![i]) ? s : { ...s, beats };
}
