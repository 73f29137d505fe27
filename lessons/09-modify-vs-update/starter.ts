import { App, AppHttp, MapService } from 'halo';

const app = new App();
const todos = app.use('/todos', new MapService());

// TODO: this route loses the todo's text. Should it update (replace) or modify (merge)?
app.post('/todos/:id/done', (req) => todos.update(req.params.id, { done: true }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
