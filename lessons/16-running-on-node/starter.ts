import { App, AppHttp } from 'halo';

const app = new App();
const started = Date.now();

app.get('/', (req, res) => {
  res.write('Hello, world!');
});

// TODO: GET /health answers { status: 'ok', uptime_s: <whole seconds since started> } as JSON.

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// uri is where the server really listens (HALO_PORT may have chosen another port).
console.log(`Listening on ${server.uri}`);
