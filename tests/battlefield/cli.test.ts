// The CLI verbs, run in-process: output formats, exit codes and agreement with the battlefield API.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';
import type { Battlefield } from '../../src/battlefield';
import { eye, loadTrainingGround, TRAINING_GROUND } from './fixture';

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const code = await runCli(argv, { out: (s) => { out += s; }, err: (s) => { err += s; } });
  return { code, out, err };
}

let bf: Battlefield;
beforeAll(async () => { bf = await loadTrainingGround(); });
afterAll(() => bf.free());

describe('cli', () => {
  it('validate accepts the scenarios directory', async () => {
    const r = await cli('validate', 'scenarios');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/ok {2}scenarios\/sandbox\/training-ground\.json/);
  });

  it('validate reports each problem of a bad file with path and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-'));
    const s = JSON.parse(readFileSync(TRAINING_GROUND, 'utf8'));
    s.features[0].kind = 'volcano';
    const f = join(dir, 'bad.json');
    writeFileSync(f, JSON.stringify(s));
    const r = await cli('validate', f);
    expect(r.code).toBe(1);
    expect(r.out).toContain('$.features[0].kind: unknown terrain kind "volcano"');
  });

  it('height reports ground and floor heights as JSON', async () => {
    const r = await cli('height', TRAINING_GROUND, '100', '30', '--floor', '1', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ ground: 0, stand: 4, building: 'house_two_storey', floor: 1 });
  });

  it('los --json gives the same verdict and blocker as the battlefield API', async () => {
    const blocked = JSON.parse((await cli('los', TRAINING_GROUND, '--from', '15,60', '--to', '65,60', '--json')).out);
    const api = bf.lineOfSight(eye(bf, 15, 60), eye(bf, 65, 60));
    expect(blocked.clear).toBe(false);
    expect(blocked.blocker.featureId).toBe(api.blocker!.featureId);
    expect(blocked.blocker.distance).toBeCloseTo(api.blocker!.distance, 2);
    const clear = JSON.parse((await cli('los', TRAINING_GROUND, '--from', '40,60', '--to', '65,60', '--json')).out);
    expect(clear.clear).toBe(true);
    const upper = JSON.parse((await cli('los', TRAINING_GROUND, '--from', '100,33,1', '--to', '100,47,@1.6', '--json')).out);
    expect(upper.clear).toBe(true);
    expect(upper.from[1]).toBeCloseTo(4 + 1.7 * 0.94, 3);
  });

  it('los prints a readable verdict naming the blocker', async () => {
    const r = await cli('los', TRAINING_GROUND, '--from', '104,38', '--to', '100,47');
    expect(r.out).toMatch(/^BLOCKED/);
    expect(r.out).toContain('first blocker: stone_wall (wall obstacle)');
  });

  it('viewshed writes a PNG of the table', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sandtable-')), 'vs.png');
    const r = await cli('viewshed', TRAINING_GROUND, '--from', '140,90,4', '--out', out, '--res', '3', '--json');
    expect(r.code).toBe(0);
    const info = JSON.parse(r.out);
    expect(info.columns).toBe(60);
    expect(info.visibleFraction).toBeGreaterThan(0.2);
    const png = PNG.sync.read(readFileSync(out));
    expect([png.width, png.height]).toEqual([720, 480]);
  });

  it.each([
    [['los', TRAINING_GROUND, '--from', '15', '--to', '65,60'], /--from: expected x,z/],
    [['los', TRAINING_GROUND, '--from', 'a,60', '--to', '65,60'], /--from x: expected a number, got "a"/],
    [['height', TRAINING_GROUND, '500', '30'], /off the table/],
    [['height', TRAINING_GROUND, '15', '60', '--floor', '2'], /no building at \(15, 60\)/],
    [['height', 'nope.json', '1', '1'], /cannot read scenario file nope\.json/],
    [['dance'], /unknown verb "dance"/],
  ])('bad input %j exits 2 with a one-line error', async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});
