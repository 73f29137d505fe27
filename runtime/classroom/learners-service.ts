import { HttpException, Service, type ServiceParams } from 'halo';
import { hashSecret, sameSecret } from './class-identity.ts';
import type { LearnerRecord } from './class-protocol.ts';
import { text, type RecordMirror } from './class-tables.ts';
import { lookAlike, nameKeys, reservedWordIn } from './learner-names.ts';

/** What the class keeps of a learner besides what the dashboard shows. */
interface LearnerEntry {
  record: LearnerRecord;
  /** Their secret, hashed: never answered. */
  secretHash: string;
  /** The name's confusable keys (see nameKeys): two learners never share one. */
  nameKeys: string[];
  /** The client address they joined from (the per-address cap counts it). */
  address: string;
  /** Removed by the teacher: their secret is refused with a message that says so. */
  removed: boolean;
}

/** A learner as the hooks hand it to create: a normalised name, their secret and where they join from. */
export interface JoiningLearner {
  name: string;
  secret: string;
  address: string;
}

/** Marks a remove as the teacher's (params.removedByTeacher): the learner's secret is then refused as removed. */
export const REMOVED_BY_TEACHER = 'removedByTeacher';

/**
 * The learners who share with the teacher, in memory and written through to `mirror` (a `--keep` database);
 * each one's secret is kept only as a hash, and no two share a name by its confusable skeleton.
 */
export class LearnersService extends Service<string, LearnerRecord> {
  private readonly entries = new Map<string, LearnerEntry>();
  private nextId = 1;

  private constructor(private readonly mirror: RecordMirror) {
    super();
  }

  /** The learners `mirror` kept (none in memory), ready to serve. */
  static async open(mirror: RecordMirror): Promise<LearnersService> {
    const service = new LearnersService(mirror);
    for (const row of await mirror.all()) {
      const record: LearnerRecord = { id: text(row, 'id'), name: text(row, 'name'), joinedAt: text(row, 'joinedAt') };
      // The keys follow from the name: a class kept by an older version compares by today's rules.
      const entry = { record, secretHash: text(row, 'secretHash'), nameKeys: nameKeys(record.name), address: text(row, 'address') };
      service.entries.set(record.id, { ...entry, removed: row.removed === true });
      service.nextId = Math.max(service.nextId, Number(record.id) + 1);
    }
    return service;
  }

  /** How many learners share now. */
  get size(): number {
    return this.sharing().length;
  }

  /** How many learners share now from `address`. */
  sharingFrom(address: string): number {
    return this.sharing().filter((entry) => entry.address === address).length;
  }

  /** Whether `secret` belongs to learner `id`, who still shares. */
  isLearner(id: string, secret: string): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && !entry.removed && sameSecret(hashSecret(secret), entry.secretHash);
  }

  /** Whether `secret` belonged to learner `id` and the teacher removed them. */
  wasRemoved(id: string, secret: string): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && entry.removed && sameSecret(hashSecret(secret), entry.secretHash);
  }

  /** Whether learner `id` still shares. */
  has(id: string): boolean {
    return this.entries.get(id)?.removed === false;
  }

  /** Every learner, or the one `params.query.id` names. */
  override async index(params?: ServiceParams): Promise<LearnerRecord[]> {
    const id = params?.query?.id;
    return this.sharing()
      .filter((entry) => id === undefined || entry.record.id === id)
      .map((entry) => entry.record);
  }

  /** The learner `id`; 404 when they do not share (any more). */
  override async read(id: string | null): Promise<LearnerRecord> {
    return this.entry(id).record;
  }

  /** Adds a learner (hooks validated and normalised `data`); their secret is stored hashed and never answered. */
  override async create(data: LearnerRecord & JoiningLearner): Promise<LearnerRecord> {
    const keys = this.freeName(data.name);
    const record: LearnerRecord = { id: String(this.nextId++), name: data.name, joinedAt: new Date().toISOString() };
    const entry: LearnerEntry = { record, secretHash: hashSecret(data.secret), nameKeys: keys, address: data.address, removed: false };
    this.entries.set(record.id, entry);
    await this.keep(entry);
    return record;
  }

  /** Renames learner `id` (hooks normalised the name): the same rules as joining. */
  override async modify(id: string | null, data: { name: string }): Promise<LearnerRecord> {
    const entry = this.entry(id);
    const keys = this.freeName(data.name, entry.record.id);
    entry.record = { ...entry.record, name: data.name };
    entry.nameKeys = keys;
    await this.keep(entry);
    return entry.record;
  }

  /** Forgets the learner; when the teacher removes them (see REMOVED_BY_TEACHER), keeps their secret to say so. */
  override async remove(id: string | null, params?: ServiceParams): Promise<LearnerRecord> {
    const entry = this.entry(id);
    if (params?.[REMOVED_BY_TEACHER] === true) {
      entry.removed = true;
      await this.keep(entry);
    } else {
      this.entries.delete(entry.record.id);
      await this.mirror.drop(entry.record.id);
    }
    return entry.record;
  }

  private sharing(): LearnerEntry[] {
    return [...this.entries.values()].filter((entry) => !entry.removed);
  }

  private entry(id: string | null): LearnerEntry {
    const entry = id === null ? undefined : this.entries.get(id);
    if (!entry || entry.removed) throw HttpException.notFound({ message: `No record found for ID ${id}` });
    return entry;
  }

  /** The keys of `name` when no other sharing learner (but `self`) shares one and it holds no reserved word; else a 409 / 400. */
  private freeName(name: string, self?: string): string[] {
    const reserved = reservedWordIn(name);
    if (reserved !== undefined)
      throw HttpException.badRequest({ message: `"${reserved}" is kept for the people who run the class: choose another name.` });
    const keys = nameKeys(name);
    if (this.sharing().some((entry) => entry.record.id !== self && lookAlike(entry.nameKeys, keys)))
      throw HttpException.conflict({ message: 'Someone in the class already has this name (or one that looks the same): choose another.' });
    return keys;
  }

  private keep(entry: LearnerEntry): Promise<void> {
    const { record, secretHash, address, removed } = entry;
    return this.mirror.put(record.id, { ...record, secretHash, address, removed });
  }
}
