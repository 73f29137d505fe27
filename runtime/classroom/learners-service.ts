import { Service } from '../framework/services/service.ts';
import type { ServiceParams } from '../framework/services/service-params.ts';
import { frameworkErrors } from '../framework/errors/framework-errors.ts';
import { hashSecret, sameSecret } from './class-identity.ts';
import type { LearnerRecord } from './class-protocol.ts';

/** The learners who share with the teacher, in memory; each one's secret is kept only as a hash. */
export class LearnersService extends Service<string, LearnerRecord> {
  private readonly records = new Map<string, LearnerRecord>();
  private readonly secrets = new Map<string, string>();
  private nextId = 1;

  /** How many learners share now. */
  get size(): number {
    return this.records.size;
  }

  /** Whether `secret` belongs to learner `id`. */
  isLearner(id: string, secret: string): boolean {
    const hash = this.secrets.get(id);
    return hash !== undefined && sameSecret(hashSecret(secret), hash);
  }

  /** Whether learner `id` still shares. */
  has(id: string): boolean {
    return this.records.has(id);
  }

  /** Every learner, or the one `params.query.id` names. */
  override async index(params?: ServiceParams): Promise<LearnerRecord[]> {
    const id = params?.query?.id;
    return [...this.records.values()].filter((record) => id === undefined || record.id === id);
  }

  /** The learner `id`; 404 when they do not share (any more). */
  override async read(id: string | null): Promise<LearnerRecord> {
    const record = id === null ? undefined : this.records.get(id);
    if (!record) throw frameworkErrors.recordNotFound(id);
    return record;
  }

  /** Adds a learner (hooks validated `data`); their secret is stored hashed and never answered. */
  override async create(data: LearnerRecord & { secret: string }): Promise<LearnerRecord> {
    const record: LearnerRecord = { id: String(this.nextId++), name: data.name, joinedAt: new Date().toISOString() };
    this.records.set(record.id, record);
    this.secrets.set(record.id, hashSecret(data.secret));
    return record;
  }

  /** Forgets the learner and their secret. */
  override async remove(id: string | null): Promise<LearnerRecord> {
    const record = await this.read(id);
    this.records.delete(record.id);
    this.secrets.delete(record.id);
    return record;
  }
}
