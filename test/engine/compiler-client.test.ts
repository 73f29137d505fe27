import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompilerClient } from '../../runtime/compiler/compiler-client.ts';
import type { FromCompiler, ToCompiler } from '../../runtime/contract/compiler-protocol.ts';

/** Stands in for the browser's Worker (Node has none): counts the workers made and answers `init` as esbuild's would. */
class CountedWorker {
  static made = 0;
  onmessage: ((event: MessageEvent<FromCompiler>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly received: ToCompiler[] = [];
  constructor() {
    CountedWorker.made += 1;
  }
  postMessage(message: ToCompiler): void {
    this.received.push(message);
    if (message.type === 'init')
      queueMicrotask(() => this.onmessage?.({ data: { id: message.id, type: 'ready' } } as MessageEvent<FromCompiler>));
  }
}

describe('the compiler client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes its worker only when esbuild is wanted: a page whose program was built ahead starts without it', async () => {
    CountedWorker.made = 0;
    vi.stubGlobal('Worker', CountedWorker);
    const client = new CompilerClient();
    await Promise.resolve();
    expect(CountedWorker.made).toBe(0);
    client.start();
    await client.ready;
    expect(CountedWorker.made).toBe(1);
    client.start();
    await client.ready;
    expect(CountedWorker.made).toBe(1);
  });
});
