import { Service } from '../framework/services/service.ts';
import type { ServiceParams } from '../framework/services/service-params.ts';
import { frameworkErrors } from '../framework/errors/framework-errors.ts';
import type { SharedCodeRecord } from './class-protocol.ts';

/** The code each learner chose to show the teacher: one lesson's files per learner, the latest replacing the last. */
export class SharedCodeService extends Service<string, SharedCodeRecord> {
  private readonly records = new Map<string, SharedCodeRecord>();

  /** Every shared program, or one learner's (`params.query.learnerId`). */
  override async index(params?: ServiceParams): Promise<SharedCodeRecord[]> {
    const learnerId = params?.query?.learnerId;
    return [...this.records.values()].filter((record) => learnerId === undefined || record.learnerId === learnerId);
  }

  /** The program learner `id` shows. */
  override async read(id: string | null): Promise<SharedCodeRecord> {
    const record = id === null ? undefined : this.records.get(id);
    if (!record) throw frameworkErrors.recordNotFound(id);
    return record;
  }

  /** Shows the teacher one lesson's files (hooks validated them and set the learner). */
  override async create(data: Pick<SharedCodeRecord, 'learnerId' | 'lesson' | 'files'>): Promise<SharedCodeRecord> {
    const record: SharedCodeRecord = {
      id: data.learnerId,
      learnerId: data.learnerId,
      lesson: data.lesson,
      files: data.files,
      at: new Date().toISOString(),
    };
    this.records.set(record.id, record);
    return record;
  }

  /** Stops showing the learner's code. */
  override async remove(id: string | null): Promise<SharedCodeRecord> {
    const record = await this.read(id);
    this.records.delete(record.id);
    return record;
  }

  /** Drops the code of a learner who stopped sharing. */
  forgetLearner(learnerId: string): void {
    this.records.delete(learnerId);
  }
}
