/// <reference types="vite/client" />
import hello from './hello.ts?raw';
import restTodos from './rest-todos.ts?raw';
import errorHandling from './error-handling.ts?raw';
import type { Files } from '../state/files-store.ts';
import type { SharedRequest } from '../share/link/share-format.ts';

/** A free-playground starting point: a program and the first request worth sending to it. */
export interface Template {
  id: string;
  title: string;
  files: Files;
  request: SharedRequest;
}

const accept: SharedRequest['headers'] = [['Accept', '*/*', true]];

/** The free playground's templates, in menu order. */
export const templates: Template[] = [
  {
    id: 'hello',
    title: 'Hello',
    files: { 'main.ts': hello },
    request: { method: 'GET', path: '/hello/Ada', headers: accept, bodyType: 'none' },
  },
  {
    id: 'rest-todos',
    title: 'REST todos',
    files: { 'main.ts': restTodos },
    request: { method: 'POST', path: '/todos', headers: accept, bodyType: 'json', json: '{\n  "title": "Learn Halo"\n}' },
  },
  {
    id: 'error-handling',
    title: 'Error handling',
    files: { 'main.ts': errorHandling },
    request: { method: 'POST', path: '/divide', headers: accept, bodyType: 'json', json: '{\n  "a": 1,\n  "b": 0\n}' },
  },
];
