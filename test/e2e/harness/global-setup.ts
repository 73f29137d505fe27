/** Vitest global setup of the e2e project: Chromium present, production site freshly built. */
import { buildSite } from './build-site.ts';
import { ensureChromium } from './chromium.ts';

/** Runs once before the e2e test files. */
export default function setup(): void {
  ensureChromium();
  if (process.env.HALO_E2E_SKIP_BUILD !== '1') buildSite();
}
