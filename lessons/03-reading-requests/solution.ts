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

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
