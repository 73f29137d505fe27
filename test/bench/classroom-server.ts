/**
 * The class server of the classroom benches, in its own process (so its RSS is its own): serves Halo's
 * lessons on 127.0.0.1, a free port, and prints one JSON line with its address, class code and teacher key.
 * `CLASS_BENCH_SITE` names a built playground to serve (the dashboard bench's real dashboard page); without
 * it, an empty site.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openClass } from '../../runtime/classroom/class-server.ts';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';

function emptySite(): string {
  const site = mkdtempSync(join(tmpdir(), 'halo-class-bench-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Halo Playground</title>');
  return site;
}

const siteDir = process.env.CLASS_BENCH_SITE || emptySite();
const open = await openClass({ host: '127.0.0.1', port: 0, siteDir, courseDir: join(REPO_ROOT, 'lessons') });
console.log(JSON.stringify({ url: open.url, code: open.info.code, key: open.teacherKey, lesson: open.info.lessons[0] }));
