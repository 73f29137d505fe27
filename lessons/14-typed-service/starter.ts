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

// TODO: GET /todos/:id/late reads the todo (await todos.read(…) gives a Todo) and answers
// { id, late: todo.isLate(), age_s: whole seconds since todo.created_at }.
// (HttpException.notFound() is handy if created_at is missing.)

await new AppHttp(app).startServer('localhost', 3000);
console.log('Todos at http://localhost:3000/todos');
