import { App, AppHttp } from 'halo';

const app = new App();
const started = Date.now();

app.get('/', (req, res) => {
  res.write('Hello, world!');
});

// Hosting platforms poll a route like this to see that the server is alive.
app.get('/health', () => ({ status: 'ok', uptime_s: Math.round((Date.now() - started) / 1000) }));

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// uri is where the server really listens (HALO_PORT may have chosen another port).
console.log(`Listening on ${server.uri}`);
