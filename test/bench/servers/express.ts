/** Express 5 serving the benchmark workloads; ETag and X-Powered-By are off so its bytes match the others'. */
import express from 'express';
import { HELLO_TEXT, JSON_TYPE, ROUTES, TEXT_TYPE, jsonPayload, paramPayload, postPayload } from '../workloads.ts';
import { BENCH_HOST, reportListening } from './report.ts';

const app = express();
app.disable('etag');
app.disable('x-powered-by');
app.get(ROUTES.text, (_req, res) => void res.type(TEXT_TYPE).send(HELLO_TEXT));
app.get(ROUTES.json, (_req, res) => void res.type(JSON_TYPE).json(jsonPayload()));
app.get(ROUTES.param, (req, res) => void res.json(paramPayload(req.params.id)));
app.post(ROUTES.post, express.json(), (req, res) => void res.json(postPayload(req.body)));
const server = app.listen(0, BENCH_HOST, () => reportListening(server));
