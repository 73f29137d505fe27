/** Halo's Node adapter (AppHttp) serving the benchmark app. */
import { AppHttp } from 'halo';
import { createHaloApp } from '../apps/halo-app.ts';
import { BENCH_HOST, BENCH_PORT, reportListening } from './report.ts';

const http = new AppHttp(createHaloApp());
reportListening(await http.startServer(BENCH_HOST, BENCH_PORT));
