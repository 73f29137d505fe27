/**
 * The browser's memory as the system sees it, for the benches: the PSS of its process tree, and of each process
 * with what it is (browser, GPU, a utility service, a renderer named by the worker threads it hosts: the
 * playground's page runs the compiler and Monaco's workers, the sandbox frame's renderer the server workers).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One process of the browser's tree. */
export interface ProcessMemory {
  pid: number;
  /** What the process is, from its command line and its threads. */
  kind: string;
  /** Its dedicated worker threads (a renderer's), and whether it runs a service worker. */
  workers: number;
  serviceWorker: boolean;
  /** PSS, MB. */
  pssMb: number;
  /** Pss_Anon + Pss_Shmem, MB (see treeMemory). */
  ownMb: number;
}

/** The pids of `pid` and all its descendants. */
function tree(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='])
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const members = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of table) {
      if (members.has(parent) && !members.has(child)) {
        members.add(child);
        grew = true;
      }
    }
  }
  return [...members];
}

/** PSS of `pid` in kB, 0 once it ended. */
function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // The process ended meanwhile.
  }
}

/** Fields of `pid`'s smaps_rollup in kB (0 each once it ended). */
function rollupKb(pid: number, fields: string[]): number {
  let text = '';
  try {
    text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  } catch {
    return 0; // The process ended meanwhile.
  }
  return fields.reduce((kb, field) => kb + Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0), 0);
}

/**
 * The browser's memory over its process tree, MB: `whole`, its PSS; `own`, Pss_Anon + Pss_Shmem (what the browser
 * itself allocated, its share of shared memory included), leaving out the file-backed pages (Chromium's code and
 * fonts, about 245 MB), which vary with whatever else maps the same files on the machine.
 */
export function treeMemory(pid: number): { whole: number; own: number } {
  const members = tree(pid);
  const sum = (fields: string[]) => members.reduce((kb, member) => kb + rollupKb(member, fields), 0) / 1024;
  return { whole: sum(['Pss']), own: sum(['Pss_Anon', 'Pss_Shmem']) };
}

/** PSS (MB) of `pid` and all its descendants, from /proc/<pid>/smaps_rollup. */
export function treePss(pid: number): number {
  return tree(pid).reduce((kb, member) => kb + pssKb(member), 0) / 1024;
}

/** The names of `pid`'s threads (Chromium names a worker's thread after its kind, cut to 15 characters). */
function threadNames(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((task) => readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim());
  } catch {
    return [];
  }
}

/** Every process of the browser's tree with what it is and its PSS, largest first. */
export function processMemory(pid: number): ProcessMemory[] {
  return tree(pid)
    .map((member) => {
      let args: string[] = [];
      try {
        // Split on spaces too: Chromium's zygote children rewrite their command line as one space-separated title.
        args = readFileSync(`/proc/${member}/cmdline`, 'utf8').split(/[\0 ]/);
      } catch {
        // Ended meanwhile: its PSS reads 0 too.
      }
      const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
      const type = flag('type');
      const threads = threadNames(member);
      const workers = threads.filter((name) => name.startsWith('DedicatedWorker')).length;
      const serviceWorker = threads.some((name) => name.startsWith('ServiceWorker'));
      const kind = !type ? 'browser' : type === 'utility' ? `utility (${flag('utility-sub-type') ?? '?'})` : type;
      const ownMb = rollupKb(member, ['Pss_Anon', 'Pss_Shmem']) / 1024;
      return { pid: member, kind, workers, serviceWorker, pssMb: pssKb(member) / 1024, ownMb };
    })
    .filter((process) => process.pssMb > 0)
    .sort((a, b) => b.pssMb - a.pssMb);
}

/**
 * `processes` with each renderer named by what it runs, told by the threads it hosts against the dedicated workers
 * CDP saw started by the page and by the sandbox frame (a frame's workers run in its renderer): the page's is the
 * one with the page's count that hosts the service worker or, failing that, the largest; the sandbox frame's the
 * largest other with the frame's count. Other processes keep their kind.
 */
export function withRendererRoles(processes: ProcessMemory[], pageWorkers: number, sandboxWorkers: number): ProcessMemory[] {
  const renderers = processes.filter((process) => process.kind === 'renderer');
  const byPss = (a: ProcessMemory, b: ProcessMemory) => Number(b.serviceWorker) - Number(a.serviceWorker) || b.pssMb - a.pssMb;
  const page = renderers.filter((process) => process.workers === pageWorkers).sort(byPss)[0];
  const sandbox = renderers
    .filter((process) => process !== page && process.workers === sandboxWorkers)
    .sort((a, b) => b.pssMb - a.pssMb)[0];
  return processes.map((process) => {
    if (process.kind !== 'renderer') return process;
    const serviceWorker = process.serviceWorker ? ' and the service worker' : '';
    const kind =
      process === page
        ? `renderer: the page (main thread, ${pageWorkers} workers)${serviceWorker}`
        : process === sandbox
          ? `renderer: the sandbox frame (${sandboxWorkers} server workers)${serviceWorker}`
          : process.workers === 0
            ? `renderer without workers (a spare, or a page left)${serviceWorker}`
            : `renderer with ${process.workers} dedicated workers${serviceWorker} (not told apart)`;
    return { ...process, kind };
  });
}

/** The browser this process launched (its direct child). */
export function browserPid(): number {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,comm='])
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const row = table.find(([, parent, name]) => Number(parent) === process.pid && /chrom/i.test(name ?? ''));
  if (!row) throw new Error('the browser process was not found among this process’s children');
  return Number(row[0]);
}
