/** Baseline: plain node:http, routing by hand, sending the same bytes and headers as Halo. */
import { createServer } from 'node:http';
import { rawListener } from '../apps/raw-listener.ts';
import { BENCH_HOST, reportListening } from './report.ts';

const server = createServer(rawListener);

server.listen(0, BENCH_HOST, () => reportListening(server));
