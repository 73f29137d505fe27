/**
 * The class server over real sockets (Node http + ws, 127.0.0.1, port 0): joining with the class code,
 * sharing results, what each caller may read over REST and WebSocket (the teacher everything, a learner only
 * their own, nobody anything without the code or the key), validation and size caps, per-learner rate
 * limits, stopping sharing, the CSV, and the built site served next to the API.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClass, type RunningClass } from '../../runtime/classroom/class-server.ts';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';
import { openSocket, type SocketClient } from '../support/socket-client.ts';

type Json = Record<string, unknown>;

const COURSE = join(REPO_ROOT, 'test/fixtures/course');
let site = '';
let open: RunningClass;
const sockets: SocketClient[] = [];
/** Every body a learner's request got back, to prove the teacher key never reaches one. */
const learnerBodies: string[] = [];

/** A learner as their browser is: a secret of their own, the class code, and (once sharing) their id. */
interface Learner {
  name: string;
  secret: string;
  id?: string;
}

function learnerHeaders(learner: Learner): Record<string, string> {
  return {
    'x-class-code': open.info.code,
    ...(learner.id ? { 'x-learner-id': learner.id, 'x-learner-secret': learner.secret } : {}),
  };
}

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await fetch(`${open.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, text, json: (isJson && text ? JSON.parse(text) : null) as unknown };
}

async function asLearner(learner: Learner, path: string, init: { method?: string; body?: unknown } = {}) {
  const answer = await call(path, { ...init, headers: learnerHeaders(learner) });
  learnerBodies.push(answer.text);
  return answer;
}

async function share(learner: Learner): Promise<void> {
  const joined = await asLearner(learner, '/api/learners', { method: 'POST', body: { name: learner.name, secret: learner.secret } });
  expect(joined.status).toBe(201);
  learner.id = (joined.json as Json).id as string;
}

async function socket(query: string, headers?: Record<string, string>): Promise<SocketClient> {
  const client = await openSocket(`${open.url}/api/ws?${query}`, headers);
  sockets.push(client);
  return client;
}

const teacher = () => ({ 'x-class-key': open.teacherKey });
const ann: Learner = { name: 'Ann', secret: 'a'.repeat(40) };
const bob: Learner = { name: '<b>Bob</b>', secret: 'b'.repeat(40) };
const eve: Learner = { name: '=HYPERLINK("x")', secret: 'e'.repeat(40) };

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'halo-class-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Halo Playground</title>');
  mkdirSync(join(site, 'web/classroom'), { recursive: true });
  writeFileSync(join(site, 'web/classroom/dashboard.html'), '<!doctype html><title>Dashboard</title>');
  open = await openClass({ host: '127.0.0.1', port: 0, siteDir: site, courseDir: COURSE, stuckMinutes: 5 });
});

afterAll(async () => {
  for (const client of sockets) client.close();
  await open?.close();
  rmSync(site, { recursive: true, force: true });
});

describe('joining and sharing', () => {
  it('serves the site and the class code check; the join address is on 127.0.0.1 only', async () => {
    expect(open.info.joinUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?class$/);
    expect(open.info.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(open.teacherKey.length).toBeGreaterThanOrEqual(32);
    expect(open.info.joinQrSvg).toContain('<svg');
    expect((await call('/?class')).text).toContain('Halo Playground');
    const dashboard = await fetch(`${open.url}/dashboard`, { redirect: 'manual' });
    expect(dashboard.headers.get('location')).toBe('/web/classroom/dashboard.html');
    expect((await call('/../../etc/passwd')).status).toBe(404);
    expect(await call(`/api/classes/${open.info.code.toLowerCase()}`)).toMatchObject({ status: 200, json: { code: open.info.code } });
    expect((await call('/api/classes/WRONG1')).status).toBe(404);
  });

  it('turns sharing on with the code: the learner gets an id, the secret is never answered', async () => {
    expect((await call('/api/learners', { method: 'POST', body: { name: 'X', secret: 'x'.repeat(40) } })).status).toBe(403);
    expect((await call('/api/learners', { method: 'POST', headers: { 'x-class-code': 'NOPE22' }, body: {} })).status).toBe(403);
    for (const learner of [ann, bob, eve]) await share(learner);
    expect(learnerBodies.join('')).not.toContain(ann.secret);
    const badName = await asLearner({ name: '', secret: 'c'.repeat(40) }, '/api/learners', {
      method: 'POST',
      body: { name: 'x'.repeat(201), secret: 'short' },
    });
    expect(badName.status).toBe(400);
    expect((badName.json as Json).errors).toEqual([expect.stringContaining('"name"'), expect.stringContaining('"secret"')]);
  });

  it('validates and caps every result; the lesson and check must be the course’s', async () => {
    expect((await asLearner(ann, '/api/results', { method: 'POST', body: { lesson: '05-echo', check: 0, passed: true } })).status).toBe(
      201,
    );
    const failing = {
      lesson: '05-echo',
      check: 1,
      passed: false,
      failure: { request: 'POST /echo', expected: '{"name":"Ada"}', got: '404', reasons: ['x'] },
    };
    expect((await asLearner(bob, '/api/results', { method: 'POST', body: failing })).status).toBe(201);
    for (const body of [
      { lesson: '05-echo', check: 7, passed: true },
      { lesson: '99-nope', check: 0, passed: true },
      { lesson: '05-echo', check: 0, passed: 'yes' },
      { lesson: '05-echo', check: 0, passed: true, extra: 1 },
      { ...failing, failure: { ...failing.failure, got: 'x'.repeat(4001) } },
    ])
      expect((await asLearner(ann, '/api/results', { method: 'POST', body })).status).toBe(400);
    expect((await asLearner(ann, '/api/results', { method: 'POST', body: 'x'.repeat(300 * 1024) })).status).toBe(413);
    expect(
      (await asLearner(ann, '/api/code', { method: 'POST', body: { lesson: '05-echo', files: { 'main.ts': 'x'.repeat(100_001) } } }))
        .status,
    ).toBe(400);
  });
});

describe('who reads what', () => {
  it('over REST, a learner reads only their own results, learners and code; no dashboard, no CSV', async () => {
    const own = await asLearner(bob, '/api/results');
    expect((own.json as Json[]).map((r) => r.learnerId)).toEqual([bob.id]);
    expect((await asLearner(bob, `/api/results/${ann.id}:05-echo:0`)).status).toBe(403);
    expect((await asLearner(bob, '/api/learners')).json).toEqual([expect.objectContaining({ id: bob.id })]);
    expect((await asLearner(bob, `/api/learners/${ann.id}`)).status).toBe(403);
    expect((await asLearner(bob, '/api/classes')).status).toBe(403);
    expect((await asLearner(bob, '/api/export.csv')).status).toBe(403);
    expect((await asLearner(bob, `/api/learners/${ann.id}`, { method: 'DELETE' })).status).toBe(403);
    // Another learner's id with one's own secret is refused outright.
    expect((await call('/api/results', { headers: { ...learnerHeaders(bob), 'x-learner-id': ann.id! } })).status).toBe(403);
    expect((await call('/api/results', { headers: { 'x-class-key': 'guessed' } })).status).toBe(403);
    expect((await call('/api/results')).status).toBe(403);
    const all = await call('/api/results', { headers: teacher() });
    expect((all.json as Json[]).map((r) => r.learnerId).sort()).toEqual([ann.id, bob.id].sort());
  });

  it('over WebSocket, the teacher sees every change live and a learner only their own', async () => {
    const dashboard = await socket(`key=${encodeURIComponent(open.teacherKey)}`);
    const bobSocket = await socket(`code=${open.info.code}&learner=${bob.id}&secret=${bob.secret}`);
    expect(await dashboard.call('api/learners.index')).toMatchObject({
      result: expect.arrayContaining([expect.objectContaining({ name: '<b>Bob</b>' })]),
    });
    expect((await bobSocket.call('api/results.index')).result).toEqual([expect.objectContaining({ learnerId: bob.id })]);
    expect((await bobSocket.call('api/classes.index')).error).toMatchObject({ status_code: 403 });
    expect((await bobSocket.call('api/results.read', { record: `${ann.id}:05-echo:0` })).error).toMatchObject({ status_code: 403 });
    expect((await asLearner(ann, '/api/results', { method: 'POST', body: { lesson: '05-echo', check: 1, passed: false } })).status).toBe(
      201,
    );
    const created = await dashboard.next(
      (m) => m.event === 'api/results created' && (m.data as Json).learnerId === ann.id && (m.data as Json).check === 1,
    );
    expect((created.data as Json).failingSince).toBe((created.data as Json).at);
    expect(await bobSocket.call('api/results.create', { data: { lesson: '05-echo', check: 0, passed: true } })).toMatchObject({
      result: { learnerId: bob.id },
    });
    await bobSocket.next((m) => m.event === 'api/results created');
    await dashboard.next((m) => m.event === 'api/results created' && (m.data as Json).learnerId === bob.id);
    expect(bobSocket.messages.filter((m) => m.event).map((m) => (m.data as Json).learnerId)).toEqual([bob.id]);
    expect(JSON.stringify(bobSocket.messages)).not.toContain(open.teacherKey);
  });

  it('refuses a socket without the code or key (4401), with a wrong one (4403), and from another origin (403)', async () => {
    expect(await (await socket('')).closed).toMatchObject({ code: 4401 });
    expect(await (await socket('key=wrong')).closed).toMatchObject({ code: 4403 });
    expect(await (await socket(`code=${open.info.code}&learner=${ann.id}&secret=${bob.secret}`)).closed).toMatchObject({ code: 4403 });
    const refused = await openSocket(`${open.url}/api/ws?key=${open.teacherKey}`, { origin: 'http://evil.example' }).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    expect(refused).toContain('403');
    // With the code but not sharing: no events at all.
    const member = await socket(`code=${open.info.code}`);
    expect((await member.call('api/results.index')).error).toMatchObject({ status_code: 403 });
    await asLearner(ann, '/api/results', { method: 'POST', body: { lesson: '05-echo', check: 0, passed: true } });
    expect((await member.call('api/learners.index')).error).toMatchObject({ status_code: 403 });
    expect(member.messages.filter((m) => m.event)).toEqual([]);
  });
});

describe('export, limits and stopping', () => {
  it('exports learner × check as CSV, names never read as formulas', async () => {
    const csv = await call('/api/export.csv', { headers: teacher() });
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'learner,last activity,10-greeting #1 GET / answers Hello from the course!,05-echo #1 POST /echo answers with JSON,05-echo #2 POST /echo answers the name it was sent',
    );
    expect(lines).toContainEqual(expect.stringMatching(/^Ann,\d{4}-\d\d-\d\dT[\d:.]+Z,,pass,fail$/));
    expect(lines).toContainEqual(expect.stringMatching(/^<b>Bob<\/b>,[^,]+,,pass,fail$/));
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""x"")"`))).toBe(true);
  });

  it('rate-limits each learner, whatever connection they use', async () => {
    const limited = await openClass({ host: '127.0.0.1', port: 0, siteDir: site, courseDir: COURSE, limits: { callsPerMinute: 5 } });
    try {
      const headers = { 'x-class-code': limited.info.code };
      const joined = await fetch(`${limited.url}/api/learners`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Zed', secret: 'z'.repeat(40) }),
      });
      const id = ((await joined.json()) as Json).id as string;
      const creds = { ...headers, 'x-learner-id': id, 'x-learner-secret': 'z'.repeat(40) };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited.url}/api/results`, { headers: creds })).status);
      const ws = await openSocket(`${limited.url}/api/ws?code=${limited.info.code}&learner=${id}&secret=${'z'.repeat(40)}`);
      sockets.push(ws);
      statuses.push((((await ws.call('api/results.index')).error as Json | undefined)?.status_code as number) ?? 200);
      statuses.push((((await ws.call('api/results.index')).error as Json | undefined)?.status_code as number) ?? 200);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('stopping sharing removes the learner and all their data from the dashboard, and their id stops working', async () => {
    const dashboard = await socket(`key=${encodeURIComponent(open.teacherKey)}`);
    await asLearner(ann, '/api/code', { method: 'POST', body: { lesson: '05-echo', files: { 'main.ts': '<script>alert(1)</script>' } } });
    expect((await call(`/api/code/${ann.id}`, { headers: teacher() })).json).toMatchObject({
      files: { 'main.ts': '<script>alert(1)</script>' },
    });
    expect((await asLearner(ann, `/api/learners/${ann.id}`, { method: 'DELETE' })).status).toBe(200);
    await dashboard.next((m) => m.event === 'api/learners removed' && (m.data as Json).id === ann.id);
    const results = (await call('/api/results', { headers: teacher() })).json as Json[];
    expect(results.some((r) => r.learnerId === ann.id)).toBe(false);
    expect((await call(`/api/code/${ann.id}`, { headers: teacher() })).status).toBe(404);
    expect((await call('/api/export.csv', { headers: teacher() })).text).not.toContain('Ann');
    expect((await asLearner(ann, '/api/results')).status).toBe(403);
    expect(learnerBodies.join('\n')).not.toContain(open.teacherKey);
  });
});
