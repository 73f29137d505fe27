import type { OriginalPosition, SourceMap } from './source-map.ts';

/** Rewrites stack frames that point into the compiled program so they point at the learner's files. */
export class StackMapper {
  private readonly framePattern: RegExp;

  private map: SourceMap | null | undefined;

  /**
   * Maps frames of the module that engines name by one of `moduleNames` (its URL, its `//# sourceURL`) through the
   * source map `loadMap` reads when first needed.
   */
  constructor(
    moduleNames: string[],
    private readonly loadMap: () => SourceMap | null,
  ) {
    const names = moduleNames.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    this.framePattern = new RegExp(`(?:${names}):(\\d+):(\\d+)`, 'g');
  }

  /** `stack` with every program frame replaced by `file:line:column` of the learner's source. */
  mapStack(stack: string): string {
    return stack.replace(this.framePattern, (whole, line: string, column: string) => {
      const position = this.position(Number(line), Number(column));
      return position ? `${position.file}:${position.line}:${position.column}` : whole;
    });
  }

  /** The learner's position of the first program frame in `stack`, if any. */
  firstLocation(stack: string): OriginalPosition | undefined {
    this.framePattern.lastIndex = 0;
    const match = this.framePattern.exec(stack);
    this.framePattern.lastIndex = 0;
    return match ? (this.position(Number(match[1]), Number(match[2])) ?? undefined) : undefined;
  }

  private position(line: number, column: number): OriginalPosition | null {
    // Decoding waits for the first stack: most programs start and answer without ever needing it.
    if (this.map === undefined) this.map = this.loadMap();
    return this.map?.originalPosition(line, column) ?? null;
  }
}
