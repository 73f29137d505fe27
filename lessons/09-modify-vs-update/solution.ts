import { App, AppHttp, MapService } from 'halo';

const app = new App();
const todos = app.use('/todos', new MapService());

// modify merges, so the todo keeps its text; update would replace the whole todo.
app.post('/todos/:id/done', (req) => todos.modify(req.params.id, { done: true }));

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Todos at ${server.uri}/todos`);
