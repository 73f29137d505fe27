import { App, AppHttp } from 'halo';

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
  // TODO: await req.parseBody() before reading the body
  const name = req.bodyAsMap.name;
  // TODO: when name is null, write 'Hello, whoever you are!' instead
  res.write(`Hello, ${name}!`);
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
