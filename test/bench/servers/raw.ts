/** Baseline: plain node:http, routing by hand, sending the same bytes and headers as Halo. */
import { createServer } from 'node:http';
import { rawListener } from '../apps/raw-listener.ts';
import { BENCH_HOST, BENCH_PORT, reportListening } from './report.ts';

const server = createServer(rawListener);

server.listen(BENCH_PORT, BENCH_HOST, () => reportListening(server));
