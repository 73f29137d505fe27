import { App, AppHttp, PgService } from 'halo';

const app = new App();

// A PostgreSQL table named todos (created when missing). Here the database lives in your browser
// (IndexedDB); on Node in HALO_DATA_DIR, or on the PostgreSQL server at DATABASE_URL.
const store = new PgService({ table: 'todos' });
// Opening the database takes a moment the first time: do it before the server takes requests.
await store.open();

const todos = app.use('/todos', store);
todos.before('created', (event) => {
  event.data = { done: false, ...event.data };
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
