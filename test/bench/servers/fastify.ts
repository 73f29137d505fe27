/** Fastify serving the benchmark workloads (content types set to match Halo's). */
import Fastify from 'fastify';
import { HELLO_TEXT, JSON_TYPE, ROUTES, TEXT_TYPE, jsonPayload, paramPayload, postPayload } from '../workloads.ts';
import { BENCH_HOST, reportListening } from './report.ts';

const app = Fastify({ logger: false });
app.get(ROUTES.text, (_req, reply) => reply.type(TEXT_TYPE).send(HELLO_TEXT));
app.get(ROUTES.json, (_req, reply) => reply.type(JSON_TYPE).send(jsonPayload()));
app.get<{ Params: { id: string } }>(ROUTES.param, (req, reply) => reply.type(JSON_TYPE).send(paramPayload(req.params.id)));
app.post<{ Body: Record<string, unknown> }>(ROUTES.post, (req, reply) => reply.type(JSON_TYPE).send(postPayload(req.body)));
await app.listen({ host: BENCH_HOST, port: 0 });
reportListening(app.server);
