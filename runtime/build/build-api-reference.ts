import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ApiEntry } from '../contract/api-entry.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The module the playground runs as `halo`: the same entry runtime/browser/build-types.ts bundles into `halo.d.ts`. */
const API_ENTRY = resolve(root, 'runtime/browser/index.ts');

const MEMBER_KINDS = new Map<ts.SyntaxKind, string>([
  [ts.SyntaxKind.MethodDeclaration, 'method'],
  [ts.SyntaxKind.MethodSignature, 'method'],
  [ts.SyntaxKind.PropertyDeclaration, 'property'],
  [ts.SyntaxKind.PropertySignature, 'property'],
  [ts.SyntaxKind.GetAccessor, 'property'],
  [ts.SyntaxKind.SetAccessor, 'property'],
  [ts.SyntaxKind.Constructor, 'constructor'],
]);

const HIDDEN = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;

/** What reading the module needs at every step: its type checker, a printer of declarations and a reader of TSDoc. */
interface ApiReader {
  checker: ts.TypeChecker;
  print: (node: ts.Node) => string;
  docOf: (symbol: ts.Symbol) => Pick<ApiEntry, 'doc' | 'tags'>;
}

/** The module `entry` compiled with the repository's settings, its exports and a reader for them. */
function openModule(entry: string): { moduleSymbol: ts.Symbol; reader: ApiReader } {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  const program = ts.createProgram([entry], { ...config?.options, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`Cannot read the exports of ${entry}.`);
  const printer = ts.createPrinter({ removeComments: true });
  const reader: ApiReader = {
    checker,
    print: (node) => printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile()),
    docOf: (symbol) => ({
      doc: ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim(),
      tags: symbol.getJsDocTags(checker).map((tag) => ({ name: tag.name, text: ts.displayPartsToString(tag.text).trim() })),
    }),
  };
  return { moduleSymbol, reader };
}

/**
 * Reads every export of the `halo` module with the TypeScript compiler: its kind, its declaration and its
 * TSDoc, and the public members of classes and interfaces, for the API reference and the lesson checks.
 */
export function buildApiReference(entry = API_ENTRY): ApiEntry[] {
  const { moduleSymbol, reader } = openModule(entry);
  return reader.checker
    .getExportsOfModule(moduleSymbol)
    .flatMap((exported) => exportEntries(reader, exported))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The entries of one export: itself, and for a class or an interface its public members too. */
function exportEntries({ checker, print, docOf }: ApiReader, exported: ts.Symbol): ApiEntry[] {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.[0];
  if (!declaration) return [];
  const id = exported.name;
  if (ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)) {
    const kind = ts.isClassDeclaration(declaration) ? 'class' : 'interface';
    const base = baseClass(declaration);
    return [
      {
        id,
        kind,
        signature: `${kind} ${id}${typeParameters(declaration, print)}${heritage(declaration, print)}`,
        ...docOf(symbol),
        ...(base ? { base } : {}),
      },
      ...members({ checker, print, docOf }, symbol, declaration, id),
    ];
  }
  if (ts.isFunctionDeclaration(declaration)) {
    const type = checker.getTypeOfSymbol(symbol);
    const signature = type
      .getCallSignatures()
      .map((s) => `function ${id}${checker.signatureToString(s)}`)
      .join('\n');
    return [{ id, kind: 'function', signature, ...docOf(symbol) }];
  }
  if (ts.isTypeAliasDeclaration(declaration))
    return [{ id, kind: 'type', signature: print(stripModifiers(declaration)), ...docOf(symbol) }];
  if (ts.isVariableDeclaration(declaration))
    return [{ id, kind: 'const', signature: `const ${id}: ${checker.typeToString(checker.getTypeOfSymbol(symbol))}`, ...docOf(symbol) }];
  if (ts.isEnumDeclaration(declaration)) return [{ id, kind: 'enum', signature: print(stripModifiers(declaration)), ...docOf(symbol) }];
  return [];
}

/** The public members of class or interface `owner` (named `parent`), each an entry of its own. */
function members(
  reader: ApiReader,
  owner: ts.Symbol,
  declaration: ts.ClassDeclaration | ts.InterfaceDeclaration,
  parent: string,
): ApiEntry[] {
  const own = [...(owner.members?.values() ?? []), ...(owner.exports?.values() ?? [])];
  return own.flatMap((member): ApiEntry[] => {
    const decl = member.declarations?.find((d) => d.parent === declaration);
    const kind = decl && MEMBER_KINDS.get(decl.kind);
    if (!decl || !kind || ts.getCombinedModifierFlags(decl) & HIDDEN) return [];
    const name = kind === 'constructor' ? 'constructor' : member.name;
    if (name.startsWith('#') || name.startsWith('__')) return [];
    const signature = memberSignature(reader.checker, { owner, member, decl, kind, name, parent });
    return [{ id: `${parent}.${name}`, kind, signature, ...reader.docOf(member), parent }];
  });
}

/** A member's signature as the reference shows it: `new App(...)`, `static use(...)`, `readonly path: string`. */
function memberSignature(
  checker: ts.TypeChecker,
  {
    owner,
    member,
    decl,
    kind,
    name,
    parent,
  }: { owner: ts.Symbol; member: ts.Symbol; decl: ts.Declaration; kind: string; name: string; parent: string },
): string {
  const isStatic = (ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Static) !== 0;
  const type = checker.getTypeOfSymbolAtLocation(member, decl);
  if (kind === 'constructor') {
    const signatures = checker.getTypeOfSymbol(owner).getConstructSignatures();
    return signatures.map((s) => `new ${parent}${checker.signatureToString(s)}`).join('\n');
  }
  if (kind === 'method') {
    return type
      .getCallSignatures()
      .map((s) => `${isStatic ? 'static ' : ''}${name}${checker.signatureToString(s)}`)
      .join('\n');
  }
  const readonly =
    ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Readonly ||
    (ts.isGetAccessor(decl) && !member.declarations?.some(ts.isSetAccessor));
  return `${isStatic ? 'static ' : ''}${readonly ? 'readonly ' : ''}${name}: ${checker.typeToString(type)}`;
}

function typeParameters(declaration: ts.ClassDeclaration | ts.InterfaceDeclaration, print: (node: ts.Node) => string): string {
  return declaration.typeParameters ? `<${declaration.typeParameters.map(print).join(', ')}>` : '';
}

function heritage(declaration: ts.ClassDeclaration | ts.InterfaceDeclaration, print: (node: ts.Node) => string): string {
  return (declaration.heritageClauses ?? []).map((clause) => ` ${print(clause).trim()}`).join('');
}

/** The name of the class `declaration` extends, so `App.use` finds `Router.use`. */
function baseClass(declaration: ts.ClassDeclaration | ts.InterfaceDeclaration): string | undefined {
  const clause = declaration.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
  const expression = clause?.types[0]?.expression;
  return expression && ts.isIdentifier(expression) ? expression.text : undefined;
}

/** The declaration without `export`/`declare`, which the reference does not need. */
function stripModifiers<T extends ts.TypeAliasDeclaration | ts.EnumDeclaration>(declaration: T): T {
  const modifiers = declaration.modifiers?.filter((m) => m.kind !== ts.SyntaxKind.ExportKeyword && m.kind !== ts.SyntaxKind.DeclareKeyword);
  return (
    ts.isTypeAliasDeclaration(declaration)
      ? ts.factory.updateTypeAliasDeclaration(declaration, modifiers, declaration.name, declaration.typeParameters, declaration.type)
      : ts.factory.updateEnumDeclaration(declaration, modifiers, declaration.name, declaration.members)
  ) as T;
}
