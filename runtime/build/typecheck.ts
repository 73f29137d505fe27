/**
 * `npm run typecheck`: one type-check of the tree, each file checked once, in the environment it runs in
 * (DESIGN.md). The four environment tsconfigs (runtime/tsconfig.core.json, runtime/tsconfig.worker.json,
 * web/tsconfig.json, runtime/tsconfig.node.json) each check the files they include, with their own globals; the
 * root tsconfig.json, which sees the whole tree as the editor does, checks the rest (lessons, tests, scripts). A
 * program still reads what its files import from another environment, for its types, but does not check it again.
 *
 * The five programs run in one process and share every parsed file (one parse and bind, as the editor's language
 * service shares them between projects whose settings parse alike). Each keeps what it found in
 * node_modules/.cache/halo/typecheck/<name>.tsbuildinfo (`incremental`, as `tsc --incremental --noEmit` does): a
 * file is checked again only when it, or a file it depends on, changed. After a run without errors, clean.json
 * holds a hash of every file the programs read and the file lists of the five tsconfigs; while both still hold, the
 * tree is known clean and nothing is parsed again (what `tsc -b` does with timestamps, here with the contents).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { writeCommonGlobals } from './common-globals.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE_DIR = resolve(ROOT, 'node_modules/.cache/halo/typecheck');
const CLEAN_FILE = resolve(CACHE_DIR, 'clean.json');

/** The environments, in the order they run; a file two of them include is checked in both. */
const ENVIRONMENTS = [
  { name: 'core', config: 'runtime/tsconfig.core.json' },
  { name: 'worker', config: 'runtime/tsconfig.worker.json' },
  { name: 'web', config: 'web/tsconfig.json' },
  { name: 'node', config: 'runtime/tsconfig.node.json' },
] as const;

type ProgramName = (typeof ENVIRONMENTS)[number]['name'] | 'rest';

/** Every tsconfig the programs read: the environments' and the root one they extend. */
const PROGRAMS_CONFIGS = [...ENVIRONMENTS.map(({ config }) => config), 'tsconfig.json'];

interface Project {
  name: ProgramName;
  parsed: ts.ParsedCommandLine;
  /** The files its tsconfig includes that it checks (absolute paths). */
  files: string[];
  /** Whether it reports a file's diagnostics: `files`, and for `rest` also a file of the tree it only imports. */
  checks: (file: ts.SourceFile) => boolean;
}

function parseConfig(config: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(ROOT, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(`${config}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
      },
    },
  );
  if (!parsed) throw new Error(`typecheck: cannot read ${config}`);
  return parsed;
}

/** The five programs: each environment with its own files, then `rest` (tsconfig.json) with every other file. */
export function projects(): Project[] {
  const environments = ENVIRONMENTS.map(({ name, config }): Project => {
    const parsed = parseConfig(config);
    const files = parsed.fileNames.map((file) => resolve(file));
    const own = new Set(files);
    return { name, parsed, files, checks: (file) => own.has(resolve(file.fileName)) };
  });
  const inEnvironment = new Set(environments.flatMap((environment) => environment.files));
  const outside = (fileName: string): boolean => !inEnvironment.has(resolve(fileName)) && !fileName.includes('/node_modules/');
  const rest = parseConfig('tsconfig.json');
  const restFiles = rest.fileNames.filter(outside).map((file) => resolve(file));
  return [...environments, { name: 'rest', parsed: rest, files: restFiles, checks: (file) => outside(file.fileName) }];
}

/** What changes how a file parses and binds: programs share a parsed file only when these are the same. */
function parseKey(options: ts.CompilerOptions): string {
  const keys = [
    'target',
    'module',
    'moduleResolution',
    'moduleDetection',
    'jsx',
    'strict',
    'alwaysStrict',
    'isolatedModules',
    'preserveConstEnums',
    'verbatimModuleSyntax',
  ] as const;
  return JSON.stringify(keys.map((key) => options[key]));
}

/**
 * A compiler host that takes a file another program parsed with the same settings from `parsedFiles` (and leaves
 * what it parses there), and writes a file whole or not at all (a temporary file renamed over it).
 */
export function createSharingHost(options: ts.CompilerOptions, parsedFiles: Map<string, ts.SourceFile | undefined>): ts.CompilerHost {
  const host = ts.createIncrementalCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const key = parseKey(options);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    const settings =
      typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
    const id = [key, settings.languageVersion, settings.impliedNodeFormat, settings.jsDocParsingMode, resolve(fileName)].join('|');
    if (!parsedFiles.has(id) || shouldCreate) parsedFiles.set(id, getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate));
    return parsedFiles.get(id);
  };
  host.writeFile = (fileName, text) => writeWhole(fileName, text);
  return host;
}

/** Writes `text` to `file` whole or not at all: a run reading it meanwhile sees the old text or the new. */
function writeWhole(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

interface TypecheckResult {
  diagnostics: ts.Diagnostic[];
  /** Every file checked (absolute paths). */
  checked: string[];
  /** Per program: how many files it checked, and the time it took (wall and CPU). */
  programs: { name: ProgramName; files: number; ms: number; cpuMs: number }[];
  /** Whether nothing was checked since the last run without errors, none of what it read having changed. */
  upToDate: boolean;
}

/** What a run without errors leaves in {@link CLEAN_FILE}. */
interface Clean {
  typescript: string;
  /** Each tsconfig's file list, in {@link projects}' order. */
  fileLists: string[][];
  /** Every file the programs read (the tsconfigs and package.json too), with a hash of its content. */
  read: Record<string, string>;
  checked: string[];
}

const hashOf = (file: string): string => (existsSync(file) ? createHash('sha1').update(readFileSync(file)).digest('hex') : '');

/** The last clean run's record, when the tree has not changed since: the same TypeScript, file lists and contents. */
function stillClean(all: Project[]): Clean | undefined {
  let clean: Clean;
  try {
    clean = JSON.parse(readFileSync(CLEAN_FILE, 'utf8')) as Clean;
  } catch {
    return undefined;
  }
  const sameLists = JSON.stringify(clean.fileLists) === JSON.stringify(all.map(({ parsed }) => parsed.fileNames));
  const holds = clean.typescript === ts.version && sameLists && Object.entries(clean.read).every(([file, hash]) => hashOf(file) === hash);
  return holds ? clean : undefined;
}

/**
 * Runs the programs that check at least one file `only` accepts (all of them by default) and returns what they
 * report about those files, with the errors of their configuration and global scope.
 */
export function typecheck({ only }: { only?: (fileName: string) => boolean } = {}): TypecheckResult {
  writeCommonGlobals();
  const all = projects();
  const accepts = only ?? (() => true);
  const clean = stillClean(all);
  if (clean) return { diagnostics: [], checked: clean.checked.filter(accepts), programs: [], upToDate: true };
  const parsedFiles = new Map<string, ts.SourceFile | undefined>();
  const result: TypecheckResult = { diagnostics: [], checked: [], programs: [], upToDate: false };
  const read = new Set([...PROGRAMS_CONFIGS, 'package.json'].map((file) => resolve(ROOT, file)));
  for (const { name, parsed, files, checks } of all) {
    if (!files.some(accepts)) continue;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const options = { ...parsed.options, incremental: true, tsBuildInfoFile: resolve(CACHE_DIR, `${name}.tsbuildinfo`) };
    const program = ts.createIncrementalProgram({
      rootNames: parsed.fileNames,
      options,
      projectReferences: parsed.projectReferences,
      configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
      host: createSharingHost(options, parsedFiles),
    });
    const wanted = (file: ts.SourceFile): boolean => checks(file) && accepts(resolve(file.fileName));
    // Checks what changed, or depends on what changed, and skips the files this program does not check: its build
    // info keeps those as still to check, never as checked.
    while (program.getSemanticDiagnosticsOfNextAffectedFile(undefined, (file) => !wanted(file)));
    const checked = program.getSourceFiles().filter(wanted);
    result.diagnostics.push(
      ...program.getConfigFileParsingDiagnostics(),
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      // What the loop found, and what the build info kept for the files that did not change.
      ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
    );
    // With noEmit, writes the build info only.
    program.emit();
    for (const file of program.getSourceFiles()) read.add(resolve(file.fileName));
    const { user, system } = process.cpuUsage(cpu);
    result.checked.push(...checked.map((file) => resolve(file.fileName)));
    result.programs.push({
      name,
      files: checked.length,
      ms: Math.round(performance.now() - started),
      cpuMs: Math.round((user + system) / 1000),
    });
  }
  result.diagnostics = [...ts.sortAndDeduplicateDiagnostics(result.diagnostics)];
  if (!only && result.diagnostics.length === 0) {
    const record: Clean = {
      typescript: ts.version,
      fileLists: all.map(({ parsed }) => parsed.fileNames),
      read: Object.fromEntries([...read].map((file) => [file, hashOf(file)])),
      checked: result.checked,
    };
    writeWhole(CLEAN_FILE, JSON.stringify(record));
  }
  return result;
}

/** The diagnostics as `tsc` prints them (with colour and context on a terminal). */
export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[], pretty = false): string {
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
  return (pretty ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics)(diagnostics, host);
}

function main(): void {
  const { diagnostics, programs, upToDate } = typecheck();
  if (upToDate) return console.log('typecheck: no errors (nothing changed since the last run without errors)');
  process.stdout.write(formatDiagnostics(diagnostics, process.stdout.isTTY));
  const seconds = (ms: number): string => (ms / 1000).toFixed(1);
  const summary = programs.map(({ name, files, ms, cpuMs }) => `${name} ${files} files ${seconds(ms)} s (CPU ${seconds(cpuMs)} s)`);
  console.log(`typecheck: ${summary.join(', ')}; ${diagnostics.length === 0 ? 'no errors' : `${diagnostics.length} errors`}`);
  process.exitCode = diagnostics.length === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
