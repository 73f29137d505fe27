/** Which origins a program may listen on: only addresses no real site has, never the playground's own. */
import { describe, expect, it } from 'vitest';
import { mayListenOn } from '../../runtime/contract/program-origin.ts';

const PLAYGROUND = 'http://127.0.0.1:4173';

describe('mayListenOn', () => {
  it.each([
    'http://localhost:3000',
    'https://localhost',
    'http://api.localhost:8080',
    'http://127.0.0.1:3000',
    'http://127.1.2.3',
    'http://[::1]:3000',
    'http://0.0.0.0:3000',
    'http://shop.test',
    'http://www.example',
    'http://x.invalid',
    'http://api:8080',
  ])('accepts %s', (origin) => {
    expect(mayListenOn(origin, PLAYGROUND)).toBe(true);
  });

  it.each([
    PLAYGROUND,
    'https://example.com',
    'http://example.com',
    'https://github.com',
    'http://10.0.0.1',
    'http://192.168.1.1:3000',
    'http://[::2]',
    'http://localhost.evil.com',
    'ftp://localhost',
    'http://localhost:3000/path',
    'not a url',
    'null',
  ])('refuses %s', (origin) => {
    expect(mayListenOn(origin, PLAYGROUND)).toBe(false);
  });
});
