import { App, AppHttp, HttpException, MapService } from 'halo';
import type { MapData } from 'halo';

const app = new App();
const todos = app.use('/todos', new MapService());

// Before: clean the input, or refuse it.
todos.before('created', (event) => {
  const text = String(event.data?.text ?? '').trim();
  if (!text) throw HttpException.badRequest({ message: 'A todo needs a text.' });
  event.data = { done: false, ...event.data, text };
});

// Cancel: the pinned todo is never removed; the client gets this result instead.
todos.before('removed', (event) => {
  if (event.id === 'pinned') event.cancel({ id: 'pinned', removed: false });
});

// After: add a field to what read answers.
todos.after('read', (event) => {
  const todo = event.result as MapData;
  event.result = { ...todo, summary: `${todo.text} (${todo.done ? 'done' : 'open'})` };
});

todos.afterAll((event) => console.log(`${event.eventName} ${event.id ?? ''}`));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
