import { App, AppHttp, HttpException, MapService, TypedService } from 'halo';

class Todo {
  id?: string;
  text = '';
  done = false;
  // A Date default tells the serializer that `due` travels as ISO text and comes back as a Date.
  due = new Date(0);
  created_at?: Date;

  isLate(now = new Date()): boolean {
    return !this.done && this.due < now;
  }
}

const app = new App();

// The MapService stores maps; the TypedService hands our code Todo instances.
const todos = new TypedService<string, Todo>(new MapService(), Todo);
app.use('/todos', todos);

app.get('/todos/:id/late', async (req) => {
  const todo = await todos.read(req.params.id);
  if (!todo.created_at) throw HttpException.notFound();
  return { id: todo.id, late: todo.isLate(), age_s: Math.floor((Date.now() - todo.created_at.getTime()) / 1000) };
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
