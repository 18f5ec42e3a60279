// The play HUD in a real browser, driven by clicks (and digit keys) on the HUD only; the test hook
// is read to check state, and used only to send what the table would (a refused shot, a refused
// drag) to see the refusal shown. The training ground with ?play=1&seed=1: shuffle and draw, the
// hand-over naming the side, undo of a dice-free choice, a shot through the target list with its
// dice in the tray and its log lines citing K-5.x, a log rule id opening the rules panel at that
// rule, readiness and its window (K-2.3), the move panel, the end of a turn; a save downloaded and
// loaded back to the same state, a tampered save refused, the replay scrubber, a reload resuming the
// autosave, a finished game's result; Kalevankangas: a leader's COMMAND (K-2.2a), unit-card camera
// focus, and how much of the table the HUD leaves free at 640×400 and 1280×720.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFile, runCli } from '../../src/cli/commands';
import { tab as openTab } from './play-helpers';
import { browserRequired, hasBrowser, openBrowser, openTable, saveShot, type Watched } from './browser';

const run = hasBrowser || browserRequired;
// Seed 1 on the training ground (explored in Node through createPlay): Red's "South of the wall"
// is drawn first, then Blue's "Behind the wall", which sees the first-floor window (K-5.1a), then
// Red's "Hilltop observer", then Blue's "Bridge guard".
const SEARCH = '?scenario=sandbox/training-ground&play=1&seed=1';
// Seed 5 at Kalevankangas: the Whites' company commander is drawn first, with squads within 15 cm.
const KALEVANKANGAS = '?scenario=kuularuisku/kalevankangas&play=1&seed=5';

describe.runIf(run)('play HUD in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;

  const byId = (id: string) => `[data-testid="${id}"]`;
  const text = async (id: string) => (await page.textContent(byId(id)))?.trim() ?? '';
  const actionIds = () => page.$$eval('[data-testid=action-bar] [data-action]', (els) => els.map((e) => e.getAttribute('data-action')!));
  // Events listed (a volley's folded line is no event of its own).
  const logLength = () => page.evaluate(() => document.querySelectorAll('[data-testid=game-log] li[data-type]').length);

  /** Share of a 10×10 grid of page points where the table's canvas is on top (not under the HUD). */
  const canvasShare = async () => {
    const r = await page.evaluate(() => {
      const canvas = document.querySelector('.st-canvas canvas');
      const others = new Map<string, number>();
      let hits = 0;
      for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) {
        const top = document.elementFromPoint(((i + 0.5) / 10) * innerWidth, ((j + 0.5) / 10) * innerHeight);
        if (top === canvas) hits++;
        else if (top) { const k = `${top.tagName}.${top.className}`; others.set(k, (others.get(k) ?? 0) + 1); }
      }
      return { share: hits / 100, others: [...others].sort((a, b) => b[1] - a[1]).slice(0, 12) };
    });
    console.log(`table free at ${page.viewportSize()?.width}×${page.viewportSize()?.height}: ${r.share}; HUD parts on top:`, r.others.slice(0, 5));
    return r.share;
  };

  /** Open a dock tab (the dock starts folded at this size). */
  // The shared tab opener (play-helpers.ts): it looks again when the HUD's own switch to Orders races the click.
  const tab = (name: 'orders' | 'units' | 'log' | 'rules' | 'game'): Promise<void> => openTab(page, name);

  /** Take over the screen when the hand-over card asks; returns the side it named. */
  async function takeOver(): Promise<string | null> {
    const card = await page.$(byId('handover'));
    if (!card) return null;
    const title = (await card.textContent()) ?? '';
    await page.click(byId('handover-ok'));
    await page.waitForSelector(byId('handover'), { state: 'detached' });
    return title;
  }

  /** A hand-over the step must bring: wait for its card (the HUD may draw it a moment after the log grows), then take over. */
  async function handedOver(): Promise<string | null> {
    await page.waitForSelector(byId('handover'), { timeout: 30_000 });
    return takeOver();
  }

  /** The game as the hook shows it (read only): the PlayView and the number of log lines. */
  const game = () => page.evaluate(() => {
    const p = window.__sandtable!.play!;
    // The save without its time stamp: the command log, seed, scenario and state hash.
    const { savedAt: _, ...save } = JSON.parse(p.saves.toJson()) as Record<string, unknown>;
    return { view: JSON.stringify(p.view.get()), lines: p.log.get().length, save: JSON.stringify(save) };
  });

  /** Click the action button `id` (after the hand-over, if any) and wait for the game to take it. */
  async function act(id: string): Promise<void> {
    await takeOver();
    const before = (await game()).lines;
    await page.click(`[data-testid=action-bar] [data-action="${id}"]`);
    await expect.poll(async () => (await game()).lines, { timeout: 20_000 }).toBeGreaterThan(before);
  }

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    w = await openTable(ctx, SEARCH);
    page = w.page;
    expect(await page.evaluate(() => window.__sandtable?.status)).toBe('ready');
    await page.waitForSelector(byId('play-hud'), { timeout: 60_000 });
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('starts a game: shuffle and draw from the action bar, the banner and the hand-over name the side', async () => {
    expect(await page.getAttribute(byId('play-toggle'), 'aria-pressed')).toBe('true');
    expect(await text('play-headline')).toBe('The game begins');
    expect(await text('play-turn')).toBe('Turn 0 / 6');
    expect(await actionIds()).toEqual(['begin-turn']);
    expect(await page.$(byId('handover'))).toBeNull();
    await saveShot(page, 'play-hud-start.png');

    await act('begin-turn');
    expect(await text('play-turn')).toBe('Turn 1 / 6');
    expect(await text('play-deck')).toContain('11 left');
    // The shuffle's dice (one per card, K-2.1b) are in the tray.
    const shuffle = await page.$$eval('[data-testid=dice-roll]', (els) => els.map((e) => ({ text: e.textContent, dice: e.querySelectorAll('svg.st-die').length })));
    expect(shuffle.length).toBe(1);
    expect(shuffle[0]!.text).toContain('K-2.1b');
    expect(shuffle[0]!.dice).toBe(10);

    await page.click('[data-testid=action-bar] [data-action="draw"]');
    await page.waitForSelector(byId('handover'));
    expect(await text('handover')).toContain('Red to play');
    expect(await page.getAttribute(byId('play-banner'), 'data-side')).toBe('red');
    expect(await text('play-side')).toBe('Red');
    expect(await text('play-card')).toContain('South of the wall');
    // Until the Red player takes over, the actions are locked.
    expect(await page.isDisabled('[data-testid=action-bar] [data-action="activate:shoot"]')).toBe(true);
    await saveShot(page, 'play-hud-handover.png');
    expect(await handedOver()).toContain('Red');
    expect(await page.isEnabled('[data-testid=action-bar] [data-action="activate:shoot"]')).toBe(true);
    // The help overlay lists the play keys.
    await page.keyboard.press('?');
    await page.waitForSelector(byId('help-overlay'));
    expect(await text('help-overlay')).toContain('Choose the numbered action');
    await page.keyboard.press('Escape');
    await page.waitForSelector(byId('help-overlay'), { state: 'detached' });
    const choices = await actionIds();
    expect(choices).toEqual(expect.arrayContaining(['activate:shoot', 'activate:move-shoot', 'ready', 'pass']));
    // Each action names its rule.
    expect(await page.textContent('[data-testid=action-bar]')).toContain('K-2.4a');
  });

  it('shows a refused command with its reason and rule, and undoes a choice that rolled no dice', async () => {
    await act('activate:shoot');
    expect(await text('play-detail')).toContain('pick a target');
    // A shot at a unit it cannot see (as a click on the table could ask) is refused and changes nothing.
    const before = await game();
    const r = await page.evaluate(() => window.__sandtable!.play!.control.send({ type: 'SHOOT', side: 'red', unitId: 'wall_south', targetId: 'behind_wall' }));
    expect(r.ok).toBe(false);
    await page.waitForSelector(byId('refusal'));
    expect(await text('refusal-reason')).toBe('Behind the wall is not visible to South of the wall');
    expect((await game()).save).toBe(before.save);
    await page.click('[data-testid=refusal] [data-testid=rule-link]');
    await page.waitForSelector(byId('panel-rules'));
    expect(await page.getAttribute(byId('rules-panel'), 'data-focus')).toBe('K-5.2a');
    await saveShot(page, 'play-hud-refusal.png');
    await page.click(byId('refusal-close'));
    await page.waitForSelector(byId('refusal'), { state: 'detached' });

    expect(await page.isEnabled(byId('undo'))).toBe(true);
    await page.click(byId('undo'));
    await expect.poll(actionIds).toEqual(expect.arrayContaining(['activate:shoot', 'pass']));
    expect((await game()).lines).toBeLessThan(before.lines);
    expect(await page.isDisabled(byId('undo'))).toBe(false);
  });

  it('shoots through the target list: dice in the tray, K-5.x in the log, a log rule id opens the rules panel', async () => {
    await act('pass');
    await act('draw');
    expect(await handedOver()).toContain('Blue to play');
    expect(await text('play-card')).toContain('Behind the wall');
    await act('activate:shoot');

    await tab('orders');
    const house = byId('target-house_upper');
    expect(await page.getAttribute(house, 'disabled')).toBeNull();
    expect(await page.evaluate((sel) => document.querySelector(sel)!.tagName, house)).toBe('BUTTON');
    expect(await page.textContent(house)).toMatch(/seen 1\/1/);
    // The unit south of the same wall is not visible: greyed, with the reason and rule.
    const hidden = await page.textContent(byId('target-wall_south'));
    expect(hidden).toContain('not visible');
    expect(hidden).toMatch(/K-5\.\d+[a-z]?/);
    expect(await page.evaluate((sel) => document.querySelector(sel)!.tagName, byId('target-wall_south'))).toBe('DIV');
    await saveShot(page, 'play-hud-targets.png');

    await page.click(house);
    await page.waitForSelector(byId('dice-tray'));
    // The dice tray grows the bottom column: the open Orders sheet (640×400) rises above it, its tabs still clear to press.
    const sheet = (await page.locator(byId('play-dock')).boundingBox())!;
    const tray = (await page.locator(byId('dice-tray')).boundingBox())!;
    expect(sheet.y + sheet.height).toBeLessThanOrEqual(tray.y + 1);
    const rolls = await page.$$eval('[data-testid=dice-roll]', (els) => els.map((e) => e.textContent ?? ''));
    expect(rolls.some((r) => r.includes('K-5.3d') && r.includes('4+'))).toBe(true);
    expect(rolls.some((r) => r.includes('K-5.4a'))).toBe(true);
    // Dice that made a stated target number are marked.
    const marks = await page.$$eval('[data-testid=dice-roll]', (els) => els.map((e) => [...e.querySelectorAll('svg.st-die')].map((d) => ({ v: Number(d.getAttribute('data-value')), hit: d.classList.contains('st-die-hit') }))));
    for (const d of marks.flat()) expect(d.v).toBeGreaterThanOrEqual(1);
    const shots = marks[rolls.findIndex((r) => r.includes('K-5.3d'))]!;
    for (const d of shots) expect(d.hit).toBe(d.v >= 4);
    // A shot rolled dice: it cannot be undone.
    expect(await page.isDisabled(byId('undo'))).toBe(true);
    await saveShot(page, 'play-hud-dice.png');

    await tab('log');
    const lines = await page.$$eval('[data-testid=game-log] li', (els) => els.map((e) => ({ type: e.getAttribute('data-type'), text: e.textContent ?? '' })));
    const shot = lines.find((l) => l.type === 'SHOT_FIRED')!;
    expect(shot.text).toContain('K-5.3a');
    expect(shot.text).toContain('First-floor window');
    expect(lines.some((l) => l.type === 'COVER_TEST' && l.text.includes('K-5.4a'))).toBe(true);
    expect(lines.filter((l) => l.type === 'DICE_ROLLED').length).toBeGreaterThanOrEqual(11);

    await page.click('[data-testid=game-log] li[data-type=SHOT_FIRED] [data-rule="K-5.3a"]');
    await page.waitForSelector(byId('panel-rules'));
    expect(await page.getAttribute(byId('rules-panel'), 'data-focus')).toBe('K-5.3a');
    const focused = await text('rule-focused');
    expect(focused).toMatch(/^K-5\.3a\s/);
    expect(focused.length).toBeGreaterThan(20);
    expect(await page.evaluate((sel) => {
      const el = document.querySelector(sel)!;
      const box = el.getBoundingClientRect();
      const list = el.closest('.st-play-dock-body')!.getBoundingClientRect();
      return box.top >= list.top - 1 && box.top < list.bottom;
    }, byId('rule-focused'))).toBe(true);
    await saveShot(page, 'play-hud-rules.png');

    // The search narrows the list; house values are marked as such.
    await page.fill(byId('rules-search'), 'K-AMB');
    const listed = await page.$$eval('[data-rule-id]', (els) => els.map((e) => e.getAttribute('data-rule-id')!));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(await page.evaluate(() => window.__sandtable!.play!.rules.length));
    const values = await page.$$eval('[data-testid=house-value]', (els) => els.map((e) => e.textContent ?? ''));
    expect(values.length).toBeGreaterThan(0);
    // The setting in words ("Split rounding = floor"), never its key ("splitRounding").
    for (const h of values) expect(h).toMatch(/^House value: (MG|[A-Z])(MG|[a-z ])+ = \S/);
    await page.fill(byId('rules-search'), '');

    await act('end-activation');
    expect(await text('play-deck')).toContain('9 left');
  });

  it('readiness: a unit waits (K-2.3a) and its side may use it in the window between activations (K-2.3b)', async () => {
    await act('draw');
    expect(await handedOver()).toContain('Red to play');
    expect(await text('play-card')).toContain('Hilltop observer');
    await act('ready');
    await tab('units');
    expect(await page.textContent(byId('unit-hill_top'))).toContain('ready');
    await act('draw');
    expect(await handedOver()).toContain('Blue to play');
    await act('pass');
    // The window: Red may activate its ready unit now.
    expect(await handedOver()).toContain('Red to play');
    expect(await text('play-detail')).toContain('ready unit');
    expect(await actionIds()).toEqual(['readiness:pass', 'readiness:hill_top']);
    expect(await page.textContent('[data-testid=action-bar]')).toContain('K-2.3b');
    // The digit keys pick the numbered action: 2 = the ready unit.
    const lines = (await game()).lines;
    await page.keyboard.press('2');
    await expect.poll(async () => (await game()).lines).toBeGreaterThan(lines);
    expect(await page.evaluate(() => window.__sandtable!.play!.view.get().activeUnitId)).toBe('hill_top');
    expect(await actionIds()).toEqual(expect.arrayContaining(['activate:shoot', 'pass']));

    // Move, then shoot: the move panel gives the mode, the allowance per figure and how to move.
    await act('activate:move-shoot');
    await tab('orders');
    await page.waitForSelector(byId('move-panel'));
    expect(await text('move-mode')).toBe('normal');
    const allowance = await page.$$eval('[data-testid=move-panel] tbody tr', (rows) => rows.map((r) => r.textContent ?? ''));
    expect(allowance.length).toBeGreaterThan(0);
    for (const a of allowance) expect(a).toMatch(/\d+(\.\d+)? cm.*\d+(\.\d+)? cm/);
    expect(await text('move-panel')).toContain('Drag a figure on the table');
    expect(await page.$$eval('[data-testid=move-panel] [data-testid=rule-link]', (els) => els.map((e) => e.getAttribute('data-rule')))).toContain('K-4.0');
    // A drag far beyond the allowance (as the table would send it) is refused; the panel says why.
    const far = await page.evaluate(() => window.__sandtable!.play!.control.move([{ figureId: 'hill_top_1', to: [170, 110] }]));
    expect(far.ok).toBe(false);
    await page.waitForSelector(byId('move-refusal'));
    expect(await text('move-refusal')).toContain(far.ok ? '' : far.reason);
    await act('end-activation');
  });

  it('plays to the end of the turn and begins the next', { timeout: 180_000 }, async () => {
    for (let i = 0; i < 60; i++) {
      const ids = await actionIds();
      if (ids.includes('end-turn')) break;
      const next = ['draw', 'readiness:pass', 'pass', 'end-activation'].find((a) => ids.includes(a));
      expect(next, `no way on from ${ids.join(', ')}`).toBeDefined();
      await act(next!);
    }
    expect(await text('play-deck')).toContain('0 left');
    await act('end-turn');
    await act('begin-turn');
    expect(await text('play-turn')).toBe('Turn 2 / 6');
    await tab('log');
    expect(await page.$$eval('[data-testid=game-log] li.st-turn-sep', (els) => els.length)).toBe(2);
  });

  it('downloads a save and loads it back to the same state; a tampered save is refused with its reason', async () => {
    await tab('game');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(byId('save-download'))]);
    const file = join(tmpdir(), `sandtable-play-${process.pid}.json`);
    await download.saveAs(file);
    const saved = readFileSync(file, 'utf8');
    expect(JSON.parse(saved).commands.length).toBeGreaterThan(20);
    const before = await game();
    const { savedAt: _, ...content } = JSON.parse(saved) as Record<string, unknown>;
    expect(JSON.stringify(content)).toBe(before.save);
    const banner = await text('play-banner');

    await act('draw');
    await takeOver();
    expect((await game()).view).not.toBe(before.view);

    await tab('game');
    await page.setInputFiles(byId('save-load-input'), file);
    await expect.poll(() => text('save-message')).toContain('Loaded');
    expect(await game()).toEqual(before);
    expect(await text('play-banner')).toBe(banner);
    await tab('log');
    expect(await logLength()).toBe(before.lines);

    const bad = join(tmpdir(), `sandtable-play-bad-${process.pid}.json`);
    const tampered = JSON.parse(saved);
    tampered.commands = tampered.commands.slice(0, -3);
    writeFileSync(bad, JSON.stringify(tampered));
    await tab('game');
    await page.setInputFiles(byId('save-load-input'), bad);
    await expect.poll(() => text('save-message')).toContain('was not loaded');
    expect(await page.getAttribute(byId('save-message'), 'role')).toBe('alert');
    expect(await game()).toEqual(before);
  });

  it('replays: the scrubber shows an earlier moment read only, the cards and log follow it, Live returns', async () => {
    await tab('log');
    const live = await text('play-headline');
    const total = await logLength();
    await page.focus(byId('replay-slider'));
    await page.keyboard.press('Home');
    await expect.poll(() => page.isVisible(byId('replay-note'))).toBe(true);
    expect(await text('replay-note')).toContain('Replay — read only');
    expect(await text('replay-position')).toMatch(/^After event 1 of \d+/);
    expect(await page.getAttribute(byId('play-hud'), 'data-locked')).toBe('true');
    const after = (n: number) => page.$$eval('[data-testid=game-log] li', (els, at) => els.filter((e) => Number(e.getAttribute('data-index')) > at).length, n);
    expect(await page.$$eval('[data-testid=game-log] li.st-future', (els) => els.length)).toBe(await after(0));
    expect(await after(0)).toBeGreaterThan(total - 3);
    expect(await text('play-turn')).toBe('Turn 0 / 6');
    for (const id of await actionIds()) expect(await page.isDisabled(`[data-action="${id}"]`)).toBe(true);
    await saveShot(page, 'play-hud-replay.png');

    // Step forward: one more event shown.
    await page.click(byId('replay-forward'));
    expect(await text('replay-position')).toMatch(/^After event 2 of \d+/);
    expect(await page.$$eval('[data-testid=game-log] li.st-future', (els) => els.length)).toBe(await after(1));
    await tab('units');
    expect(await page.textContent(byId('unit-behind_wall'))).not.toContain('activated');

    await page.click(byId('replay-live-banner'));
    await expect.poll(() => page.isVisible(byId('replay-note'))).toBe(false);
    expect(await text('play-headline')).toBe(live);
  });

  it('a reload offers to resume the autosaved game, and Resume restores it', async () => {
    const before = await game();
    await page.reload();
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 120_000 });
    await page.waitForSelector(byId('start-choice'), { timeout: 60_000 });
    expect(await text('start-choice')).toContain('Resume game');
    await page.click(byId('resume-game'));
    await page.waitForSelector(byId('play-hud'));
    expect(await game()).toEqual(before);

    // Leave play: the explore table is back with its header; Play again offers the saved game.
    await takeOver();
    await page.click(byId('play-toggle'));
    await page.waitForSelector(byId('play-hud'), { state: 'detached' });
    await page.waitForSelector(byId('scenario-header'));
    expect(new URL(page.url()).searchParams.get('play')).toBeNull();
    await page.click(byId('play-toggle'));
    await page.waitForSelector(byId('start-choice'));
    await page.click(byId('new-game'));
    await page.waitForSelector(byId('play-hud'));
    await expect.poll(() => text('play-headline')).toBe('The game begins');
    expect(w.problems).toEqual([]);
  }, 180_000);

  it('a finished game loaded from a save shows the result; Review replays it read only, New game starts afresh', { timeout: 180_000 }, async () => {
    // A whole game played headless by the CLI (random legal commands to the turn limit), saved.
    const file = join(tmpdir(), `sandtable-play-end-${process.pid}.json`);
    let err = '';
    let out = '';
    const code = await runCli(['play', 'scenarios/sandbox/training-ground.json', '--seed', '1', '--random-legal', '--save', file], { out: (t) => void (out += t), err: (t) => void (err += t) });
    expect(code, err).toBe(0);
    // The result the headless game reached (which side wins depends on the random player): the HUD must show the same.
    const result = /^Result: (.*)$/m.exec(out)?.[1] ?? '';
    const winner = /(\w+) wins/.exec(result)?.[1];
    expect(result, out).toContain('Turn limit reached');
    await tab('game');
    await page.setInputFiles(byId('save-load-input'), file);
    await page.waitForSelector(byId('victory'));
    expect(await text('victory-winner')).toBe(winner ? `${winner} win` : 'A draw');
    expect(await text('victory')).toContain('Turn limit reached');
    expect(await page.getAttribute('[data-testid=victory] [data-testid=rule-link]', 'data-rule')).toBe('K-GAP-1');
    expect(await actionIds()).toEqual([]);
    await saveShot(page, 'play-hud-victory.png');

    await page.click(byId('victory-review'));
    await page.waitForSelector(byId('replay-note'));
    expect(await text('replay-position')).toMatch(/^After event 1 of \d+/);
    await page.click(byId('replay-live'));
    await page.waitForSelector(byId('replay-note'), { state: 'detached' });
    // Back at the end: the result stays in the banner and no choice is offered; the dialog is not forced again.
    expect(await page.$(byId('victory'))).toBeNull();
    expect(await actionIds()).toEqual([]);

    await tab('game');
    await page.click(byId('game-new'));
    await expect.poll(() => text('play-headline')).toBe('The game begins');
    expect(await actionIds()).toEqual(['begin-turn']);
  });

  it('a leader commands a unit (K-2.2a): the commanded unit becomes the active one; its card brings the camera to it', async () => {
    w = await openTable(ctx, KALEVANKANGAS);
    page = w.page;
    await page.waitForSelector(byId('play-hud'), { timeout: 60_000 });
    await act('begin-turn');
    await act('draw');
    expect(await handedOver()).toContain('Whites to play');
    expect(await text('play-side')).toBe('Whites');
    expect(await text('play-card')).toContain('Company commander');
    const commands = (await actionIds()).filter((a) => a.startsWith('command:'));
    expect(commands).toContain('command:w_sq2');
    expect(await page.textContent('[data-testid=action-bar] [data-action="command:w_sq2"]')).toContain('Command Rifle squad 2');
    expect(await page.getAttribute('[data-testid=action-bar] [data-action="command:w_sq2"]', 'title')).toContain('K-2.2b');
    await act('command:w_sq2');
    expect(await text('play-detail')).toContain('commanded by Company commander');
    expect(await actionIds()).toEqual(expect.arrayContaining(['activate:shoot', 'pass']));
    await tab('units');
    expect(await page.getAttribute(byId('unit-w_sq2'), 'aria-current')).toBe('true');
    await saveShot(page, 'play-hud-command.png');

    // The unit card flies the camera to the squad's figures.
    const scenario = loadScenarioFile('scenarios/kuularuisku/kalevankangas.json');
    const figs = scenario.units!.find((u) => u.id === 'w_sq2')!.figures;
    const centre = [figs.reduce((a, f) => a + f.at[0], 0) / figs.length, figs.reduce((a, f) => a + f.at[1], 0) / figs.length];
    await page.click(byId('unit-w_sq2'));
    // The commanded unit's own camera move may still be settling when the card is clicked: wait for the
    // card's flight to land (a focus view, not flying) on the squad's centre.
    await expect.poll(async () => {
      const c = await page.evaluate(() => window.__sandtable!.view!.camera()!);
      return c.view === 'focus' && !c.flying ? Math.max(Math.abs(c.target[0] - centre[0]!), Math.abs(c.target[2] - centre[1]!)) : Infinity;
    }, { timeout: 30_000 }).toBeLessThan(0.5);
    // On this small screen the open dock takes the right half; folded, most of the table is free.
    await page.click(byId('dock-toggle'));
    expect(await page.getAttribute(byId('play-dock'), 'data-open')).toBe('false');
    await saveShot(page, 'play-hud-folded.png');
    // The middle of the table stays free even at this size (the grid is sampled to the edges, where the
    // plates and bars sit).
    expect(await page.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2) === document.querySelector('.st-canvas canvas'))).toBe(true);
    expect(await canvasShare()).toBeGreaterThan(0.2);

    // A desktop screen: the dock opens by default, and the HUD still leaves most of the table free.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.reload();
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 120_000 });
    await page.click(byId('resume-game'));
    await takeOver();
    expect(await page.getAttribute(byId('play-dock'), 'data-open')).toBe('true');
    expect(await canvasShare()).toBeGreaterThan(0.5);
    await saveShot(page, 'play-hud-1280.png');
    await page.setViewportSize({ width: 640, height: 400 });
    expect(w.problems).toEqual([]);
  }, 240_000);
});
