/**
 * The playground page's first script, an entry of its own (runtime/build/boot-script-plugin.ts puts it before
 * web/main.tsx): it opens the sandbox frame, boots the server worker the first program will run on and loads msw's
 * request bridge while the rest of the page's modules still load. It runs no program: the engine takes that worker
 * when it is made (ServerHost), and every run still passes the page's gate.
 */
import { loadRequestBridge, spawnServerWorkerAhead } from '../runtime/engine/boot-ahead.ts';

spawnServerWorkerAhead();
// The first answer needs msw too; loading it here takes it off the path after the engine starts.
void loadRequestBridge();
