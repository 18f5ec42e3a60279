// The play handle is what the HUD (src/ui/play) and the table (src/view/play) take — checked by the
// compiler through their structural types — and its stores notify subscribers after every command.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import type { PlayHudHandle } from '../../src/ui/play/types';
import type { PlayTableLink } from '../../src/view/play/types';
import { flowScenario, flowTable } from '../flow/fixture';

const scenario = flowScenario();
let table: Battlefield;

beforeAll(async () => {
  table = await flowTable(scenario);
});

describe('the play handle', () => {
  it('K-2.1b is a HUD handle and a table link; view, log and replay notify after each command, lastRefusal after a refusal', () => {
    const p = createPlay(scenario, table, { seed: 2, storage: null });
    const hud: PlayHudHandle = p;
    const link: PlayTableLink = p;
    const seen = { view: 0, log: 0, replay: 0, refusal: 0 };
    hud.view.subscribe(() => seen.view++);
    hud.log.subscribe(() => seen.log++);
    hud.replay.store.subscribe(() => seen.replay++);
    link.lastRefusal.subscribe(() => seen.refusal++);
    expect(link.control.send({ type: 'BEGIN_TURN' }).ok).toBe(true);
    expect(seen).toMatchObject({ view: 1, log: 1, refusal: 0 });
    expect(seen.replay).toBe(1); // the event count grew
    expect(link.control.send({ type: 'BEGIN_TURN' }).ok).toBe(false);
    expect(seen).toMatchObject({ view: 1, log: 1, refusal: 1 });
    expect(hud.log.get().length).toBe(p.game().events.length);
    expect(hud.log.get().map((l) => l.index)).toEqual(hud.log.get().map((_, i) => i));
    p.dispose();
  });

  it('K-2.1b a seed that is not a whole number is refused with a clear message', () => {
    expect(() => createPlay(scenario, table, { seed: 1.5, storage: null })).toThrow(/seed: expected a whole number, got 1\.5/);
  });
});
