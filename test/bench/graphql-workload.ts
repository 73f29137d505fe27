/**
 * The GraphQL workload of `npm run bench`: requests/s and server CPU per request for Halo's
 * `/graphql` and graphql-http's reference handler on node:http (both on graphql-js), each in its own
 * process, answering the same query `{ todos }` (20 records) to the same keep-alive clients.
 */
import { Agent, request } from 'node:http';
import { startBenchChild } from './bench-child.ts';

const CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_GRAPHQL_SECONDS) || 3;
const WARMUP_SECONDS = 1;
const BODY = JSON.stringify({ query: '{ todos }' });

/** One measured server. */
interface GraphQLRow {
  name: string;
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
  body: string;
}

function post(port: number, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`${res.statusCode}: ${text}`))));
      },
    );
    req.on('error', reject);
    req.end(BODY);
  });
}

/** CONNECTIONS loops posting the query for `seconds`; returns the answers counted and the last body. */
async function drive(port: number, seconds: number): Promise<{ count: number; body: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = Date.now() + seconds * 1000;
  let count = 0;
  let body = '';
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        body = await post(port, agent);
        count++;
      }
    }),
  );
  agent.destroy();
  return { count, body };
}

async function measure(name: string, kind: string): Promise<GraphQLRow> {
  const server = await startBenchChild(new URL('./graphql-server.ts', import.meta.url), kind);
  try {
    await drive(server.port, WARMUP_SECONDS);
    const before = await server.cpuMicros();
    const started = performance.now();
    const { count, body } = await drive(server.port, SECONDS);
    const elapsed = (performance.now() - started) / 1000;
    const cpu = (await server.cpuMicros()) - before;
    return { name, requestsPerSecond: count / elapsed, cpuMicrosPerRequest: cpu / Math.max(1, count), body };
  } finally {
    server.stop();
  }
}

/** Runs the GraphQL workload and returns its section of the report (markdown lines). */
export async function graphQLSection(): Promise<string[]> {
  const reference = await measure('graphql-http on node:http', 'graphql-http');
  const halo = await measure('Halo graphql(app), derived schema', 'halo');
  if (
    JSON.parse(halo.body).data?.todos?.length !== 20 ||
    JSON.stringify(JSON.parse(halo.body)) !== JSON.stringify(JSON.parse(reference.body))
  ) {
    throw new Error(`The GraphQL servers answered differently:\n${halo.body}\n${reference.body}`);
  }
  const row = (r: GraphQLRow) =>
    `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.cpuMicrosPerRequest.toFixed(1)} | ${(reference.cpuMicrosPerRequest / r.cpuMicrosPerRequest).toFixed(2)} |`;
  return [
    '## GraphQL (query `{ todos }`, 20 records)',
    '',
    `POST /graphql over ${CONNECTIONS} keep-alive connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; both answer the same JSON (checked). CPU: the server process's own user + system time ÷ requests.`,
    '',
    '| Server | requests/s | CPU µs/request | CPU eff. vs graphql-http |',
    '|---|---:|---:|---:|',
    row(reference),
    row(halo),
    '',
  ];
}
