import { App, AppHttp } from 'halo';

const app = new App();
const server = new AppHttp(app);

app.get('/', (req, res) => {
  res.write('Hello, world!');
});

// Hosting platforms poll a route like this to see that the server is alive; uri says which one answered.
app.get('/health', () => ({ status: 'ok', uri: server.uri }));

await server.startServer('localhost', 3000);
// uri is where the server really listens (HALO_PORT may have chosen another port).
console.log(`Listening on ${server.uri}`);
