import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { createEngine } from '../runtime/engine/index.ts';
import { App } from './app.tsx';
import { EngineProvider } from './engine/engine-context.tsx';
import { ProgramSession } from './engine/program-session.ts';
import { connectConsole } from './console/console-store.ts';

const engine = createEngine();
const session = new ProgramSession(engine);
connectConsole(engine);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EngineProvider engine={engine} session={session}>
      <App />
    </EngineProvider>
  </StrictMode>,
);
