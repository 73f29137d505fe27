// First: an embedded page must get its private storage before any store reads localStorage.
import './modes/embed-storage.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { createEngine } from '../runtime/engine/index.ts';
import { App } from './app.tsx';
import { EngineProvider } from './engine/engine-context.tsx';
import { ProgramSession } from './engine/program-session.ts';
import { connectConsole } from './editor/console-store.ts';
import { gateRuns } from './share/gated-engine.ts';
import { startSharing } from './share/start-sharing.ts';
import { playgroundTarget } from './share/playground-target.ts';
import { PlaygroundShell } from './shell/playground-shell.tsx';

// Shared code from a link runs only after the learner's click: every run goes through the gate.
// The first lesson answers from its program compiled at build time: esbuild's download waits for that.
const engine = gateRuns(createEngine({ compilerAfterFirstResponse: true }));
const session = new ProgramSession(engine);
connectConsole(engine);
startSharing(playgroundTarget);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EngineProvider engine={engine} session={session}>
      <PlaygroundShell>
        <App />
      </PlaygroundShell>
    </EngineProvider>
  </StrictMode>,
);
