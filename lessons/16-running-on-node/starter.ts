import { App, AppHttp } from 'halo';

const app = new App();
const server = new AppHttp(app);

app.get('/', (req, res) => {
  res.write('Hello, world!');
});

// TODO: GET /health answers { status: 'ok', uri: <where the server really listens> } as JSON.

await server.startServer('localhost', 3000);
// TODO: print where the server really listens: on Node, HALO_PORT may have chosen another port than 3000.
console.log('Listening on http://localhost:3000');
