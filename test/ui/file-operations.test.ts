import { beforeEach, describe, expect, it } from 'vitest';
import { createFilesState } from '../../web/state/files-store.ts';
import { fileNameProblem, MAX_FILES } from '../../runtime/course/exercises/file-names.ts';

const { activeFile, createFile, deleteFile, filesStore, openFile, renameFile } = createFilesState();

describe('the learner’s files: create, rename, delete', () => {
  beforeEach(() => filesStore.set({ files: { 'main.ts': '// entry' }, active: 'main.ts' }));

  it('creates an empty file and opens it; refuses a taken, bad or one-too-many name in words', () => {
    expect(createFile('todos.service.ts')).toBeNull();
    expect(filesStore.get()).toEqual({ files: { 'main.ts': '// entry', 'todos.service.ts': '' }, active: 'todos.service.ts' });
    expect(createFile('todos.service.ts')).toMatch(/already a file named todos.service.ts/);
    expect(createFile('../secrets.ts')).toMatch(/no \.\./);
    expect(createFile('/etc/passwd.ts')).toMatch(/relative/);
    expect(createFile('notes.txt')).toMatch(/\.ts, \.js, \.json/);
    expect(createFile('')).toMatch(/Give the file a name/);
    for (let i = Object.keys(filesStore.get().files).length; i < MAX_FILES; i++) expect(createFile(`f${i}.ts`)).toBeNull();
    expect(createFile('one-more.ts')).toMatch(/at most 20 files/);
  });

  it('accepts folders, .js and .json; refuses hidden names, spaces, backslashes and `.` segments', () => {
    for (const good of ['lib/db.ts', 'util.js', 'data.json', 'a_b-c.d.ts']) expect(fileNameProblem(good), good).toBeNull();
    for (const bad of ['.env.ts', 'my file.ts', 'lib\\db.ts', 'lib/./db.ts', 'lib//db.ts', 'x'.repeat(98) + '.ts'])
      expect(fileNameProblem(bad), bad).not.toBeNull();
  });

  it('renames a file in place (the list keeps its order) and follows it when open; main.ts keeps its name', () => {
    createFile('a.ts');
    createFile('b.ts');
    openFile('a.ts');
    expect(renameFile('a.ts', 'planets.service.ts')).toBeNull();
    expect(Object.keys(filesStore.get().files)).toEqual(['main.ts', 'planets.service.ts', 'b.ts']);
    expect(activeFile()).toBe('planets.service.ts');
    expect(renameFile('b.ts', 'planets.service.ts')).toMatch(/already a file/);
    expect(renameFile('main.ts', 'app.ts')).toMatch(/keeps its name/);
  });

  it('deletes a file (never main.ts); the editor falls back to main.ts', () => {
    createFile('gone.ts');
    deleteFile('gone.ts');
    deleteFile('main.ts');
    expect(filesStore.get()).toEqual({ files: { 'main.ts': '// entry' }, active: 'main.ts' });
    // Another workspace's files without the open file: the entry is shown.
    filesStore.set({ active: 'elsewhere.ts' });
    expect(activeFile()).toBe('main.ts');
  });
});
