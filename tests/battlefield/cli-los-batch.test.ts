// `cli los` with many sight lines in one call: the real CLI answers a random batch exactly as single
// calls answer each line (property test), the point forms (floor and height, absolute height) and
// their refusals, and a bad line that carries its error without stopping the others.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { runCli, UsageError } from '../../src/cli/commands';
import { losAnswer } from '../../src/cli/los';
import { DEFAULT_EYE_HEIGHT, parsePoint } from '../../src/cli/points';
import { loadTrainingGround, TRAINING_GROUND } from './fixture';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'sandtable-los-'));

async function cli(argv: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const io = { out: (s: string) => { out += s; }, err: (s: string) => { err += s; }, ...(stdin === undefined ? {} : { input: async () => stdin }) };
  const code = await runCli(argv, io);
  return { code, out, err };
}

/** The real CLI process, the lines written to its stdin; stdout is a pipe, read whole. */
function spawnCli(args: string[], stdin: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/cli/main.ts', ...args], { cwd: ROOT });
    let out = '', err = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString('utf8'); });
    p.stderr.on('data', (d: Buffer) => { err += d.toString('utf8'); });
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, out, err }));
    p.stdin.end(stdin);
  });
}

let bf: Battlefield;
beforeAll(async () => { bf = await loadTrainingGround(); });
afterAll(() => bf.free());

/** A point as the user may write it: the spec and its text form (the only form a single call takes). */
interface Pt { x: number; z: number; floor?: number; above?: number; y?: number }
const text = (p: Pt) => [p.x, p.z, ...(p.y !== undefined ? [`=${p.y}`] : []), ...(p.floor !== undefined ? [p.floor] : []), ...(p.above !== undefined ? [`@${p.above}`] : [])].join(',');

describe('cli los batch', () => {
  it('a random batch through the real CLI answers every line exactly as a single call does (property)', async () => {
    const { width, depth } = bf.scenario.table;
    const tenth = (max: number) => fc.integer({ min: 0, max: max * 10 }).map((v) => v / 10);
    const height = fc.integer({ min: 0, max: 60 }).map((v) => v / 10);
    // Open ground: the eye, a height above the surface, or an absolute height above the ground.
    const open = fc.tuple(tenth(width), tenth(depth), fc.constantFrom('eye', 'above', 'y'), height).map(([x, z, form, h]): Pt => (
      form === 'eye' ? { x, z } : form === 'above' ? { x, z, above: h } : { x, z, y: Math.round((bf.groundHeight(x, z) + h) * 1000) / 1000 }));
    // Near the two buildings: a floor, with or without a height above it (the eye when outside them).
    const building = fc.tuple(fc.constantFrom([100, 30], [140, 90]), fc.integer({ min: -80, max: 80 }), fc.integer({ min: -80, max: 80 }), fc.nat(), fc.option(height, { nil: undefined }))
      .map(([[cx, cz], dx, dz, k, above]): Pt => {
        const x = cx! + dx / 10, z = cz! + dz / 10;
        const b = bf.buildingAt(x, z);
        if (!b) return { x, z };
        return above === undefined ? { x, z, floor: k % b.levels.length } : { x, z, floor: k % b.levels.length, above };
      });
    // Points refused: off the table, a floor where no building stands, under the ground.
    const refused = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 500 }), tenth(depth)).map(([d, z]): Pt => ({ x: width + d, z })),
      fc.tuple(tenth(60), tenth(depth)).map(([x, z]): Pt => ({ x, z, floor: 2 })),
      fc.tuple(tenth(width), tenth(depth)).map(([x, z]): Pt => ({ x, z, y: -1 })),
    );
    const point = fc.oneof({ weight: 6, arbitrary: open }, { weight: 3, arbitrary: building }, { weight: 1, arbitrary: refused });
    // A batch line gives each point as text or as an object, and sometimes an id.
    const line = fc.record({ from: point, to: point, fromAsObject: fc.boolean(), toAsObject: fc.boolean(), id: fc.option(fc.nat(), { nil: undefined }) });

    await fc.assert(fc.asyncProperty(fc.array(line, { minLength: 300, maxLength: 400 }), async (lines) => {
      const body = lines.map((l) => JSON.stringify({
        from: l.fromAsObject ? l.from : text(l.from), to: l.toAsObject ? l.to : text(l.to), ...(l.id === undefined ? {} : { id: l.id }),
      })).join('\n');
      const r = await spawnCli(['los', TRAINING_GROUND], `${body}\n`);
      const results = r.out.trim().split('\n').map((s) => JSON.parse(s));
      expect(results).toHaveLength(lines.length);
      // Single calls in the reverse order of the batch: an answer that hung on the lines before it would show.
      for (let i = lines.length - 1; i >= 0; i--) {
        const l = lines[i]!;
        const got = results[i];
        expect(got.line).toBe(i + 1);
        expect(got.id).toBe(l.id);
        const { line: _, id: __, ...answer } = got;
        let single: unknown;
        try {
          single = JSON.parse(JSON.stringify(losAnswer(bf, parsePoint(text(l.from), '--from'), parsePoint(text(l.to), '--to'))));
        } catch (err) {
          if (!(err instanceof UsageError)) throw err;
          single = { error: `stdin:${i + 1}: ${err.message.replace(/^--(from|to)/, '$$.$1')}` };
        }
        expect(answer, `line ${i + 1}: ${JSON.stringify({ from: text(l.from), to: text(l.to) })}`).toEqual(single);
      }
      const bad = results.filter((x) => 'error' in x).length;
      expect(r.code).toBe(bad ? 1 : 0);
      if (bad) expect(r.err).toMatch(new RegExp(`^sandtable: ${bad} of ${lines.length} sight lines refused`));
    }), { seed: 16, numRuns: 1, endOnFailure: true });
  });

  it('answers as the single-call CLI does for the same lines, from --lines FILE', async () => {
    const pairs = [['15,60', '65,60'], ['100,33,1', '100,47,@1.6'], ['140,90,4,@1.2', '20,20,=3.5'], ['104,38', '100,47']];
    const file = join(dir, 'lines.jsonl');
    writeFileSync(file, pairs.map(([from, to]) => JSON.stringify({ from, to })).join('\n'));
    const batch = await cli(['los', TRAINING_GROUND, '--lines', file]);
    expect(batch.code).toBe(0);
    const results = batch.out.trim().split('\n').map((s) => JSON.parse(s));
    for (const [i, [from, to]] of pairs.entries()) {
      const single = await cli(['los', TRAINING_GROUND, '--from', from!, '--to', to!, '--json']);
      expect(single.code).toBe(0);
      expect(results[i]).toEqual({ line: i + 1, ...JSON.parse(single.out) });
    }
  });

  it('a bad line carries its error naming the input, the line and what was expected; the other lines are answered', async () => {
    const body = ['{"from":"15,60","to":"65,60"}', '', '# a comment', '{"from":"15","to":"65,60","id":"short"}', '{not json', '{"from":{"x":15,"z":"60"},"to":"65,60"}', '{"from":"15,60","to":"65,60","form":1}', '{"to":"65,60"}', '{"from":"40,60","to":"65,60"}'].join('\n');
    const file = join(dir, 'bad.jsonl');
    writeFileSync(file, body);
    for (const [argv, stdin, source] of [[['los', TRAINING_GROUND, '--lines', file], undefined, file], [['los', TRAINING_GROUND], body, 'stdin']] as const) {
      const r = await cli([...argv], stdin);
      expect(r.code).toBe(1);
      const results = r.out.trim().split('\n').map((s) => JSON.parse(s));
      expect(results.map((x) => x.line)).toEqual([1, 4, 5, 6, 7, 8, 9]);
      expect(results[0]).toMatchObject({ clear: false, blocker: { featureId: 'terrain' } });
      expect(results[1]).toEqual({ line: 4, id: 'short', error: `${source}:4: $.from: expected x,z[,floor][,@height] or x,z,=y; got "15"` });
      expect(results[2].error).toMatch(new RegExp(`^${source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:5: bad JSON \\(.*\\): expected \\{"from": point, "to": point, "id"\\?: anything\\}$`));
      expect(results[3].error).toBe(`${source}:6: $.from.z: expected a number, got "60"`);
      expect(results[4].error).toBe(`${source}:7: $.form: unknown key; expected {"from": point, "to": point, "id"?: anything}`);
      expect(results[5].error).toMatch(new RegExp(`:8: \\$\\.from: expected a point: .* got nothing$`));
      expect(results[6]).toMatchObject({ line: 9, clear: true });
      expect(r.err).toMatch(/^sandtable: 5 of 7 sight lines refused, each result line says why; the first: .*:4: \$\.from: expected x,z/);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });

  it.each([
    [['los', TRAINING_GROUND, '--lines', join(dir, 'missing.jsonl')], /cannot read sight-lines file .*missing\.jsonl/],
    [['los', TRAINING_GROUND, '--from', '15,60', '--lines', '-'], /los: --from and --to ask one sight line, --lines many: give one or the other/],
    [['los', TRAINING_GROUND, '--lines'], /--lines: expected a value/],
  ])('refuses %j with a one-line error (exit 2)', async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('a batch without a sight line is refused naming its input', async () => {
    const r = await cli(['los', TRAINING_GROUND], '\n# nothing\n');
    expect(r.code).toBe(2);
    expect(r.err).toBe('sandtable: stdin: no sight lines: expected one per line, a JSON object {"from": point, "to": point, "id"?: anything} or plain text FROM TO (two points split by spaces, e.g. "15,60 65,60,@1")\n');
  });
});

describe('cli los point forms', () => {
  const from = async (point: string) => {
    const r = await cli(['los', TRAINING_GROUND, '--from', point, '--to', '65,60', '--json']);
    expect(r.err).toBe('');
    return JSON.parse(r.out).from as [number, number, number];
  };

  it('the default eye is 0.94 × a 1.7 cm figure above what it stands on; a floor raises it to that floor', async () => {
    expect(DEFAULT_EYE_HEIGHT).toBeCloseTo(1.598, 9);
    expect(await from('40,60')).toEqual([40, Math.round((bf.standHeight(40, 60) + 1.598) * 1000) / 1000, 60]);
    expect(await from('100,33,1')).toEqual([100, 4 + 1.598, 33]);
  });

  it('x,z,floor,@height stands the point that high above that floor', async () => {
    expect(await from('100,33,1,@1.7')).toEqual([100, 5.7, 33]);
    expect(await from('140,90,4,@0.5')).toEqual([140, 16.5, 90]);
    // Without a floor, the height is above the ground floor.
    expect(await from('100,33,@1.7')).toEqual([100, 1.7, 33]);
  });

  it('x,z,=y is the absolute height, whatever stands there', async () => {
    expect(await from('100,33,=7.25')).toEqual([100, 7.25, 33]);
    const onHill = bf.groundHeight(40, 60);
    expect(onHill).toBeGreaterThan(1);
    expect(await from(`40,60,=${onHill + 0.5}`)).toEqual([40, Math.round((onHill + 0.5) * 1000) / 1000, 60]);
  });

  it.each([
    ['100,33,1,=5', /--from: after the floor, expected a height "@h" \(cm above that floor\); an absolute height "=y" takes no floor; got "100,33,1,=5"/],
    ['100,33,=5,@1', /--from: an absolute height "=y" stands alone after x,z \(no floor, no @height\); got "100,33,=5,@1"/],
    ['100,33,@1,1', /--from: the floor comes before the height, as x,z,floor,@height; got "100,33,@1,1"/],
    ['100,33,1,2', /--from: after the floor, expected a height "@h" \(cm above that floor\); got "100,33,1,2"/],
    ['100,33,1.5', /--from floor: expected a whole number ≥ 0, got 1.5/],
    ['100,33,1,@x', /--from height: expected a number, got "x"/],
    ['100,33,=', /--from absolute height: expected a number, got ""/],
    ['1,2,3,@4,5', /--from: expected x,z\[,floor\]\[,@height\] or x,z,=y; got "1,2,3,@4,5"/],
    ['15,60,1', /--from: no building at \(15, 60\) to stand on floor 1/],
    ['100,33,2', /--from: building "house_two_storey" has floors 0–1, asked for floor 2/],
    ['15,60,=-0.5', /--from: absolute height -0\.5 cm is under the ground at \(15, 60\), which is 0(\.\d+)? cm high/],
    ['200,60', /--from: point \(200, 60\) is off the table: expected x in 0–180 and z in 0–120/],
  ])('refuses --from %s with a message saying what was expected (exit 2)', async (point, message) => {
    const r = await cli(['los', TRAINING_GROUND, '--from', point, '--to', '65,60']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});
