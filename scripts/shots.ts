// npm run shots [-- --out DIR] [--only TEXT] — screenshots for review (issue 17): the scenario picker,
// every scenario's table and a figure's eye view toward the nearest enemy, play states of a Kalevankangas game (the start dialog, a unit's activation
// with its targets, the dice of a shot, the log) and a COBI skirmish's first activation, each at
// 1920×1080, 1280×800, 1024×768 and 640×400. `--only` keeps the states whose name holds TEXT.
// Builds the app, serves it with `vite preview` and drives Debian's Chromium on SwiftShader, as the
// browser tests do; writes DIR/<width>x<height>/<nn>-<state>.png (DIR defaults to shots/, ignored by git).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { build, preview } from 'vite';
import { hasBrowser, nextFrame, openBrowser, watchedPage } from '../tests/e2e/browser';
import { playToTargets, takeOver } from '../tests/e2e/play-steps';

const SIZES = [[1920, 1080], [1280, 800], [1024, 768], [640, 400]] as const;
/** Every shipped scenario, as the picker lists them (scenarios/<folder>/<name>.json). */
const SCENARIOS = readdirSync('scenarios', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join('scenarios', d.name)).filter((f) => f.endsWith('.json')).map((f) => `${d.name}/${f.slice(0, -5)}`))
  .sort();
const PLAYED = 'kuularuisku/kalevankangas';
const COBI = 'cobi/skirmish';

/** A soldier of the scenario's first side and the nearest enemy figure (figure ids, for the sight link), if it has both. */
function eyeLine(id: string): { from: string; to: string } | null {
  type Unit = { side: string; type?: string; figures: Array<{ id: string; at: [number, number] }> };
  const sc = JSON.parse(readFileSync(join('scenarios', `${id}.json`), 'utf8')) as { sides: Array<{ id: string }>; units?: Unit[] };
  const first = sc.sides[0]?.id;
  // The eye of a soldier, not a point inside a vehicle's hull.
  const own = (sc.units ?? []).filter((u) => u.side === first && u.type !== 'vehicle').flatMap((u) => u.figures);
  const enemy = (sc.units ?? []).filter((u) => u.side !== first).flatMap((u) => u.figures);
  let best: { from: string; to: string; d: number } | null = null;
  for (const a of own) for (const b of enemy) {
    const d = Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]);
    if (!best || d < best.d) best = { from: a.id, to: b.id, d };
  }
  return best && { from: `figure:${best.from}`, to: `figure:${best.to}` };
}

function outDirFromArgs(argv: readonly string[]): string {
  const i = argv.indexOf('--out');
  if (i >= 0 && !argv[i + 1]) throw new Error('--out needs a folder');
  return resolve(i >= 0 ? argv[i + 1]! : 'shots');
}

async function main(): Promise<void> {
  if (!hasBrowser) throw new Error('npm run shots needs /usr/bin/chromium (apt-get install -y chromium)');
  const out = outDirFromArgs(process.argv.slice(2));
  const o = process.argv.indexOf('--only');
  const only = o >= 0 ? process.argv[o + 1] ?? '' : '';
  const wanted = (state: string) => state.includes(only);
  const dist = mkdtempSync(join(tmpdir(), 'sandtable-shots-'));
  console.log('Building the app…');
  await build({ logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
  const server = await preview({ logLevel: 'error', build: { outDir: dist }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview gave no local URL');
  const ctx = await openBrowser();
  // tsx keeps function names with a `__name` helper, which the functions sent to the page call there too.
  await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
  let n = 0;
  try {
    const { page, problems } = await watchedPage(ctx, new URL(url).origin);
    const open = async (search: string) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(new URL(search, url).href);
      await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 240_000 });
    };
    /** One shot of the state at every size; `before` restores what a resize closes. */
    const shoot = async (state: string, before?: () => Promise<void>) => {
      if (!wanted(state)) return;
      const name = `${String(++n).padStart(2, '0')}-${state}.png`;
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await before?.();
        await settle(page);
        const dir = join(out, `${width}x${height}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, name), await page.screenshot());
      }
      console.log(`  ${name}`);
    };

    for (const id of SCENARIOS.filter((x) => wanted(x.replace('/', '-')))) {
      await open(`?scenario=${id}`);
      await shoot(id.replace('/', '-'));
    }
    // Close up: the eye view from a figure of the first side toward the nearest enemy figure (the sight tool's share link).
    for (const id of SCENARIOS.filter((x) => wanted(`${x.replace('/', '-')}-eye`))) {
      const look = eyeLine(id);
      if (!look) continue;
      await open(`?scenario=${id}&from=${look.from}&to=${look.to}`);
      const eye = async () => {
        if (await page.$('[data-testid=eye-exit]')) return;
        await page.waitForFunction(() => !!window.__sandtable?.tools?.los?.observer, null, { timeout: 60_000 });
        await page.click('[data-testid=los-eye]');
      };
      await shoot(`${id.replace('/', '-')}-eye`, eye);
      await page.keyboard.press('Escape');
    }
    const picker = async () => {
      if (!(await page.$('[data-testid=scenario-list]'))) await page.click('[data-testid=scenario-picker-toggle]');
      await page.waitForSelector('[data-testid=scenario-list] [data-scenario]');
    };
    await shoot('picker', picker);
    await page.keyboard.press('Escape');

    if (wanted('cobi-play')) {
      await open(`?scenario=${COBI}&seed=3`);
      await page.evaluate(() => localStorage.clear());
      await page.click('[data-testid=play-toggle]');
      // A game with no options to choose starts at once.
      await page.waitForSelector('[data-testid=start-choice], [data-testid=play-hud]', { timeout: 60_000 });
      if (await page.$('[data-testid=start-choice]')) await page.click('[data-testid=new-game]');
      await page.waitForSelector('[data-testid=play-hud]');
      // The round begun and the first squad picked: its move and hold in the bar.
      await page.evaluate(() => {
        const p = window.__sandtable!.play!;
        for (let k = 0; k < 4 && !p.view.get().activeUnitId; k++) p.control.send(p.view.get().actions.find((a) => a.place !== 'game')!.command);
      });
      await takeOver(page);
      await shoot('cobi-play-activation');
    }
    if (!['play-start-dialog', 'play-activation-targets', 'play-dice', 'play-log'].some(wanted)) return;
    await open(`?scenario=${PLAYED}&seed=7`);
    await page.evaluate(() => localStorage.clear());
    await page.click('[data-testid=play-toggle]');
    await page.waitForSelector('[data-testid=start-choice]', { timeout: 60_000 });
    await shoot('play-start-dialog');
    await page.click('[data-testid=new-game]');
    await page.waitForSelector('[data-testid=play-hud]');
    await playToTargets(page);
    await takeOver(page);
    // A smaller screen may fold the dock: it is opened again at each size.
    await shoot('play-activation-targets', () => openTab(page, 'orders'));
    await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      p.control.send(p.view.get().targets.find((t) => t.command)!.command!);
      // An owner's decision after the shot: the book's default.
      for (let k = 0; k < 10 && p.view.get().decision; k++) p.control.send(p.view.get().actions[0]!.command);
    });
    await takeOver(page);
    await page.waitForSelector('[data-testid=dice-tray]');
    await shoot('play-dice');
    await shoot('play-log', () => openTab(page, 'log'));
    if (problems.length) console.warn(`page problems:\n  ${problems.join('\n  ')}`);
    console.log(`${n} states × ${SIZES.length} sizes in ${out}`);
  } finally {
    await ctx.close();
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

/** A frame drawn at the new size, and a moment for the HUD's layout to follow it. */
async function settle(page: Page): Promise<void> {
  await nextFrame(page);
  await page.waitForTimeout(200);
  await nextFrame(page);
}

async function openTab(page: Page, name: string): Promise<void> {
  const dock = '[data-testid=play-dock]';
  if ((await page.getAttribute(dock, 'data-tab')) !== name || (await page.getAttribute(dock, 'data-open')) !== 'true') await page.click(`[data-testid=tab-${name}]`);
  await page.waitForSelector(`[data-testid=panel-${name}]`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
