import { HttpException, Service, type ServiceParams } from 'halo';
import type { CheckFailure, ResultRecord } from './class-protocol.ts';
import { text, type RecordMirror } from './class-tables.ts';

/** A result as the hooks hand it to create: the learner's input plus whose it is. */
export type ResultInput = Pick<ResultRecord, 'learnerId' | 'lesson' | 'check' | 'passed' | 'failure'>;

function failureOf(row: Record<string, unknown>): CheckFailure {
  const reasons = Array.isArray(row.reasons) ? row.reasons.map(String) : [];
  return { request: text(row, 'request'), expected: text(row, 'expected'), got: text(row, 'got'), reasons };
}

/** A result as the database gave it back (plain JSON) as the record the pages read. */
function resultOf(row: Record<string, unknown>): ResultRecord {
  const record: ResultRecord = {
    id: text(row, 'id'),
    learnerId: text(row, 'learnerId'),
    lesson: text(row, 'lesson'),
    check: Number(row.check),
    passed: row.passed === true,
    at: text(row, 'at'),
    failingSince: typeof row.failingSince === 'string' ? row.failingSince : null,
  };
  const failure: unknown = row.failure;
  if (typeof failure === 'object' && failure !== null) record.failure = failureOf({ ...failure });
  return record;
}

/**
 * The latest result of every check of every sharing learner, in memory (one record per learner, lesson
 * and check, so memory is bounded by the class, not by how often checks run) and written through to
 * `mirror`. A failing result remembers since when the check has kept failing: the dashboard's "stuck".
 */
export class ResultsService extends Service<string, ResultRecord> {
  private readonly records = new Map<string, ResultRecord>();

  private constructor(private readonly mirror: RecordMirror) {
    super();
  }

  /** The results `mirror` kept (none in memory), ready to serve. */
  static async open(mirror: RecordMirror): Promise<ResultsService> {
    const service = new ResultsService(mirror);
    for (const row of await mirror.all()) {
      const record = resultOf(row);
      service.records.set(record.id, record);
    }
    return service;
  }

  /** Every result, or one learner's (`params.query.learnerId`). */
  override async index(params?: ServiceParams): Promise<ResultRecord[]> {
    const learnerId = params?.query?.learnerId;
    return [...this.records.values()].filter((record) => learnerId === undefined || record.learnerId === learnerId);
  }

  /** One result by its id (`<learner>:<lesson>:<check>`). */
  override async read(id: string | null): Promise<ResultRecord> {
    const record = id === null ? undefined : this.records.get(id);
    if (!record) throw HttpException.notFound({ message: `No record found for ID ${id}` });
    return record;
  }

  /** Stores the check's latest result, replacing the previous one. */
  override async create(data: ResultInput): Promise<ResultRecord> {
    const id = `${data.learnerId}:${data.lesson}:${data.check}`;
    const at = new Date().toISOString();
    const previous = this.records.get(id);
    const failingSince = data.passed ? null : previous && !previous.passed ? previous.failingSince : at;
    const record: ResultRecord = {
      id,
      learnerId: data.learnerId,
      lesson: data.lesson,
      check: data.check,
      passed: data.passed,
      at,
      failingSince,
    };
    if (!data.passed && data.failure) record.failure = data.failure;
    this.records.set(id, record);
    await this.mirror.put(id, { ...record });
    return record;
  }

  /** Drops every result of a learner who stopped sharing (server-side, no events: the learner's removal says it). */
  async forgetLearner(learnerId: string): Promise<void> {
    for (const [id, record] of this.records) if (record.learnerId === learnerId) this.records.delete(id);
    await this.mirror.dropWhere('learnerId', learnerId);
  }
}
