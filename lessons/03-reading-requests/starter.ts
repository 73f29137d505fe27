import { App, AppHttp } from 'halo';

const app = new App();

app.get('/headers', (req, res) => {
  // TODO: for each entry of req.headers, write one line: name=[value1, value2]
});

app.get('/search', (req, res) => {
  // TODO: write 'You searched for <q>.' using req.query.q, or 'nothing' when q is missing
});

// TODO: GET /users/:name writes 'Profile of <name>.' using req.params.name

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Listening on ${server.uri}`);
