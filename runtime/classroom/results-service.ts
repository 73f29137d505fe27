import { Service } from '../framework/services/service.ts';
import type { ServiceParams } from '../framework/services/service-params.ts';
import { frameworkErrors } from '../framework/errors/framework-errors.ts';
import type { ResultRecord } from './class-protocol.ts';

/** A result as the hooks hand it to create: the learner's input plus whose it is. */
export type ResultInput = Pick<ResultRecord, 'learnerId' | 'lesson' | 'check' | 'passed' | 'failure'>;

/**
 * The latest result of every check of every sharing learner, in memory (one record per learner, lesson
 * and check, so memory is bounded by the class, not by how often checks run). A failing result remembers
 * since when the check has kept failing: the dashboard's "stuck".
 */
export class ResultsService extends Service<string, ResultRecord> {
  private readonly records = new Map<string, ResultRecord>();

  /** Every result, or one learner's (`params.query.learnerId`). */
  override async index(params?: ServiceParams): Promise<ResultRecord[]> {
    const learnerId = params?.query?.learnerId;
    return [...this.records.values()].filter((record) => learnerId === undefined || record.learnerId === learnerId);
  }

  /** One result by its id (`<learner>:<lesson>:<check>`). */
  override async read(id: string | null): Promise<ResultRecord> {
    const record = id === null ? undefined : this.records.get(id);
    if (!record) throw frameworkErrors.recordNotFound(id);
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
    return record;
  }

  /** Drops every result of a learner who stopped sharing (server-side, no events: the learner's removal says it). */
  forgetLearner(learnerId: string): void {
    for (const [id, record] of this.records) if (record.learnerId === learnerId) this.records.delete(id);
  }
}
