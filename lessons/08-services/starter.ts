import { App, AppHttp, MapService } from 'halo';

const app = new App();

// TODO: mount a MapService at /todos — const todos = app.use(…, new MapService());
// Then, if you like, uncomment the hook below (the Hooks lesson is about them).

// Hooks see every call; this one stamps new todos as not done unless the client said otherwise.
// todos.before('created', (event) => {
//   event.data = { done: false, ...event.data };
// });

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Todos at ${server.uri}/todos`);
