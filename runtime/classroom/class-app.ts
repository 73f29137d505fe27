/**
 * The class server as a Halo app: services for the class, its learners and their results (and the code a
 * learner chooses to show), hooks that check who calls and what they send, publish filters so the teacher
 * sees every change and each learner only their own, and the WebSocket provider's connect hook checking
 * the class code or the teacher key. It imports nothing but the public `halo` API: a case study of a real app.
 */
import { App, type Router } from 'halo';
import { identifyCaller, identityOf } from './class-caller.ts';
import type { ClassContext, ClassOptions } from './class-context.ts';
import { classCsv } from './class-csv.ts';
import { ClassGuard, TooManyCalls } from './class-guard.ts';
import { useLearnerWork } from './class-owned-hooks.ts';
import { CLASS_EXPORT_PATH } from './class-protocol.ts';
import { useClassExercises, useClassRecord } from './class-record-routes.ts';
import { forbidden } from './class-refusals.ts';
import { useClassLearners } from './class-learner-hooks.ts';
import { openClassSocket } from './class-socket.ts';
import { LearnersService } from './learners-service.ts';
import { ResultsService } from './results-service.ts';
import { SharedCodeService } from './shared-code-service.ts';

/** The class's services opened from its tables, and its guard over them. */
async function openClassServices(options: ClassOptions): Promise<ClassContext> {
  const { info, teacherKey, tables } = options;
  const learners = await LearnersService.open(tables.learners);
  const results = await ResultsService.open(tables.results);
  const code = await SharedCodeService.open(tables.code);
  const guard = new ClassGuard(
    {
      code: info.code,
      teacherKey,
      isLearner: (id, secret) => learners.isLearner(id, secret),
      wasRemoved: (id, secret) => learners.wasRemoved(id, secret),
    },
    { ...options.limits, maxLearners: info.maxLearners },
  );
  return { ...options, guard, learners, results, code };
}

/** Adds the teacher's export of the class on `api`: a CSV of every learner, result and program shown. */
function exportRoute(api: Router, { info, learners, results, code }: ClassContext): void {
  api.get(CLASS_EXPORT_PATH, async (req, res) => {
    if (identityOf(req.serviceParams).role !== 'teacher') throw forbidden('Only the teacher exports the class.');
    res.headers['content-type'] = 'text/csv; charset=utf-8';
    res.headers['content-disposition'] = `attachment; filename="class-${info.code}.csv"`;
    res.write(classCsv(info.lessons, await learners.index(), await results.index(), await code.index()));
  });
}

/** Makes the class app: mount it on a Node server with `attachWebSockets` (class-server.ts does). */
export async function createClassApp(options: ClassOptions): Promise<App> {
  const context = await openClassServices(options);
  const app = new App({ bodyLimit: 256 * 1024 });
  // A 429 says when to try again, wherever it was thrown (the guard, a class code looked up).
  const answerError = app.errorHandler;
  app.errorHandler = (error, req, res) => {
    if (error instanceof TooManyCalls) res.headers['retry-after'] = String(error.retryAfterSeconds);
    return answerError(error, req, res);
  };
  const api = app.chain([identifyCaller(context)]);
  useClassRecord(api, context);
  useClassExercises(api, context);
  useClassLearners(api, context);
  useLearnerWork(api, context);
  exportRoute(api, context);
  openClassSocket(app, context);
  return app;
}
