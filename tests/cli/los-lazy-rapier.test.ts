// `cli los` loads Rapier only for a line that needs it: one over open ground or past a wall leaves it
// unloaded (a deck height asked straight of a table then still says Rapier is not loaded); a line past
// a fence, a point on a bridge deck or a batch holding one loads it and is answered as the table built
// with Rapier first answers it.
import { afterAll, describe, expect, it } from 'vitest';
import { createBattlefield, createBattlefieldNow, RapierNotLoadedError, type Battlefield } from '../../src/battlefield';
import { runCli } from '../../src/cli/commands';
import { losAnswer } from '../../src/cli/los';
import { parsePoint } from '../../src/cli/points';
import { TRAINING_GROUND, trainingGroundScenario } from '../battlefield/fixture';

async function cli(argv: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const io = { out: (s: string) => { out += s; }, err: (s: string) => { err += s; }, ...(stdin === undefined ? {} : { input: async () => stdin }) };
  const code = await runCli(argv, io);
  return { code, out, err };
}

/** A table built without Rapier: a deck height asked straight of it throws while Rapier is not loaded. */
const probe = createBattlefieldNow(trainingGroundScenario());
const rapierLoaded = (): boolean => {
  try {
    probe.standHeight(85, 108);
    return true;
  } catch (err) {
    if (err instanceof RapierNotLoadedError) return false;
    throw err;
  }
};

const tables: Battlefield[] = [probe];
afterAll(() => { for (const bf of tables) bf.free(); });

// In order, in this file's fresh module state: the first lines need no Rapier, the later ones do.
describe('cli los and Rapier', () => {
  it('a line over open ground, one past the stone wall and a batch of such lines leave Rapier unloaded', async () => {
    const one = await cli(['los', TRAINING_GROUND, '--from', '15,60', '--to', '65,60', '--json']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.out).blocker.featureId).toBe('terrain');
    const wall = await cli(['los', TRAINING_GROUND, '--from', '113,35,@1', '--to', '113,50,@1', '--json']);
    expect(JSON.parse(wall.out).blocker.featureId).toBe('stone_wall');
    const batch = await cli(['los', TRAINING_GROUND, '--text'], '15,60 65,60\n140,90,4 62,90\n100,33,1 100,47\n');
    expect(batch.code).toBe(0);
    expect(batch.out.trim().split('\n')).toHaveLength(3);
    expect(rapierLoaded()).toBe(false);
  });

  it('a batch with a line past the paddock fence and a point on the bridge deck loads Rapier and answers as the table built with it first', async () => {
    const lines = ['15,60 65,60', '45,20,@1 45,35,@1', '85,108 60,108', '140,90,4 62,90'];
    const r = await cli(['los', TRAINING_GROUND], `${lines.join('\n')}\n`);
    expect(r.code).toBe(0);
    expect(rapierLoaded()).toBe(true);
    const first = await createBattlefield(trainingGroundScenario());
    tables.push(first);
    const expected = lines.map((l, i) => {
      const [from, to] = l.split(' ');
      return JSON.stringify({ line: i + 1, ...losAnswer(first, parsePoint(from, 'from'), parsePoint(to, 'to')) });
    });
    expect(r.out.trim().split('\n')).toEqual(expected);
    const answers = r.out.trim().split('\n').map((x) => JSON.parse(x));
    expect(answers[1].crossed.map((c: { featureId: string }) => c.featureId)).toEqual(['fence_paddock']);
    expect(answers[2].from[1]).toBeCloseTo(first.standHeight(85, 108) + 1.598, 9);
  });
});
