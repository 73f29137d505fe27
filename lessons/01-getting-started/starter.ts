import { App, AppHttp } from 'halo';

const app = new App();

app.get('/', (req, res) => {
  // TODO: write 'Hello, world!' to the response with res.write(...)
});

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Listening on ${server.uri}`);
