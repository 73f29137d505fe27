/**
 * The class server of the classroom load test, in its own process (so its RSS is its own): serves Halo's
 * lessons on 127.0.0.1, a free port, and prints one JSON line with its address, class code and teacher key.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openClass } from '../../runtime/classroom/class-server.ts';
import { REPO_ROOT } from '../../runtime/course/course-dir.ts';

const site = mkdtempSync(join(tmpdir(), 'halo-class-bench-'));
writeFileSync(join(site, 'index.html'), '<!doctype html><title>Halo Playground</title>');
const open = await openClass({ host: '127.0.0.1', port: 0, siteDir: site, courseDir: join(REPO_ROOT, 'lessons') });
console.log(JSON.stringify({ url: open.url, code: open.info.code, key: open.teacherKey, lesson: open.info.lessons[0] }));
