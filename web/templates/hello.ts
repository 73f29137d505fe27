import { App, AppHttp } from 'halo';

const app = new App();

app.get('/', (req, res) => {
  res.write('Hello from Halo!');
});

// A route parameter: GET /hello/Ada
app.get('/hello/:name', (req) => ({ greeting: `Hello, ${req.params.name}!` }));

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Listening on ${server.uri}`);
