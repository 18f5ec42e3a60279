// The play handle is what the HUD (src/ui/play) and the table (src/view/play) take — checked by the
// compiler through their structural types — and its stores notify subscribers after every command;
// the commands it sends carry their side (the seat's for a step any player may take).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import type { PlayHudHandle } from '../../src/ui/play/types';
import type { PlayTableLink } from '../../src/view/play/types';
import { createStore } from '../../src/view/store';
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

  it('K-2.1b commands carry their side: a step any player may take goes as the seat\'s, a side that may not act is refused with the reason, changing nothing', () => {
    const seat = createStore<string | null>('reds');
    const p = createPlay(scenario, table, { seed: 2, storage: null, seat });
    // The HUD's buttons carry the side the rules give them; shuffling and drawing are anyone's: the seat's.
    const begin = p.view.get().actions[0]!.command;
    expect(begin).toMatchObject({ type: 'BEGIN_TURN', side: 'whites' });
    expect(p.control.send(begin).ok).toBe(true);
    expect(p.control.send(p.view.get().actions[0]!.command).ok).toBe(true);
    expect(p.game().log.map((e) => e.command.side)).toEqual(['reds', 'reds']);
    // A card was drawn: only its unit's side chooses what it does (K-2.1b).
    const owner = p.view.get().prompt.side!;
    const other = owner === 'whites' ? 'reds' : 'whites';
    const names: Record<string, string> = { whites: 'Whites', reds: 'Reds' };
    const pass = p.view.get().actions.find((a) => a.command.type === 'PASS')!.command;
    expect(pass.side).toBe(owner);
    const hash = p.game().stateHash();
    const refusal = { ok: false, reason: `${names[other]} may not act now: the game waits for ${names[owner]} (the action of their unit whose card was drawn)`, rule: 'K-2.1b' };
    expect(p.control.check({ ...pass, side: other })).toEqual(refusal);
    expect(p.control.send({ ...pass, side: other })).toMatchObject(refusal);
    expect(p.lastRefusal.get()).toEqual({ reason: refusal.reason, rule: 'K-2.1b' });
    expect(p.game().stateHash()).toBe(hash);
    expect(p.game().log).toHaveLength(2);
    // The owner's own command goes as it is, whoever the seat is.
    expect(p.control.send(pass).ok).toBe(true);
    expect(p.game().log.at(-1)!.command.side).toBe(owner);
    p.dispose();
  });

  it('K-2.1b a seed that is not a whole number is refused with a clear message', () => {
    expect(() => createPlay(scenario, table, { seed: 1.5, storage: null })).toThrow(/seed: expected a whole number, got 1\.5/);
  });
});
