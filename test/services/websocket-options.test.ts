/**
 * The WebSocket provider's options are checked when it is created: a misspelled key, a wrong type or
 * a missing part fails at once with an error naming the key and the accepted shape.
 */
import { describe, expect, it } from 'vitest';
import { App, websocket } from '../../runtime/node/index.ts';
import type { WebSocketOptions } from '../../runtime/node/index.ts';

const create = (options: unknown) => () => websocket(new App(), options as WebSocketOptions);

describe('WebSocket provider options', () => {
  it('rateLimit with perMs (not windowMs) fails naming perMs and the shape', () => {
    expect(create({ rateLimit: { messages: 200, perMs: 1000 } })).toThrow(
      /"rateLimit" unknown part "perMs".*\{ messages: positive integer, windowMs: positive integer \}/,
    );
  });

  it('a missing part, an unknown key and wrong types each fail naming the key', () => {
    expect(create({ rateLimit: { messages: 200 } })).toThrow(/"rateLimit" missing part "windowMs"/);
    expect(create({ rateLimit: { messages: 0, windowMs: 1000 } })).toThrow(/"messages" is not a positive integer/);
    expect(create({ pth: '/socket' })).toThrow(/unknown option "pth"\. Known options: path, /);
    expect(create({ path: 'ws' })).toThrow(/"path" .* must be a string starting with "\/"/);
    expect(create({ maxMessageBytes: '64k' })).toThrow(/"maxMessageBytes" wrong type or value, got "64k"; it must be a positive integer/);
    expect(create({ maxBufferedBytes: -1 })).toThrow(/"maxBufferedBytes"/);
    expect(create({ publish: true })).toThrow(/"publish" wrong type, got true; it must be a function/);
    expect(create({ connect: 'auth' })).toThrow(/"connect" wrong type/);
    expect(create({ allowedOrigins: 'https://app.example.com' })).toThrow(/"allowedOrigins" wrong type.*"\*" or an array of origins/);
    expect(create({ allowedOrigins: ['app.example.com'] })).toThrow(/"allowedOrigins" "app.example.com" is not an origin/);
    expect(create({ allowedOrigins: ['https://app.example.com/'] })).toThrow(/is not an origin/);
    expect(create({ bus: { publish() {} } })).toThrow(/"bus" wrong type.*\{ publish, subscribe, close \}/);
    expect(create('fast')).toThrow(/options must be an object/);
  });

  it('accepts every option in its documented shape, and none', () => {
    const bus = { publish: async () => {}, subscribe: async () => {}, close: async () => {} };
    const provider = websocket(new App(), {
      path: '/live',
      maxMessageBytes: 1024,
      maxBufferedBytes: 1 << 20,
      rateLimit: { messages: 10, windowMs: 1000 },
      publish: () => true,
      connect: () => undefined,
      allowedOrigins: ['https://app.example.com'],
      bus,
    });
    expect(provider.path).toBe('/live');
    expect(websocket(new App()).path).toBe('/ws');
    expect(websocket(new App(), { allowedOrigins: '*', path: undefined }).maxMessageBytes).toBe(64 * 1024);
  });
});
