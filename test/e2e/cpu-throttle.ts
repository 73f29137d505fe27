/**
 * A slow laptop for the benches: CPU throttling (`Emulation.setCPUThrottlingRate`) on every target CDP reaches
 * behind a page (the page, its out-of-process frames such as the sandbox frame, their workers, the service
 * worker), set as each is attached, before the page navigates; and which of them took it (workers refuse it).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { PageTargets, type ReachedTarget } from './cdp-targets.ts';

/** What a throttle did to one target. */
export interface ThrottleOutcome {
  target: ReachedTarget;
  /** `throttled`, or CDP's refusal. */
  outcome: string;
}

/** Where `url` comes from, without its path: an origin, or the URL's kind (about:srcdoc, data:, blob:<origin>). */
function urlOrigin(url: string): string {
  if (url.startsWith('about:')) return url;
  if (url.startsWith('data:')) return 'data: URL';
  if (url.startsWith('blob:')) return `blob:${urlOrigin(url.slice(5))}`;
  try {
    return new URL(url).origin;
  } catch {
    return url || '(no URL yet)';
  }
}

/** A new page of `context`, on about:blank, whose every target is throttled `rate` times as it is attached. */
export async function throttledPage(
  context: BrowserContext,
  rate: number,
): Promise<{ page: Page; targets: PageTargets; outcomes: ThrottleOutcome[] }> {
  const page = await context.newPage();
  const outcomes: ThrottleOutcome[] = [];
  const throttle = async (target: ReachedTarget): Promise<void> => {
    const outcome = await target.send('Emulation.setCPUThrottlingRate', { rate }).then(
      () => 'throttled',
      (error: Error) => `refused: ${error.message}`,
    );
    outcomes.push({ target, outcome });
  };
  const targets = await PageTargets.attach(context, page, throttle);
  return { page, targets, outcomes };
}

/** `outcomes` of one or more pages, alike ones counted together: "page http://…: throttled (×3); worker …". */
export function throttleSummary(outcomes: ThrottleOutcome[]): string {
  const counts = new Map<string, number>();
  for (const { target, outcome } of outcomes) {
    // Its URL now: a page is attached (and throttled) on about:blank, before it navigates.
    const key = `${target.type} ${urlOrigin(target.url)}: ${outcome}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} (×${count})`).join('; ') || 'no target';
}
