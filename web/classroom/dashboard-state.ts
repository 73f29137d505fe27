import {
  CLASS_SERVICES,
  type ClassInfo,
  type LearnerRecord,
  type ResultRecord,
  type SharedCodeRecord,
} from '../../runtime/classroom/class-protocol.ts';

/** One learner's latest results: lesson id → check index → result. */
export type LearnerResults = Record<string, Record<number, ResultRecord>>;

/** A check that keeps failing: what the "stuck" list is made of once it has failed long enough. */
interface FailingCheck {
  learnerId: string;
  lesson: string;
  check: number;
  /** Since when it has kept failing (ISO-8601). */
  since: string;
}

/** What the teacher's dashboard shows, kept live over the class server's WebSocket. */
export interface DashboardState {
  /** `refused`: the key was wrong (nothing to retry); `reconnecting`: the connection dropped and comes back. */
  status: 'connecting' | 'live' | 'reconnecting' | 'refused';
  /** Why the server refused, in its words. */
  refusal: string | null;
  info: ClassInfo | null;
  /** The sharing learners by id. */
  learners: Record<string, LearnerRecord>;
  /** Each learner's results by learner id: a learner's object (and a lesson's inside it) is new only when its results change. */
  results: Record<string, LearnerResults>;
  /** Every check failing now, by `<learner>:<lesson>:<check>`: small, so "who is stuck" never walks every result. */
  failing: Record<string, FailingCheck>;
  /** The code each learner shows, by learner id. */
  code: Record<string, SharedCodeRecord>;
}

/** One change the server published: `api/<service> <verb>` and the record. */
export interface DashboardEvent {
  event: string;
  data: unknown;
}

/** The state before the class has loaded. */
export function emptyDashboard(): DashboardState {
  return { status: 'connecting', refusal: null, info: null, learners: {}, results: {}, failing: {}, code: {} };
}

const failingKey = (r: Pick<ResultRecord, 'learnerId' | 'lesson' | 'check'>) => `${r.learnerId}:${r.lesson}:${r.check}`;

/**
 * A batch of changes applied together: each map is copied at most once per batch, and a learner's results
 * (and each lesson's in them) only when one of theirs changed, so a row compares its slice by reference.
 */
class Batch {
  private readonly copied = new Set<object>();
  readonly next: Pick<DashboardState, 'learners' | 'results' | 'failing' | 'code'> & { info: ClassInfo | null };

  constructor(state: DashboardState) {
    this.next = { info: state.info, learners: state.learners, results: state.results, failing: state.failing, code: state.code };
  }

  /** A copy of `value` this batch may change (the same copy for the rest of the batch). */
  private own<T extends object>(value: T): T {
    if (this.copied.has(value)) return value;
    const copy = { ...value };
    this.copied.add(copy);
    return copy;
  }

  private mapOf<K extends keyof Batch['next'] & ('learners' | 'results' | 'failing' | 'code')>(name: K): Batch['next'][K] {
    const map = this.own<Batch['next'][K]>(this.next[name]);
    this.next[name] = map;
    return map;
  }

  putResult(record: ResultRecord): void {
    const results = this.mapOf('results');
    const learner = (results[record.learnerId] = this.own(results[record.learnerId] ?? {}));
    const lesson = (learner[record.lesson] = this.own(learner[record.lesson] ?? {}));
    lesson[record.check] = record;
    const key = failingKey(record);
    const wasFailing = key in this.next.failing;
    if (!record.passed && record.failingSince !== null)
      this.mapOf('failing')[key] = { learnerId: record.learnerId, lesson: record.lesson, check: record.check, since: record.failingSince };
    else if (wasFailing) delete this.mapOf('failing')[key];
  }

  forgetLearner(id: string): void {
    for (const name of ['learners', 'results', 'code'] as const) if (id in this.next[name]) delete this.mapOf(name)[id];
    const failing = Object.keys(this.next.failing).filter((key) => this.next.failing[key].learnerId === id);
    if (failing.length > 0) for (const key of failing) delete this.mapOf('failing')[key];
  }

  apply({ event, data }: DashboardEvent): void {
    const record = data as { id: string };
    switch (event) {
      case `${CLASS_SERVICES.learners} created`:
      case `${CLASS_SERVICES.learners} modified`:
      case `${CLASS_SERVICES.learners} updated`:
        this.mapOf('learners')[record.id] = { ...this.next.learners[record.id], ...(data as LearnerRecord) };
        return;
      case `${CLASS_SERVICES.learners} removed`:
        // A learner who stops sharing (or whom the teacher removes) leaves with everything they sent.
        return this.forgetLearner(record.id);
      case `${CLASS_SERVICES.results} created`:
        // A result racing its learner's removal has no row to go to.
        if ((data as ResultRecord).learnerId in this.next.learners) this.putResult(data as ResultRecord);
        return;
      case `${CLASS_SERVICES.code} created`:
        this.mapOf('code')[record.id] = data as SharedCodeRecord;
        return;
      case `${CLASS_SERVICES.code} removed`:
        if (record.id in this.next.code) delete this.mapOf('code')[record.id];
        return;
      case `${CLASS_SERVICES.classes} modified`:
      case `${CLASS_SERVICES.classes} updated`:
        if (this.next.info) this.next.info = { ...this.next.info, ...(data as Partial<ClassInfo>) };
        return;
    }
  }
}

/** The state after `events`, in order: one new state for the whole batch (one render). */
export function applyEvents(state: DashboardState, events: readonly DashboardEvent[]): Partial<DashboardState> {
  const batch = new Batch(state);
  for (const event of events) batch.apply(event);
  return batch.next;
}

/** The state of a freshly loaded class: its learners, results and shown code. */
export function loadedDashboard(
  info: ClassInfo,
  learners: LearnerRecord[],
  results: ResultRecord[],
  code: SharedCodeRecord[],
): Partial<DashboardState> {
  const loaded: DashboardState = {
    ...emptyDashboard(),
    status: 'live',
    info,
    learners: Object.fromEntries(learners.map((l) => [l.id, l])),
    code: Object.fromEntries(code.map((c) => [c.learnerId, c])),
  };
  return {
    ...loaded,
    ...applyEvents(
      loaded,
      results.map((data) => ({ event: `${CLASS_SERVICES.results} created`, data })),
    ),
  };
}
