/**
 * The playground page's first script, an entry of its own (runtime/build/boot-script-plugin.ts puts it before
 * web/main.tsx): it opens the sandbox frame and boots the server worker the first program will run on while the rest
 * of the page's modules still load. It runs no program: the engine takes that worker when it is made (ServerHost),
 * and every run still passes the page's gate.
 */
import { spawnServerWorkerAhead } from '../runtime/engine/boot-ahead.ts';

spawnServerWorkerAhead();
