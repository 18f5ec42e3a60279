// Steps of a game in the browser that need nothing but the page (so scripts/shots.ts, run by tsx
// outside vitest, shares them with the browser tests): taking the hand-over card, playing to a unit with targets.
import type { Page } from 'playwright-core';

/** Take the hand-over card when one is shown. */
export async function takeOver(page: Page): Promise<void> {
  const card = await page.$('[data-testid=handover]');
  if (card) {
    await page.click('[data-testid=handover-ok]');
    await page.waitForSelector('[data-testid=handover]', { state: 'detached' });
  }
}

/**
 * Play from inside the page (turns begun, cards drawn, units activated to shoot, others passed or
 * ended) until a unit is activated with targets it may shoot; throws when none comes up in 400 commands.
 */
export async function playToTargets(page: Page): Promise<void> {
  const ok = await page.evaluate(() => {
    const p = window.__sandtable!.play!;
    for (let k = 0; k < 400; k++) {
      const v = p.view.get();
      if (v.targets.some((t) => t.command)) return true;
      const pick = (id: string) => v.actions.find((a) => a.id === id || a.id.startsWith(`${id}:`));
      const a = pick('begin-turn') ?? pick('draw') ?? pick('activate:shoot') ?? pick('activate:move-shoot') ?? pick('pass') ?? pick('end-activation') ?? v.actions[0];
      if (!a || !p.control.send(a.command).ok) return false;
    }
    return false;
  });
  if (!ok) throw new Error('no unit with targets came up in the game played');
}
