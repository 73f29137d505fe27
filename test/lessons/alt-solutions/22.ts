// The status-and-headers lesson solved another way: the 404 is an HttpException, the created book is
// returned (a returned value keeps the status set before it), and the redirect is a plain 302.
import { App, AppHttp, HttpException } from 'halo';

interface Book {
  title: string;
  year: number;
}

const app = new App();
const shelf: Record<string, Book> = { dune: { title: 'Dune', year: 1965 } };

app.get('/books', () => shelf);
app.get('/books/:id', (req) => {
  const book = shelf[req.params.id];
  if (book) return book;
  throw HttpException.notFound({ message: `Unknown book ${req.params.id}` });
});
app.post('/books', async (req, res) => {
  await req.parseBody();
  const id = String(req.bodyAsMap.id);
  shelf[id] = { title: String(req.bodyAsMap.title), year: Number(req.bodyAsMap.year) };
  res.statusCode = 201;
  res.headers['location'] = '/books/' + id;
  return shelf[id];
});
app.get('/library', (req, res) => res.redirect('/books'));

await new AppHttp(app).startServer('localhost', 3000);
