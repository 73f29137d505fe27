/** What the class app is made from, and what each of its routes is handed: the class, its services and its guard. */
import type { ClassGuard, ClassLimits } from './class-guard.ts';
import type { ClassInfo } from './class-protocol.ts';
import type { ClassTables } from './class-tables.ts';
import type { LearnersService } from './learners-service.ts';
import type { ResultsService } from './results-service.ts';
import type { SharedCodeService } from './shared-code-service.ts';

/** The class to serve, and its limits. */
export interface ClassOptions {
  /** The class as the dashboard shows it (code, join address, lessons and checks, cap and lock). */
  info: ClassInfo;
  /** The teacher's key: random, printed in the terminal, never sent to a learner. */
  teacherKey: string;
  /** Where the class keeps its records (memory, or a `--keep` database). */
  tables: ClassTables;
  /** Every limit of the class (DEFAULT_CLASS_LIMITS; `info.maxLearners` is the learner cap). */
  limits: Omit<ClassLimits, 'maxLearners'>;
  /** The exercises the class serves, by id: their `.halo-exercise` text (their columns are in `info.lessons`). */
  exerciseFiles?: ReadonlyMap<string, string>;
  /** The code of the class this server ran before (restarted without `--keep`): looking it up answers this class. */
  previousCode?: string;
}

/** The class's options with its services opened and its guard made: what every route of the class app works on. */
export interface ClassContext extends ClassOptions {
  /** Who calls and how often: identifies credentials, counts calls and guesses. */
  guard: ClassGuard;
  learners: LearnersService;
  results: ResultsService;
  code: SharedCodeService;
}
