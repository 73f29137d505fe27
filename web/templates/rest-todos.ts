import { App, AppHttp, MapService } from 'halo';

const app = new App();

// GET/POST /todos and GET/PATCH/PUT/POST/DELETE /todos/:id, all from one service.
const todos = app.use('/todos', new MapService());

// New todos start not done unless the client says otherwise.
todos.before('created', (event) => {
  event.data = { done: false, ...event.data };
});

await todos.create({ title: 'Try the playground' });

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Todos at ${server.uri}/todos`);
