/**
 * A class serving a folder of `.halo-exercise` files besides its course (`--exercises`), over real sockets
 * (Node http, 127.0.0.1, port 0): members see the exercises and fetch each one's file; a sharing learner's
 * result for a served exercise (by the id the playground gives it) is accepted, one for an unknown exercise
 * refused; the teacher's class and CSV hold the exercise's checks; an invalid exercise file stops the class
 * from starting, naming the file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClass, type RunningClass } from '../../runtime/classroom/class-server.ts';
import type { ClassInfo, ClassPublicInfo } from '../../runtime/classroom/class-protocol.ts';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';
import { exerciseId } from '../../runtime/course/exercises/exercise.ts';
import { exerciseFileText, readExerciseFile } from '../../web/share/link/exercise-file.ts';
import type { SharedProgram } from '../../web/share/link/share-format.ts';

const COURSE = join(REPO_ROOT, 'test/fixtures/course');
const starter = { 'main.ts': "import { App } from 'halo';\n// TODO\n" };
const program: SharedProgram = {
  lesson: null,
  files: starter,
  request: { method: 'GET', path: '/greet', headers: [], bodyType: 'none' },
  exercise: {
    title: 'Greet <b>by name</b>',
    text: 'Answer `GET /greet`.',
    solution: null,
    checks: [{ title: 'GET /greet answers Hello', points: 2, request: { method: 'GET', path: '/greet' }, expect: { status: 200 } }],
  },
};
const ID = exerciseId({ ...program.exercise!, starter });

let dir = '';
let open: RunningClass;

async function call(path: string, headers: Record<string, string> = {}, body?: unknown) {
  const response = await fetch(`${open.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, text, json: (isJson && text ? JSON.parse(text) : null) as unknown };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'halo-class-exercises-'));
  mkdirSync(join(dir, 'site'));
  writeFileSync(join(dir, 'site/index.html'), '<!doctype html><title>Halo Playground</title>');
  mkdirSync(join(dir, 'exercises'));
  writeFileSync(join(dir, 'exercises/greet.halo-exercise'), exerciseFileText(program));
  writeFileSync(join(dir, 'exercises/notes.txt'), 'not an exercise, left alone');
  open = await openClass({
    host: '127.0.0.1',
    port: 0,
    siteDir: join(dir, 'site'),
    courseDir: COURSE,
    exercisesDir: join(dir, 'exercises'),
  });
});

afterAll(async () => {
  await open?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a class with exercises', () => {
  it('lists its exercises to members and hands out their files, to members only', async () => {
    const code = { 'x-class-code': open.info.code };
    const info = (await call(`/api/classes/${open.info.code}`)).json as ClassPublicInfo;
    expect(info.exercises).toEqual([{ id: ID, title: 'Greet <b>by name</b>' }]);
    const file = await call(`/api/exercises/${ID}`, code);
    expect(file.status).toBe(200);
    expect(readExerciseFile(file.json as string)).toEqual(program);
    expect((await call(`/api/exercises/${ID}`)).status).toBe(403);
    expect((await call(`/api/exercises/${ID}`, { 'x-class-code': 'NOPE22' })).status).toBe(403);
    expect((await call('/api/exercises/exercise-00000000000000', code)).status).toBe(404);
  });

  it("accepts a result for a served exercise and refuses an unknown exercise's; the CSV has the exercise's column", async () => {
    const secret = 'a'.repeat(40);
    const joined = await call('/api/learners', { 'x-class-code': open.info.code }, { name: 'Ann', secret });
    expect(joined.status).toBe(201);
    const ann = { 'x-class-code': open.info.code, 'x-learner-id': (joined.json as { id: string }).id, 'x-learner-secret': secret };
    expect((await call('/api/results', ann, { lesson: ID, check: 0, passed: true })).status).toBe(201);
    expect((await call('/api/results', ann, { lesson: 'exercise-00000000000000', check: 0, passed: true })).status).toBe(400);
    expect((await call('/api/results', ann, { lesson: ID, check: 1, passed: true })).status).toBe(400);

    const teacher = { 'x-class-key': open.teacherKey };
    const [classInfo] = (await call('/api/classes', teacher)).json as ClassInfo[];
    expect(classInfo.lessons.at(-1)).toEqual({
      id: ID,
      title: 'Greet <b>by name</b>',
      checks: [{ title: 'GET /greet answers Hello', points: 2 }],
    });
    const lines = (await call('/api/export.csv', teacher)).text.trim().split('\r\n');
    // The exercise's title names its column, not its id (a hash).
    expect(lines[0]).toMatch(/,Greet <b>by name<\/b> #1 GET \/greet answers Hello \(2 points\),points$/);
    expect(lines[0]).not.toContain(ID);
    expect(lines[1]).toMatch(/^Ann,.*,pass,2$/);
  });

  it('refuses to start when an exercise file is not valid, naming the file', async () => {
    const bad = join(dir, 'bad');
    mkdirSync(bad);
    writeFileSync(join(bad, 'proto.halo-exercise'), exerciseFileText(program).replace('"title"', '"__proto__": {}, "title"'));
    const start = openClass({ host: '127.0.0.1', port: 0, siteDir: join(dir, 'site'), courseDir: COURSE, exercisesDir: bad });
    await expect(start).rejects.toThrow(/proto\.halo-exercise: .*__proto__/);
  });
});
