import { App, AppHttp, MapService } from 'halo';

const app = new App();

// GET/POST /todos and GET/PATCH/PUT/POST/DELETE /todos/:id, all from one service.
const todos = app.use('/todos', new MapService());

// New todos start not done unless the client says otherwise.
todos.before('created', (event) => {
  event.data = { done: false, ...event.data };
});

await todos.create({ title: 'Try the playground' });

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
