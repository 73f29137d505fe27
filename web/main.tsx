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
import { builtCourse } from './lessons/course/built-course.ts';
import { PlaygroundStateProvider } from './state/state-context.tsx';
import { browserStorage } from './state/stored.ts';
import { isEmbedUrl } from './modes/embed-flag.ts';
import { embedStorage } from './modes/embed-storage.ts';

// The page's one state: an embed keeps its own in memory, so it never overwrites the learner's saved code or settings.
const storage = isEmbedUrl(location.href) ? embedStorage(browserStorage()) : browserStorage();
const state = createPlaygroundState({ storage, location, course: builtCourse, authoring: import.meta.env.DEV });
/** Starts the engine and renders the playground. */
function start(): void {
  // Shared code from a link runs only after the learner's click: every run goes through the gate.
  // The first lesson answers from its program compiled at build time: esbuild's download waits for that.
  const engine = gateRuns(createEngine({ compilerAfterFirstResponse: true }), state.workspace);
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

// A link's code is held (its decoder loaded on demand) before the engine starts and before the first render.
// Not a top-level await: with one, the bundler could not merge the entry's modules into one chunk.
void startSharing(state, state.share.target).then(start);
