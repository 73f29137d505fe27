import type { Locate, SourceSite } from '../source-site.ts';
import type { RequestTrace, TraceOutcome, TraceStep, TraceStepKind } from './trace-data.ts';

/** A step while it is recorded: the data plus what is turned into data only when the trace is read. */
export interface OpenStep {
  readonly index: number;
  readonly kind: TraceStepKind;
  readonly name: string;
  readonly parent: OpenStep | null;
  readonly site: SourceSite | null;
  readonly start: number;
  end: number;
  outcome: TraceOutcome;
  detail: Record<string, unknown> | undefined;
  thrown: unknown;
}

const encoder = new TextEncoder();

/**
 * Records what one request (or one WebSocket call) ran, step by step, with times. Made only for a
 * request that is traced: an untraced request never reaches this code.
 */
export class Tracer {
  private readonly steps: OpenStep[] = [];
  private readonly started = performance.now();
  private ended = 0;
  private status = 0;
  private bytes = 0;

  /** Starts a trace of `method` (`WS` for a WebSocket call) `path`. */
  constructor(
    /** The request's method. */
    readonly method: string,
    /** The request's path (without query), or a WebSocket call's name. */
    readonly path: string,
  ) {}

  /** Starts a step inside `parent` (null: at the top); `site` is where learner code registered what runs. */
  begin(
    kind: TraceStepKind,
    name: string,
    parent: OpenStep | null,
    site: SourceSite | null = null,
    detail?: Record<string, unknown>,
  ): OpenStep {
    const now = performance.now();
    const step: OpenStep = {
      index: this.steps.length,
      kind,
      name,
      parent,
      site,
      start: now,
      end: now,
      outcome: 'done',
      detail,
      thrown: undefined,
    };
    this.steps.push(step);
    return step;
  }

  /** Ends `step` with `outcome`, adding `detail` to what it holds. */
  end(step: OpenStep, outcome: TraceOutcome, detail?: Record<string, unknown>): void {
    step.end = performance.now();
    step.outcome = outcome;
    if (detail) step.detail = { ...step.detail, ...detail };
  }

  /** Ends `step` as having thrown `error`. */
  threw(step: OpenStep, error: unknown): void {
    this.end(step, 'threw');
    step.thrown = error;
  }

  /** The request is answered: its status and body (counted in UTF-8 bytes). */
  finish(status: number, body: string): void {
    this.ended = performance.now();
    this.status = status;
    this.bytes = encoder.encode(body).byteLength;
  }

  /** The trace as data; `locate` turns registration sites and stacks into the learner's file and line. */
  toTrace(locate?: Locate): RequestTrace {
    const round = (ms: number) => Math.round(ms * 1000) / 1000;
    const end = this.ended || performance.now();
    const steps = this.steps.map((open): TraceStep => {
      const step: TraceStep = {
        kind: open.kind,
        name: open.name,
        parent: open.parent?.index ?? -1,
        depth: depthOf(open),
        startMs: round(open.start - this.started),
        durationMs: round(open.end - open.start),
        outcome: open.outcome,
      };
      const detail = jsonSafe(open.detail);
      if (detail) step.detail = detail;
      const at = open.site && locateIn(open.site.stack, locate);
      if (at) step.at = at;
      if (open.outcome === 'threw') step.error = describeThrown(open.thrown, locate);
      return step;
    });
    return { method: this.method, path: this.path, status: this.status, bytes: this.bytes, durationMs: round(end - this.started), steps };
  }
}

/** Where a request records its steps: the trace, and the step its next steps run inside. */
export class TraceScope {
  /** Records into `tracer`, nesting new steps in `parent`. */
  constructor(
    /** The trace being recorded. */
    readonly tracer: Tracer,
    /** The step that what runs now runs inside (changes as handlers are entered and left). */
    public parent: OpenStep | null,
  ) {}
}

function depthOf(step: OpenStep): number {
  let depth = 0;
  for (let at = step.parent; at; at = at.parent) depth++;
  return depth;
}

function locateIn(stack: string | undefined, locate: Locate | undefined): TraceStep['at'] {
  if (!stack || !locate) return undefined;
  try {
    return locate(stack);
  } catch {
    return undefined;
  }
}

function describeThrown(thrown: unknown, locate: Locate | undefined): NonNullable<TraceStep['error']> {
  const error = thrown instanceof Error ? thrown : null;
  let message: string;
  try {
    message = error ? error.message : String(thrown);
  } catch {
    message = '(a value that cannot be shown)';
  }
  const at = locateIn(error?.stack, locate);
  return at ? { message, at } : { message };
}

/** `value` as plain JSON data (values JSON cannot hold dropped); undefined when there is nothing to keep. */
function jsonSafe(value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  } catch {
    return { note: 'details could not be recorded' };
  }
}
