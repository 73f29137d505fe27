import { App, AppHttp } from 'halo';

const app = new App();

app.get('/headers', (req, res) => {
  for (const [name, values] of Object.entries(req.headers)) {
    res.writeln(`${name}=[${values.join(', ')}]`);
  }
});

app.get('/search', (req, res) => {
  const q = req.query.q ?? 'nothing';
  res.write(`You searched for ${q}.`);
});

app.get('/users/:name', (req, res) => {
  res.write(`Profile of ${req.params.name}.`);
});

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Listening on ${server.uri}`);
