/**
 * What a stranger or a learner in the room can try against a class, over real sockets (Node http + ws on
 * 127.0.0.1, each "device" a loopback address of its own: 127.0.0.2, .3, …): forged names (look-alikes, bidi
 * tricks, capital look-alikes, blank characters, duplicates, reserved words, a 200,000-character name), filling the
 * class or using up others' joins from one address, crowding the class with sockets from one learner or one address,
 * calls on another learner's records, guessing the class code, a removed learner's secret; and the teacher's remove,
 * rename and lock.
 */
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLASS_LIMITS } from '../../runtime/classroom/class-guard.ts';
import { openClass, type RunningClass } from '../../runtime/classroom/class-server.ts';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';
import { openSocket, type SocketClient } from '../support/socket-client.ts';

type Json = Record<string, unknown>;

const COURSE = join(REPO_ROOT, 'test/fixtures/course');
let site = '';
const classes: RunningClass[] = [];
const sockets: SocketClient[] = [];
let device = 1;

/** A loopback address no other test uses: one more device in the room. */
const newDevice = (): string => `127.0.0.${++device}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Json;
}

/** A request from `from` (a loopback address), as a browser in the room would send it. */
function send(
  open: RunningClass,
  from: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const { hostname, port } = new URL(open.url);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers };
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: init.method ?? 'GET', headers, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          json: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : {},
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A learner's join from `from`: the answer, and their credentials once in. */
async function join_(open: RunningClass, from: string, name: string) {
  const secret = `s${Math.random().toString(36).slice(2)}`.padEnd(40, 'x');
  const answer = await send(open, from, '/api/learners', {
    method: 'POST',
    headers: { 'x-class-code': open.info.code },
    body: { name, secret },
  });
  const id = typeof answer.json.id === 'string' ? answer.json.id : '';
  return { answer, id, secret, headers: { 'x-class-code': open.info.code, 'x-learner-id': id, 'x-learner-secret': secret } };
}

async function socketFrom(open: RunningClass, from: string, query: string): Promise<SocketClient> {
  const client = await openSocket(`${open.url}/api/ws?${query}`, {}, from);
  sockets.push(client);
  return client;
}

async function newClass(limits: Parameters<typeof openClass>[0]['limits'] = {}): Promise<RunningClass> {
  const open = await openClass({ host: '127.0.0.1', port: 0, siteDir: site, courseDir: COURSE, limits });
  classes.push(open);
  return open;
}

const teacher = (open: RunningClass) => ({ 'x-class-key': open.teacherKey });

/** Opens `count` sockets with `query` from `from`; each ends admitted (a call answered) or closed with a code and reason. */
async function crowd(open: RunningClass, from: string, query: string, count: number) {
  const clients = await Promise.all(Array.from({ length: count }, () => socketFrom(open, from, query)));
  type Outcome = { code: number; reason: string } | 'admitted';
  const outcomes = await Promise.all(
    clients.map((client) =>
      Promise.race<Outcome>([
        client.closed,
        client
          .call('api/classes.read', { record: open.info.code })
          .then((reply): Promise<Outcome> | Outcome => ('result' in reply ? 'admitted' : client.closed)),
      ]),
    ),
  );
  return {
    admitted: clients.filter((_, at) => outcomes[at] === 'admitted'),
    closes: outcomes.filter((outcome) => outcome !== 'admitted'),
  };
}

/** The median of `times` runs of `work`, in ms. */
async function medianMs(times: number, work: (run: number) => Promise<unknown>): Promise<number> {
  const took: number[] = [];
  for (let run = 0; run < times; run++) {
    const start = performance.now();
    await work(run);
    took.push(performance.now() - start);
  }
  return took.sort((a, b) => a - b)[Math.floor(times / 2)];
}

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'halo-class-attacks-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Halo Playground</title>');
  mkdirSync(join(site, 'web/classroom'), { recursive: true });
  writeFileSync(join(site, 'web/classroom/dashboard.html'), '<!doctype html><title>Dashboard</title>');
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const open of classes) await open.close();
  rmSync(site, { recursive: true, force: true });
});

describe('names no one can forge', () => {
  it('refuses a look-alike, a bidi-wrapped copy and a duplicate of a name, over REST and WebSocket', async () => {
    const open = await newClass();
    expect((await join_(open, newDevice(), 'Vic')).answer.status).toBe(201);
    for (const forged of ['V\u0456c', 'vic', '\u2066Vic\u2069', 'V\u200Bic', ' Vic ', 'Ｖｉｃ']) {
      const { answer } = await join_(open, newDevice(), forged);
      expect(answer, JSON.stringify(forged)).toMatchObject({
        status: 409,
        json: { message: expect.stringContaining('already has this name') },
      });
    }
    const socket = await socketFrom(open, newDevice(), `code=${open.info.code}`);
    const reply = await socket.call('api/learners.create', { data: { name: 'V\u0456c', secret: 'w'.repeat(40) } });
    expect(reply.error).toMatchObject({ status_code: 409 });
    // A right-to-left override is taken out: what is stored shows as it reads.
    const { answer } = await join_(open, newDevice(), '\u202EciV');
    expect(answer).toMatchObject({ status: 201, json: { name: 'ciV' } });
  });

  it('refuses capital look-alikes (Cyrillic Т, М, В, К, Н) and names that differ only by a blank character', async () => {
    const open = await newClass({ learnersPerAddress: 20 });
    const room = newDevice();
    for (const name of ['Tom', 'Mia', 'Ben', 'Kim', 'Hal']) expect((await join_(open, room, name)).answer.status, name).toBe(201);
    const forged = ['\u0422om', '\u041Cia', '\u0412en', '\u041Aim', '\u041Dal', '\u0422\u041E\u041C'];
    const blanks = ['\u2800', '\u3164', '\u115F', '\u1160', '\uFFA0', '\u2060', '\u{E0020}'].map((blank) => `Tom${blank}`);
    for (const name of [...forged, ...blanks, 'Ben\u3000']) {
      const { answer } = await join_(open, newDevice(), name);
      expect(answer, JSON.stringify(name)).toMatchObject({
        status: 409,
        json: { message: expect.stringContaining('already has this name') },
      });
    }
    const socket = await socketFrom(open, newDevice(), `code=${open.info.code}`);
    expect((await socket.call('api/learners.create', { data: { name: 'Kim\u2800', secret: 'w'.repeat(40) } })).error).toMatchObject({
      status_code: 409,
    });
    for (const name of ['\u0422\u0435\u0430\u0441her', '\u0422EACHER']) {
      const { answer } = await join_(open, newDevice(), name);
      expect(answer, name).toMatchObject({
        status: 400,
        json: { message: expect.stringContaining('kept for the people who run the class') },
      });
    }
    expect((await join_(open, newDevice(), '\u2800\u3164\u115F')).answer.status).toBe(400);
  });

  it('refuses a 200,000-character name and stores at most 40 characters of a long one, controls gone', async () => {
    const open = await newClass();
    const huge = await join_(open, newDevice(), 'x'.repeat(200_000));
    expect(huge.answer.status).toBe(400);
    const long = await join_(open, newDevice(), `Ann\u0000\u202E ${'y'.repeat(150)}`);
    expect(long.answer.status).toBe(201);
    const [stored] = (await send(open, '127.0.0.1', '/api/learners', { headers: teacher(open) })).json as unknown as Json[];
    expect(stored.name).toBe(`Ann ${'y'.repeat(36)}`);
    expect(Array.from(String(stored.name))).toHaveLength(40);
    expect((await join_(open, newDevice(), '\u200B\u202E \u2066')).answer.status).toBe(400);
  });

  it('refuses reserved names, alone, by look-alike and inside a phrase', async () => {
    const open = await newClass();
    for (const name of ['Teacher', 'Teacher (instructor)', 'T\u0435acher', 'ADMIN', 'the a d m i n', 'Moderator Bob']) {
      const { answer } = await join_(open, newDevice(), name);
      expect(answer, name).toMatchObject({
        status: 400,
        json: { message: expect.stringContaining('kept for the people who run the class') },
      });
    }
    expect((await join_(open, newDevice(), 'Hostetler')).answer.status).toBe(201);
  });
});

describe('no one closes the class', () => {
  it('one address cannot fill the class: it gets its share, the others still join', async () => {
    const open = await newClass({ maxLearners: 5, learnersPerAddress: 2 });
    const mischief = newDevice();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await join_(open, mischief, `Bot ${i}`)).answer.status);
    expect(statuses).toEqual([201, 201, 403, 403, 403, 403]);
    for (let i = 0; i < 3; i++) expect((await join_(open, newDevice(), `Real ${i}`)).answer.status).toBe(201);
    const full = await join_(open, newDevice(), 'Late');
    expect(full.answer).toMatchObject({ status: 403, json: { message: 'The class is full (5 learners).' } });
  });

  it('one address cannot use up the others’ joins', async () => {
    const open = await newClass({ callsPerMinute: 10 });
    const flood = newDevice();
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await send(open, flood, `/api/classes/${open.info.code}`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await join_(open, newDevice(), 'Ann')).answer.status).toBe(201);
  });

  it('holds against 200 sockets from one learner and 200 from one address: the caps close the rest with 4429, others stay fast', async () => {
    const open = await newClass();
    const [ann, bob] = [await join_(open, newDevice(), 'Ann'), await join_(open, newDevice(), 'Bob')];
    const annDevice = newDevice();
    const annQuery = `code=${open.info.code}&learner=${ann.id}&secret=${ann.secret}`;
    await socketFrom(open, annDevice, annQuery);
    await socketFrom(open, '127.0.0.1', `key=${encodeURIComponent(open.teacherKey)}`);
    const post = (learner: typeof ann, run: number) =>
      send(open, newDevice(), '/api/results', {
        method: 'POST',
        headers: learner.headers,
        body: { lesson: '05-echo', check: 0, passed: run % 2 === 0 },
      });
    // Bob's calls while Ann's results fan out to every socket she holds: before the crowd, then with it.
    const bobsCall = (run: number) => Promise.all([post(ann, run), post(bob, run)]);
    const baseline = await medianMs(15, bobsCall);

    const learnerCrowd = await crowd(open, annDevice, annQuery, 200);
    expect(learnerCrowd.admitted).toHaveLength(DEFAULT_CLASS_LIMITS.socketsPerLearner - 1);
    expect(learnerCrowd.closes).toHaveLength(200 - (DEFAULT_CLASS_LIMITS.socketsPerLearner - 1));
    const learnerFull = `Too many open connections for this learner (at most ${DEFAULT_CLASS_LIMITS.socketsPerLearner}): close another tab of the class.`;
    for (const close of learnerCrowd.closes) expect(close).toEqual({ code: 4429, reason: learnerFull });

    const addressCrowd = await crowd(open, newDevice(), `code=${open.info.code}`, 200);
    expect(addressCrowd.admitted).toHaveLength(DEFAULT_CLASS_LIMITS.socketsPerAddress);
    const addressFull = `Too many open connections from your address (at most ${DEFAULT_CLASS_LIMITS.socketsPerAddress}): close another tab of the class.`;
    for (const close of addressCrowd.closes) expect(close).toEqual({ code: 4429, reason: addressFull });

    const crowded = await medianMs(15, bobsCall);
    expect(crowded, `baseline ${baseline.toFixed(1)} ms`).toBeLessThanOrEqual(baseline * 3 + 25);
    // A socket that closes gives its place back.
    learnerCrowd.admitted[0].close();
    await learnerCrowd.admitted[0].closed;
    await expect.poll(async () => (await crowd(open, annDevice, annQuery, 1)).admitted.length).toBe(1);
  });

  it('answers every refused WebSocket call with an error', async () => {
    const open = await newClass();
    const ann = await join_(open, newDevice(), 'Ann');
    const bob = await join_(open, newDevice(), 'Bob');
    await send(open, newDevice(), '/api/results', {
      method: 'POST',
      headers: ann.headers,
      body: { lesson: '05-echo', check: 0, passed: true },
    });
    const bobPage = await socketFrom(open, newDevice(), `code=${open.info.code}&learner=${bob.id}&secret=${bob.secret}`);
    const annResult = `${ann.id}:05-echo:0`;
    const refused: [string, Record<string, unknown>, number][] = [
      ['api/results.read', { record: annResult }, 403],
      ['api/results.modify', { record: annResult, data: { passed: false } }, 403],
      ['api/results.remove', { record: annResult }, 403],
      ['api/code.read', { record: ann.id }, 403],
      ['api/learners.modify', { record: ann.id, data: { name: 'Mallory' } }, 403],
      ['api/learners.remove', { record: ann.id }, 403],
      ['api/classes.index', {}, 403],
      ['api/results.create', { data: { lesson: '05-echo', check: 0, passed: true, learnerId: ann.id } }, 400],
      ['api/nothing.index', {}, 404],
    ];
    for (const [call, fields, status] of refused)
      expect((await bobPage.call(call, fields)).error, call).toMatchObject({ status_code: status });
  });

  it('throttles class-code guessing per address: 20 wrong a minute, then 429 with retry-after, even for the right code', async () => {
    const open = await newClass();
    const guesser = newDevice();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send(open, guesser, `/api/classes/GUESS${i}`)).status);
    for (let i = 0; i < 10; i++)
      statuses.push((await send(open, guesser, '/api/results', { headers: { 'x-class-code': `NOPE${i}` } })).status);
    expect(statuses).toEqual([...Array(10).fill(404), ...Array(10).fill(403)]);
    const throttled = await send(open, guesser, '/api/classes/GUESS99');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(throttled.json.message).toMatch(/Try again in \d+ s\./);
    expect((await send(open, guesser, `/api/classes/${open.info.code}`)).status).toBe(429);
    expect((await send(open, guesser, '/api/learners', { headers: { 'x-class-key': 'guessed-key' } })).status).toBe(429);
    const socket = await openSocket(`${open.url}/api/ws?code=${open.info.code}`, {}, guesser);
    expect((await socket.closed).code).toBe(4429);
    // Another device is not held up.
    expect((await send(open, newDevice(), `/api/classes/${open.info.code}`)).status).toBe(200);
  });

  it('counts wrong codes at the WebSocket door as guesses too', async () => {
    const open = await newClass({ guessesPerMinute: 3 });
    const guesser = newDevice();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await (await openSocket(`${open.url}/api/ws?code=WRONG${i}`, {}, guesser)).closed).code);
    expect(codes).toEqual([4403, 4403, 4403, 4429]);
  });
});

describe('the teacher acts', () => {
  it('removes a learner: the teacher and that learner hear it, their secret is refused as removed (REST and socket)', async () => {
    const open = await newClass();
    const ann = await join_(open, newDevice(), 'Ann');
    const bob = await join_(open, newDevice(), 'Bob');
    await send(open, '127.0.0.9', '/api/results', {
      method: 'POST',
      headers: ann.headers,
      body: { lesson: '05-echo', check: 0, passed: true },
    });
    const dashboard = await socketFrom(open, '127.0.0.1', `key=${encodeURIComponent(open.teacherKey)}`);
    const annPage = await socketFrom(open, newDevice(), `code=${open.info.code}&learner=${ann.id}&secret=${ann.secret}`);
    const bobPage = await socketFrom(open, newDevice(), `code=${open.info.code}&learner=${bob.id}&secret=${bob.secret}`);
    expect((await send(open, newDevice(), `/api/learners/${ann.id}`, { method: 'DELETE', headers: bob.headers })).status).toBe(403);
    expect((await send(open, '127.0.0.1', `/api/learners/${ann.id}`, { method: 'DELETE', headers: teacher(open) })).status).toBe(200);
    await dashboard.next((m) => m.event === 'api/learners removed' && (m.data as Json).id === ann.id);
    await annPage.next((m) => m.event === 'api/learners removed' && (m.data as Json).id === ann.id);
    await bobPage.call('api/learners.index');
    expect(bobPage.messages.some((m) => m.event === 'api/learners removed')).toBe(false);
    const refused = await send(open, newDevice(), '/api/results', { headers: ann.headers });
    expect(refused).toMatchObject({ status: 403, json: { message: 'The teacher removed you from the class.' } });
    const again = await openSocket(`${open.url}/api/ws?code=${open.info.code}&learner=${ann.id}&secret=${ann.secret}`, {}, newDevice());
    expect(await again.closed).toEqual({ code: 4403, reason: 'The teacher removed you from the class.' });
    expect((await annPage.call('api/results.create', { data: { lesson: '05-echo', check: 0, passed: true } })).error).toMatchObject({
      status_code: 403,
    });
    const results = (await send(open, '127.0.0.1', '/api/results', { headers: teacher(open) })).json as unknown as Json[];
    expect(results.some((result) => result.learnerId === ann.id)).toBe(false);
  });

  it('renames a learner with the same rules as joining; only the teacher may', async () => {
    const open = await newClass();
    const ann = await join_(open, newDevice(), 'Ann');
    await join_(open, newDevice(), 'Bob');
    const dashboard = await socketFrom(open, '127.0.0.1', `key=${encodeURIComponent(open.teacherKey)}`);
    const rename = (name: string, headers: Record<string, string> = teacher(open)) =>
      send(open, '127.0.0.1', `/api/learners/${ann.id}`, { method: 'PATCH', headers, body: { name } });
    expect((await rename('  Ann  Lee\u200B ')).json).toMatchObject({ id: ann.id, name: 'Ann Lee' });
    await dashboard.next((m) => m.event === 'api/learners modified' && (m.data as Json).name === 'Ann Lee');
    expect((await rename('B\u043Eb')).status).toBe(409);
    expect((await rename('Instructor')).status).toBe(400);
    expect((await rename('Ann', ann.headers)).status).toBe(403);
    expect(
      (await send(open, '127.0.0.1', `/api/learners/${ann.id}`, { method: 'PATCH', headers: teacher(open), body: { name: 'A', id: '9' } }))
        .status,
    ).toBe(400);
  });

  it('locks joining: the class says so, joins are refused with a clear 403, and unlocking lets them in', async () => {
    const open = await newClass({ maxLearners: 40 });
    const ann = await join_(open, newDevice(), 'Ann');
    const dashboard = await socketFrom(open, '127.0.0.1', `key=${encodeURIComponent(open.teacherKey)}`);
    const [info] = (await send(open, '127.0.0.1', '/api/classes', { headers: teacher(open) })).json as unknown as Json[];
    expect(info).toMatchObject({ maxLearners: 40, joiningLocked: false });
    const lock = (joiningLocked: unknown, headers: Record<string, string> = teacher(open)) =>
      send(open, '127.0.0.1', `/api/classes/${open.info.code}`, { method: 'PATCH', headers, body: { joiningLocked } });
    expect((await lock(true, ann.headers)).status).toBe(403);
    expect((await lock('yes')).status).toBe(400);
    expect((await lock(true)).json).toMatchObject({ joiningLocked: true });
    await dashboard.next((m) => m.event === 'api/classes modified' && (m.data as Json).joiningLocked === true);
    const locked = await join_(open, newDevice(), 'Bob');
    expect(locked.answer).toMatchObject({ status: 403, json: { message: expect.stringContaining('locked') } });
    // Who is in stays in.
    expect((await send(open, newDevice(), '/api/results', { headers: ann.headers })).status).toBe(200);
    await lock(false);
    expect((await join_(open, newDevice(), 'Bob')).answer.status).toBe(201);
  });
});
