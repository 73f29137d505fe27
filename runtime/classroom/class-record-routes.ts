/**
 * The class itself over the class app: its record (looked up by code by anyone, seen and locked by the teacher) and
 * its exercises (fetched by a member to open in their playground).
 */
import { AnonymousService, HttpException, type Router } from 'halo';
import { addressOf, identityOf } from './class-caller.ts';
import type { ClassContext } from './class-context.ts';
import { CLASS_CHANGE_INPUT, CLASS_SERVICES, parseInput, type ClassInfo, type ClassPublicInfo } from './class-protocol.ts';
import { forbidden, validated } from './class-refusals.ts';

/** Mounts the class's record on `api`: a lookup by code, the teacher's view and the teacher's lock switch. */
export function useClassRecord(api: Router, { info, teacherKey, tables, guard, exerciseFiles, previousCode }: ClassContext): void {
  const exercises = info.lessons.filter((lesson) => exerciseFiles?.has(lesson.id)).map(({ id, title }) => ({ id, title }));
  const classes = api.use(
    CLASS_SERVICES.classes,
    new AnonymousService<string, ClassInfo | ClassPublicInfo>({
      index: () => [info],
      // Anyone may try a code; only the right one answers, with the class's title. A wrong one is a guess.
      read: (id, params) => {
        const address = addressOf(params);
        guard.refuseGuessing(address);
        const code = String(id).trim().toUpperCase();
        // A learner of the class before the restart finds this one: their page offers to join it.
        if (code !== info.code && code !== previousCode) {
          guard.countGuess(address);
          throw HttpException.notFound({ message: 'No class has this code.' });
        }
        return { code: info.code, title: info.title, ...(exercises.length > 0 ? { exercises } : {}) };
      },
      // The teacher's lock switch (hooks check who and what).
      modify: async (id, data) => {
        if (String(id).trim().toUpperCase() !== info.code) throw HttpException.notFound({ message: 'No class has this code.' });
        info.joiningLocked = validated(parseInput(CLASS_CHANGE_INPUT, data), 'change of the class').joiningLocked;
        await tables.classes.put('class', { code: info.code, teacherKey, joiningLocked: info.joiningLocked });
        return info;
      },
    }),
  );
  classes.before(['indexed', 'modified'], (event) => {
    if (identityOf(event.params).role !== 'teacher') throw forbidden('Only the teacher sees and changes the class.');
  });
}

/** Mounts the class's exercises on `api`: a member of the class fetches one to open it in their playground, as a file. */
export function useClassExercises(api: Router, { exerciseFiles }: ClassContext): void {
  api.use(
    CLASS_SERVICES.exercises,
    new AnonymousService<string, string>({
      read: (id, params) => {
        if (identityOf(params).role === 'anonymous') throw forbidden('Join with the class code to open its exercises.');
        const text = exerciseFiles?.get(String(id));
        if (text === undefined) throw HttpException.notFound({ message: 'The class has no such exercise.' });
        return text;
      },
    }),
  );
}
