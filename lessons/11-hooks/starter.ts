import { App, AppHttp, HttpException, MapService } from 'halo';
import type { MapData } from 'halo';

const app = new App();
const todos = app.use('/todos', new MapService());

// TODO: before 'created': trim the text, refuse an empty one with a 400 'A todo needs a text.',
//       and fill in done: false.
// TODO: before 'removed': cancel the removal of the todo 'pinned' with the result { id: 'pinned', removed: false }.
// TODO: after 'read': add summary: '<text> (open)' or '<text> (done)' to the result.

todos.afterAll((event) => console.log(`${event.eventName} ${event.id ?? ''}`));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
