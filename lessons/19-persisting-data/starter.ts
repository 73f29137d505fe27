import { App, AppHttp, MapService } from 'halo';

const app = new App();

// TODO: keep the todos in a database table instead of in memory:
//       const store = new PgService({ table: 'todos' });   (import PgService from 'halo')
//       await store.open();
const store = new MapService();

const todos = app.use('/todos', store);
todos.before('created', (event) => {
  event.data = { done: false, ...event.data };
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
