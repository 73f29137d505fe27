/**
 * The memory of each part of the playground that CDP reaches (the page's main thread, the sandbox frame, each
 * worker, the service worker), for the benches: what its V8 isolate holds (`Runtime.getHeapUsage`: the JS heap, and
 * the array buffers and wasm memories outside it). A process's PSS cannot be split by thread; these are what the
 * parts inside one renderer hold of it, the rest (code, Blink, the allocator) belonging to no part in particular.
 */
import type { PageTargets, ReachedTarget } from './cdp-targets.ts';

/** One part's memory, MB. */
export interface PartMemory {
  part: string;
  /** The renderer that runs it, as far as the frame tree tells. */
  renderer: string;
  /** A dedicated worker (its renderer hosts a thread for it). */
  worker: boolean;
  heapMb: number;
  /** Array buffers and wasm memories (`backingStorageSize`). */
  buffersMb: number;
}

/** What `target` is in the playground, from its type, its worker name and its script's URL. */
function partName(target: ReachedTarget): string {
  if (target.type === 'page') return 'page main thread (UI, Monaco, engine)';
  if (target.type === 'iframe') return target.url === 'about:srcdoc' ? "sandbox frame's main thread" : `frame ${target.url}`;
  if (target.type === 'service_worker') return 'service worker (msw, offline cache)';
  if (target.title === 'halo-compiler') return 'compiler worker (esbuild-wasm)';
  if (target.title === 'halo-server') return 'server worker (a program or a spare; PGlite inside when it uses PgService)';
  if (/\/ts\.worker-/.test(target.url)) return "Monaco's TypeScript worker";
  if (/\/editor\.worker-/.test(target.url)) return "Monaco's editor worker";
  return `${target.type} ${target.title}`;
}

/** The renderer `target` runs in: its frame's (a worker runs in the process of the frame that started it). */
function rendererOf(target: ReachedTarget): string {
  let frame: ReachedTarget | undefined = target;
  while (frame?.type === 'worker') frame = frame.parent;
  if (frame?.type === 'page') return "page's";
  if (frame?.type === 'iframe') return "sandbox frame's";
  return "the site's (the page's, when Chromium put it there)";
}

/** Every live part behind `targets` with its memory; parts alike (server workers) each have their own row. */
export async function partMemory(targets: PageTargets): Promise<PartMemory[]> {
  const out: PartMemory[] = [];
  for (const target of targets.live()) {
    const usage = (await target.send('Runtime.getHeapUsage').catch(() => null)) as {
      usedSize: number;
      backingStorageSize?: number;
    } | null;
    if (!usage) continue; // Closed meanwhile.
    out.push({
      part: partName(target),
      renderer: rendererOf(target),
      worker: target.type === 'worker',
      heapMb: usage.usedSize / 2 ** 20,
      buffersMb: (usage.backingStorageSize ?? 0) / 2 ** 20,
    });
  }
  return out;
}
