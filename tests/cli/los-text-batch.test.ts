// `cli los` batches in plain text ("FROM TO" a line; --text prints one verdict line per answer) and the
// negative height form (below an upper floor or a deck, refused into the earth), checked against the
// JSON batch and the battlefield's own heights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { runCli } from '../../src/cli/commands';
import { losAnswer, verdictLine } from '../../src/cli/los';
import { parsePoint } from '../../src/cli/points';
import { loadTrainingGround, TRAINING_GROUND } from '../battlefield/fixture';

async function cli(argv: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const io = { out: (s: string) => { out += s; }, err: (s: string) => { err += s; }, ...(stdin === undefined ? {} : { input: async () => stdin }) };
  const code = await runCli(argv, io);
  return { code, out, err };
}

let bf: Battlefield;
beforeAll(async () => { bf = await loadTrainingGround(); });
afterAll(() => bf.free());

const PAIRS = [['15,60', '65,60'], ['100,33,1', '100,47,@1.6'], ['140,90,4,@1.2', '20,20,=3.5'], ['40,60', '65,60'], ['100,33,1,@-1', '100,20']] as const;

describe('cli los plain-text batch', () => {
  it('a "FROM TO" line is answered exactly as the same JSON line is', async () => {
    const textBody = PAIRS.map(([f, t]) => `${f}   ${t}`).join('\n');
    const jsonBody = PAIRS.map(([from, to]) => JSON.stringify({ from, to })).join('\n');
    const fromText = await cli(['los', TRAINING_GROUND], textBody);
    const fromJson = await cli(['los', TRAINING_GROUND], jsonBody);
    expect(fromText.code).toBe(0);
    expect(fromText.err).toBe('');
    expect(fromText.out).toBe(fromJson.out);
    expect(fromText.out.trim().split('\n')).toHaveLength(PAIRS.length);
  });

  it('--text prints one verdict line per answer: the line, CLEAR or BLOCKED, the length, both points and the first blocker', async () => {
    const r = await cli(['los', TRAINING_GROUND, '--text'], PAIRS.map(([f, t]) => `${f} ${t}`).join('\n'));
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(PAIRS.length);
    for (const [i, [f, t]] of PAIRS.entries()) {
      const a = losAnswer(bf, parsePoint(f, '--from'), parsePoint(t, '--to'));
      expect(lines[i]).toBe(verdictLine({ line: i + 1, ...a }, 'cm'));
      expect(lines[i]).toMatch(new RegExp(`^line ${i + 1}: ${a.clear ? 'CLEAR' : 'BLOCKED'} `));
    }
    // The hill hides the target from the ground observer (training ground's summary).
    expect(lines[0]).toMatch(/^line 1: BLOCKED 50(\.0+)? cm from \(15, 1\.598, 60\) to \(65, 1\.598, 60\); first blocker terrain \(terrain ground\) at /);
  });

  it('text and JSON lines mix in one batch; a bad text line says what was expected and the others are answered', async () => {
    const body = ['15,60 65,60', '# a comment', '', '15,60', '{"from":"40,60","to":"65,60"}', '15,60 65,60 70,60', '15,60 65,60,@x'].join('\n');
    const r = await cli(['los', TRAINING_GROUND, '--text'], body);
    expect(r.code).toBe(1);
    const lines = r.out.trim().split('\n');
    expect(lines.map((l) => /^line (\d+):/.exec(l)?.[1])).toEqual(['1', '4', '5', '6', '7']);
    expect(lines[0]).toMatch(/^line 1: BLOCKED /);
    expect(lines[1]).toBe('line 4: ERROR stdin:4: expected a JSON object {"from": point, "to": point, "id"?: anything} or plain text FROM TO (two points split by spaces, e.g. "15,60 65,60,@1"); got 1 word in "15,60"');
    expect(lines[2]).toMatch(/^line 5: CLEAR /);
    expect(lines[3]).toMatch(/^line 6: ERROR stdin:6: expected .*; got 3 words in "15,60 65,60 70,60"$/);
    expect(lines[4]).toBe('line 7: ERROR stdin:7: to height: expected a number, got "x"');
    expect(r.err).toMatch(/^sandtable: 3 of 5 sight lines refused/);
  });

  it('--json and --text together are refused (exit 2)', async () => {
    const r = await cli(['los', TRAINING_GROUND, '--json', '--text'], '15,60 65,60');
    expect(r.code).toBe(2);
    expect(r.err).toBe('sandtable: los: --json and --text ask for different answers: give one or the other\n');
  });

  it('an empty batch names both line forms', async () => {
    const r = await cli(['los', TRAINING_GROUND, '--text'], '\n# nothing\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^sandtable: stdin: no sight lines: expected one per line, a JSON object .* or plain text FROM TO/);
  });
});

describe('cli los negative height', () => {
  const from = async (point: string) => {
    const r = await cli(['los', TRAINING_GROUND, '--from', point, '--to', '100,20', '--json']);
    expect(r.err).toBe('');
    return JSON.parse(r.out).from as [number, number, number];
  };

  it('x,z,floor,@-h is h cm below that floor: in the room under it', async () => {
    // The house's first floor stands at 4 cm (training ground); 1 cm under it is in the ground-floor room.
    expect(bf.standHeight(100, 33, 1)).toBe(4);
    expect(await from('100,33,1,@-1')).toEqual([100, 3, 33]);
  });

  it('x,z,@-h under a bridge deck is below the deck, above the water', async () => {
    const deck = bf.standHeight(85, 108);
    const ground = bf.groundHeight(85, 108);
    expect(deck - ground).toBeGreaterThan(1);
    expect(await from('85,108,@-1')).toEqual([85, Math.round((deck - 1) * 1000) / 1000, 108]);
  });

  it('a JSON batch point {"above": -1} is the same point as the text form', async () => {
    const r = await cli(['los', TRAINING_GROUND], JSON.stringify({ from: { x: 100, z: 33, floor: 1, above: -1 }, to: '100,20' }));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).from).toEqual([100, 3, 33]);
  });

  it.each([
    ['15,60,@-0.5', /--from: height @-0\.5 puts the point under the ground at \(15, 60\), 0\.5 cm deep: a trench or ditch is part of the relief, so measure from its floor \(x,z,@h\), or give an absolute height \(x,z,=y\)/],
    ['100,33,0,@-1', /--from: height @-1 puts the point under the ground at \(100, 33\), /],
  ])('refuses %s: a negative height may not reach into the earth (exit 2)', async (point, message) => {
    const r = await cli(['los', TRAINING_GROUND, '--from', point, '--to', '65,60']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('a point in a ditch stands on its floor: @h counts from the sculpted relief', async () => {
    // The training ground's rampart ditch (depth 2) lies east of x = 160; its floor is the surface there.
    let x = 160, lowest = bf.groundHeight(160, 62);
    for (let t = 160; t <= 172; t += 0.25) if (bf.groundHeight(t, 62) < lowest) { lowest = bf.groundHeight(t, 62); x = t; }
    expect(lowest).toBeLessThan(-1);
    expect(await from(`${x},62,@0.5`)).toEqual([x, Math.round((lowest + 0.5) * 1000) / 1000, 62]);
  });
});
