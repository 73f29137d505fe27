import { App, AppHttp, MapService } from 'halo';

const app = new App();

// TODO: mount a MapService at /todos — const todos = app.use(…, new MapService());
// Then, if you like, uncomment the hook below (the Hooks lesson is about them).

// Hooks see every call; this one stamps new todos as not done unless the client said otherwise.
// todos.before('created', (event) => {
//   event.data = { done: false, ...event.data };
// });

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
