/** Hono on @hono/node-server serving the benchmark app. */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createHonoApp } from '../apps/hono-app.ts';
import { BENCH_HOST, reportListening } from './report.ts';

const server = serve({ fetch: createHonoApp().fetch, hostname: BENCH_HOST, port: 0 }, () => reportListening(server as Server));
