import { App, AppHttp, MapService } from 'halo';

const app = new App();
const todos = app.use('/todos', new MapService());

// TODO: this route loses the todo's text. Should it update (replace) or modify (merge)?
app.post('/todos/:id/done', (req) => todos.update(req.params.id, { done: true }));

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Todos at ${server.uri}/todos`);
