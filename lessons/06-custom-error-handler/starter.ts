import { App, AppHttp, HttpException } from 'halo';

const app = new App();

app.get('/', (req, res) => {
  res.write('Hello, world!');
});

app.get('/headers', (req, res) => {
  for (const [name, values] of Object.entries(req.headers)) {
    res.writeln(`${name}=[${values.join(', ')}]`);
  }
});

app.post('/greet', async (req, res) => {
  await req.parseBody();
  const name = req.bodyAsMap.name;
  if (name == null) {
    throw HttpException.badRequest({ message: 'Missing name.' });
  }
  res.write(`Hello, ${name}!`);
});

// TODO: keep the current app.errorHandler in a variable, then replace it with a handler
// (e, req, res) that writes 'Oops! You forgot to include your name.' for status 400
// and delegates every other error to the old handler.

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
