import { App, AppHttp, MapService } from 'halo';

const app = new App();
const todos = app.use('/todos', new MapService());

// modify merges, so the todo keeps its text; update would replace the whole todo.
app.post('/todos/:id/done', (req) => todos.modify(req.params.id, { done: true }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
