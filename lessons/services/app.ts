import { App, AppHttp, MapService } from 'halo';

const app = new App();

// GET/POST /todos, GET/PATCH/PUT/POST/DELETE /todos/:id — all generated from the service.
const todos = app.use('/todos', new MapService());

// Hooks see every call; this one stamps new todos as not done unless the client said otherwise.
todos.before('created', (event) => {
  event.data = { done: false, ...event.data };
});

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Todos at ${server.uri}/todos`);
