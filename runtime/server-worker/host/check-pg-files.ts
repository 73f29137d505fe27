import type { PgCall, PgFile, PgReply } from '../../contract/pg-broker-protocol.ts';

/** A load or save of a data directory's files. */
type FilesCall = Extract<PgCall, { method: 'load' | 'save' }>;

/**
 * The PGlite data directories of check runs (RunOptions.forChecks), kept in the page's memory for one check
 * scope at a time: a scope starts with no files (so PGlite starts from the fresh seed), keeps what its runs
 * write across their restarts, and is dropped when any other run starts. The learner's
 * databases in IndexedDB are never read or written.
 */
export class CheckPgFiles {
  private scope: string | null = null;
  /** Files by data directory name, then by path. */
  private readonly directories = new Map<string, Map<string, PgFile>>();

  /** Drops the files of the last check scope (the learner's program runs again: no round needs them). */
  forget(): void {
    this.directories.clear();
    this.scope = null;
  }

  /** Answers a program of check scope `scope` loading or saving the files of one of its data directories. */
  answer(scope: string, call: FilesCall): { reply: PgReply; transfer: Transferable[] } {
    if (scope !== this.scope) {
      this.directories.clear();
      this.scope = scope;
    }
    const name = String(call.name);
    let files = this.directories.get(name);
    if (!files) this.directories.set(name, (files = new Map<string, PgFile>()));
    if (call.method === 'load') {
      // Copies: the reply's buffers are transferred, which empties them on this side.
      const value = [...files.values()].map((file) => (file.data ? { ...file, data: file.data.slice(0) } : { ...file }));
      return { reply: { ok: true, value }, transfer: value.flatMap((file) => (file.data ? [file.data] : [])) };
    }
    if (!Array.isArray(call.put) || !Array.isArray(call.remove)) return { reply: { ok: false, message: 'unknown request' }, transfer: [] };
    for (const { path, mode, mtime, data } of call.put) {
      files.set(String(path), {
        path: String(path),
        mode: Number(mode),
        mtime: Number(mtime),
        ...(data instanceof ArrayBuffer ? { data } : {}),
      });
    }
    for (const path of call.remove) files.delete(String(path));
    return { reply: { ok: true, value: null }, transfer: [] };
  }
}
