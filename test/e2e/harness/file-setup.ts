/**
 * Set-up of every e2e test file (vite.config.ts, setupFiles): the site the global set-up builds is there before the
 * file is imported (some read it at their top level), and what one file opened in the shared Chromium ends with it.
 */
import { afterAll } from 'vitest';
import { closeLeftContexts } from './browser.ts';
import { siteBuilt } from './build-site.ts';
import { distDir } from './paths.ts';

if (process.env.HALO_E2E_BUILDING === '1') await siteBuilt(distDir());

afterAll(closeLeftContexts);
