/**
 * Where a keystroke's time goes, as the learner bench times it (keystroke-edits.ts): each key of the bench's typing
 * split by what the page shows along the way, timed by the page's clock from the key's `keydown` — the status line
 * saying "Compiling…" (the edit reached the session), "Starting the program…" (esbuild and the type check done),
 * "Compiled in …" (the new program runs; the page presses Send), and the new body shown.
 * `HALO_DIST_DIR=… npx tsx test/e2e/keystroke-profile.ts` on a built site (about a minute); `HALO_PROFILE_PAUSE_MS`
 * waits that long between the new program's first answer and the first key (the bench types at once). Not a test:
 * a profile, for explaining the bench's figures.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchChromium } from './harness/browser.ts';
import { ensureChromium } from './harness/chromium.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic } from './harness/static-server.ts';
import { FIRST } from './harness/wait.ts';
import { keystrokeEdits } from './keystroke-edits.ts';
import { EDITS, lessonUrl } from './learner-phases.ts';

/** One event the page showed: ms by its clock, and what. */
type Shown = [number, string];

/** In the page: notes each keydown, each new status line text and each new response body, by the page's clock. */
function noteWhatIsShown(): void {
  const shown: Shown[] = [];
  (window as unknown as { shown: Shown[] }).shown = shown;
  document.addEventListener('keydown', (event) => shown.push([performance.now(), `key ${event.key}`]), { capture: true });
  let status = '';
  let body = '';
  new MutationObserver(() => {
    const nowStatus = document.querySelector('[data-testid=compile-status]')?.textContent ?? '';
    const nowBody = document.querySelector('pre[aria-label="Response body"]')?.textContent ?? '';
    if (nowStatus !== status) shown.push([performance.now(), (status = nowStatus)]);
    if (nowBody !== body) shown.push([performance.now(), `body ${(body = nowBody)}`]);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The stages of each typed letter (a–z), ms since its keydown. */
function stagesOf(shown: Shown[]): { key: string; compiling: number; checked: number; running: number; answered: number }[] {
  const out = [];
  for (let i = 0; i < shown.length; i++) {
    const [at, what] = shown[i];
    if (!/^key [a-z]$/.test(what)) continue;
    const after = (pattern: RegExp) => (shown.slice(i + 1).find(([, w]) => pattern.test(w))?.[0] ?? NaN) - at;
    out.push({
      key: what.slice(4),
      compiling: after(/^Compiling/),
      checked: after(/^Starting the program/),
      running: after(/^Compiled in/),
      answered: after(new RegExp(`^body typed:\\w*${what.slice(4)}$`)),
    });
  }
  return out;
}

ensureChromium();
const PAUSE_MS = Number(process.env.HALO_PROFILE_PAUSE_MS ?? 0);
const server = await serveStatic(distDir());
const browser = await launchChromium();
try {
  // As the bench: a context that visited once (the service worker and the caches in place).
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const first: Page = await context.newPage();
  await first.goto(lessonUrl(server, '01-getting-started'));
  await first.locator('.monaco-editor .view-lines').first().waitFor(FIRST);
  await first.close();
  const page = await context.newPage();
  await page.addInitScript(noteWhatIsShown);
  const load = loadavg()[0];
  const times = await keystrokeEdits(page, lessonUrl(server, '01-getting-started'), EDITS, PAUSE_MS);
  const stages = stagesOf(await page.evaluate(() => (window as unknown as { shown: Shown[] }).shown));
  console.log(
    `\n## Keystroke stages (load ${load.toFixed(2)}, typing ${PAUSE_MS} ms after the answer; ms since the key's keydown, by the page's clock)\n`,
  );
  console.log('| key | bench figure | "Compiling…" | compiled and type-checked | program running (Send pressed) | body shown |');
  console.log('|---|--:|--:|--:|--:|--:|');
  stages.forEach((s, i) =>
    console.log(
      `| ${s.key} | ${times[i]?.toFixed(0)} | ${s.compiling.toFixed(0)} | ${s.checked.toFixed(0)} | ${s.running.toFixed(0)} | ${s.answered.toFixed(0)} |`,
    ),
  );
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
