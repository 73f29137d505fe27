import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { createEngine } from '../runtime/engine/index.ts';
import { App } from './app.tsx';
import { EngineProvider } from './engine/engine-context.tsx';
import { ProgramSession } from './engine/program-session.ts';
import { gateRuns } from './share/gated-engine.ts';
import { startSharing } from './share/start-sharing.ts';
import { PlaygroundShell } from './shell/playground-shell.tsx';
import { createPlaygroundState } from './playground-state.ts';
import { followCourseEdits } from './lessons/course/follow-course-edits.ts';
import { loadCourse, type LoadedCourse } from './lessons/course/load-course.ts';
import { PlaygroundStateProvider } from './state/state-context.tsx';
import { browserStorage } from './state/stored.ts';
import { isEmbedUrl } from './modes/embed-flag.ts';
import { embedStorage } from './modes/embed-storage.ts';

type PlaygroundState = ReturnType<typeof createPlaygroundState>;

/** Starts the engine and renders the playground. */
function start(state: PlaygroundState, { prebuilt }: LoadedCourse): void {
  // Shared code from a link runs only after the learner's click: every run goes through the gate.
  // The first lesson answers from its program compiled by the course build: esbuild's download waits for that.
  const engine = gateRuns(createEngine({ compilerAfterFirstResponse: true, prebuilt }), state.workspace);
  const session = new ProgramSession(engine);
  state.console.connectConsole(engine);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PlaygroundStateProvider state={state}>
        <EngineProvider engine={engine} session={session}>
          <PlaygroundShell>
            <App />
          </PlaygroundShell>
        </EngineProvider>
      </PlaygroundStateProvider>
    </StrictMode>,
  );
}

/** The page's one state, for the course the site serves; in author mode the page also follows the author's saves. */
function stateFor(loaded: LoadedCourse): PlaygroundState {
  // An embed keeps its own state in memory, so it never overwrites the learner's saved code or settings.
  const storage = isEmbedUrl(location.href) ? embedStorage(browserStorage()) : browserStorage();
  if (loaded.authoring) followCourseEdits(loaded.base);
  return createPlaygroundState({ storage, location, course: loaded.course, authoring: loaded.authoring });
}

/** A course that could not be loaded: said in the page (as text), where the playground would be. */
function showFailure(error: unknown): void {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = `The course could not be loaded: ${error instanceof Error ? error.message : String(error)} Reload to try again.`;
  document.getElementById('root')!.replaceChildren(message);
}

// The course's data (course/course.json beside index.html) first; then a link's code is held (its decoder loaded on
// demand) before the engine starts and before the first render.
// Not a top-level await: with one, the bundler could not merge the entry's modules into one chunk.
void loadCourse(new URL('./', location.href)).then((loaded) => {
  const state = stateFor(loaded);
  return startSharing(state, state.share.target).then(() => start(state, loaded));
}, showFailure);
