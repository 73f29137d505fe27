import { App, AppHttp, HttpException } from 'halo';

const app = new App();

app.get('/greet', (req, res) => {
  const name = req.query.name;
  if (!name) throw HttpException.badRequest({ message: 'Missing name.' });
  res.write(`Hello, ${name}!`);
});

/** A test: a request, and the status and the text its answer must have. */
interface Test {
  name: string;
  request: () => Request;
  status: number;
  body: string;
}

const tests: Test[] = [
  { name: 'greets Ada by name', request: () => new Request('http://localhost/greet?name=Ada'), status: 200, body: 'Hello, Ada!' },
  { name: 'refuses a missing name', request: () => new Request('http://localhost/greet'), status: 400, body: 'Missing name.' },
];

/** Hands every test's request to the app, in-process, and says which tests fail and why. */
async function runTests(): Promise<{ passed: number; failed: string[] }> {
  const failed: string[] = [];
  for (const test of tests) {
    const response = await app.fetch(test.request());
    const body = await response.text();
    if (response.status !== test.status || !body.includes(test.body)) failed.push(`${test.name}: got ${response.status} ${body}`);
  }
  return { passed: tests.length - failed.length, failed };
}

// The same report over HTTP, for a browser or a deploy script.
app.get('/tests', () => runTests());

const report = await runTests();
console.log(`${report.passed} passed, ${report.failed.length} failed`, report.failed);

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
