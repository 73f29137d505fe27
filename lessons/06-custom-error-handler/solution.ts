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

const oldErrorHandler = app.errorHandler;
app.errorHandler = (e, req, res) => {
  if (e.statusCode === 400) {
    res.write('Oops! You forgot to include your name.');
  } else {
    return oldErrorHandler(e, req, res);
  }
};

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
