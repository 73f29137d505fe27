/** "Download as Node project" from a page, unpacked and installed offline in a temp dir, as a learner would. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** An exported project on disk: its folder and the zip's file names (folders aside). */
export interface ExportedProject {
  project: string;
  entries: string[];
}

/** Clicks "Download as Node project", unzips the download into `dir` and runs `npm install --offline` in it. */
export async function exportNodeProject(page: Page, dir: string): Promise<ExportedProject> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Download as Node project' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('halo-program.zip');
  const zipPath = join(dir, 'halo-program.zip');
  await download.saveAs(zipPath);
  const files = Object.entries(unzipSync(new Uint8Array(readFileSync(zipPath)))).filter(([name]) => !name.endsWith('/'));
  for (const [name, bytes] of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  const project = join(dir, 'halo-program');
  // --offline: everything comes from the zip (the tarball has halo's own dependencies inlined).
  const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund'], {
    cwd: project,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(install.status, install.stderr).toBe(0);
  return { project, entries: files.map(([name]) => name) };
}
