import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'fflate';

/** One regular file of a tarball. */
export interface TarEntry {
  path: string;
  content: Uint8Array | string;
}

const BLOCK = 512;
/** The fixed time `npm pack` stamps on every entry (1985-10-26), so equal inputs give equal tarballs. */
const NPM_MTIME = 499162500;
const encoder = new TextEncoder();

function writeString(header: Uint8Array, offset: number, length: number, value: string): void {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`tar: "${value}" does not fit in ${length} bytes`);
  header.set(bytes, offset);
}

/** An octal field: digits, zero-padded, NUL-terminated, as ustar wants. */
function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function headerFor(path: string, size: number, mtime: number): Uint8Array {
  const header = new Uint8Array(BLOCK);
  writeString(header, 0, 100, path);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, mtime);
  header.fill(0x20, 148, 156); // the checksum is computed with its own field as spaces
  header[156] = 0x30; // '0': a regular file
  writeString(header, 257, 8, 'ustar\u000000');
  const checksum = header.reduce((sum, byte) => sum + byte, 0);
  writeString(header, 148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** A gzipped ustar archive of `entries` (paths under 100 bytes), as `npm pack` writes one. */
export function tarGz(entries: TarEntry[], mtime = NPM_MTIME): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    const content = typeof entry.content === 'string' ? encoder.encode(entry.content) : entry.content;
    parts.push(headerFor(entry.path, content.length, mtime), content, new Uint8Array((BLOCK - (content.length % BLOCK)) % BLOCK));
  }
  parts.push(new Uint8Array(BLOCK * 2)); // two zero blocks end the archive
  const tar = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    tar.set(part, offset);
    offset += part.length;
  }
  return gzipSync(tar, { level: 9, mtime: 0 });
}

/** Every file under `dir` (sorted, so equal folders give equal tarballs), as entries under `prefix`. */
export function folderEntries(dir: string, prefix: string): TarEntry[] {
  const files = (
    readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile: () => boolean }[]
  )
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  return files.map((file) => ({ path: `${prefix}/${relative(dir, file)}`, content: readFileSync(file) }));
}
