/** Set-up of every e2e test file (vite.config.ts, setupFiles): what one file opened in the shared Chromium ends with it. */
import { afterAll } from 'vitest';
import { closeLeftContexts } from './browser.ts';

afterAll(closeLeftContexts);
