import { App, AppHttp, MapService } from 'halo';

const app = new App();

// GET/POST /todos, GET/PATCH/PUT/POST/DELETE /todos/:id — all generated from the service.
const todos = app.use('/todos', new MapService());

// Hooks see every call; this one stamps new todos as not done unless the client said otherwise.
todos.before('created', (event) => {
  event.data = { done: false, ...event.data };
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
