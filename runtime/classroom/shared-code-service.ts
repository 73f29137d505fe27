import { HttpException, Service, type ServiceParams } from 'halo';
import type { SharedCodeRecord } from './class-protocol.ts';
import { text, type RecordMirror } from './class-tables.ts';

/**
 * The code each learner chose to show the teacher: one lesson's files per learner, the latest replacing the
 * last; in memory and written through to `mirror`.
 */
export class SharedCodeService extends Service<string, SharedCodeRecord> {
  private readonly records = new Map<string, SharedCodeRecord>();

  private constructor(private readonly mirror: RecordMirror) {
    super();
  }

  /** The programs `mirror` kept (none in memory), ready to serve. */
  static async open(mirror: RecordMirror): Promise<SharedCodeService> {
    const service = new SharedCodeService(mirror);
    for (const row of await mirror.all()) {
      const files = Object.fromEntries(Object.entries(row.files ?? {}).map(([name, content]) => [name, String(content)]));
      const record = { id: text(row, 'id'), learnerId: text(row, 'learnerId'), lesson: text(row, 'lesson'), files, at: text(row, 'at') };
      service.records.set(record.id, record);
    }
    return service;
  }

  /** Every shared program, or one learner's (`params.query.learnerId`). */
  override async index(params?: ServiceParams): Promise<SharedCodeRecord[]> {
    const learnerId = params?.query?.learnerId;
    return [...this.records.values()].filter((record) => learnerId === undefined || record.learnerId === learnerId);
  }

  /** The program learner `id` shows. */
  override async read(id: string | null): Promise<SharedCodeRecord> {
    const record = id === null ? undefined : this.records.get(id);
    if (!record) throw HttpException.notFound({ message: `No record found for ID ${id}` });
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
    await this.mirror.put(record.id, { ...record });
    return record;
  }

  /** Stops showing the learner's code. */
  override async remove(id: string | null): Promise<SharedCodeRecord> {
    const record = await this.read(id);
    this.records.delete(record.id);
    await this.mirror.drop(record.id);
    return record;
  }

  /** Drops the code of a learner who stopped sharing. */
  async forgetLearner(learnerId: string): Promise<void> {
    this.records.delete(learnerId);
    await this.mirror.drop(learnerId);
  }
}
