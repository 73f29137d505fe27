// The testing lesson solved another way: each test is a function that throws when the answer is wrong,
// the requests are built with their Accept header, and the handler checks the name in its own words.
import { App, AppHttp, HttpException } from 'halo';

const app = new App();

app.get('/greet', (req, res) => {
  if (req.query.name === undefined || req.query.name === '') {
    throw HttpException.badRequest({ message: 'Missing name.' });
  }
  res.write('Hello, ' + req.query.name + '!');
});

const call = (path: string) => app.fetch(new Request(new URL(path, 'http://test.invalid'), { headers: { accept: 'application/json' } }));

const tests: Record<string, () => Promise<void>> = {
  async 'Ada is greeted'() {
    const text = await (await call('/greet?name=Ada')).text();
    if (text !== 'Hello, Ada!') throw new Error(text);
  },
  async 'no name is a 400'() {
    const response = await call('/greet');
    const error = (await response.json()) as { message: string };
    if (response.status !== 400 || error.message !== 'Missing name.') throw new Error(`${response.status} ${error.message}`);
  },
};

async function report(): Promise<{ passed: number; failed: string[] }> {
  const outcomes = await Promise.all(
    Object.entries(tests).map(([name, test]) => test().then(
      () => null,
      (error: unknown) => `${name}: ${String(error)}`,
    )),
  );
  const failed = outcomes.filter((outcome): outcome is string => outcome !== null);
  return { passed: outcomes.length - failed.length, failed };
}

app.get('/tests', () => report());
console.log(await report());

await new AppHttp(app).startServer('localhost', 3000);
