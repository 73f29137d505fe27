// Lesson 9 solved another way: read the todo, then put it back whole with done set (update, but
// with every field sent, so nothing is lost).
import { App, AppHttp, MapService } from 'halo';

const app = new App();
const todos = app.use('/todos', new MapService());

app.addRoute('POST', '/todos/:id/done', async (req) => {
  const { id, created_at, updated_at, ...fields } = await todos.read(req.params.id);
  return todos.update(String(id), { ...fields, done: true });
});

await new AppHttp(app).startServer('localhost', 3000);
