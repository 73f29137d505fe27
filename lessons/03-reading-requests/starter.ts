import { App, AppHttp } from 'halo';

const app = new App();

app.get('/headers', (req, res) => {
  // TODO: for each entry of req.headers, write one line: name=[value1, value2]
});

app.get('/search', (req, res) => {
  // TODO: write 'You searched for <q>.' using req.query.q, or 'nothing' when q is missing
});

// TODO: GET /users/:name writes 'Profile of <name>.' using req.params.name

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
