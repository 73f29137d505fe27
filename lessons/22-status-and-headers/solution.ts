import { App, AppHttp } from 'halo';

type Book = { title: string; year: number };

const app = new App();
const books = new Map<string, Book>([['dune', { title: 'Dune', year: 1965 }]]);

app.get('/books', () => Object.fromEntries(books));

app.get('/books/:id', (req, res) => {
  const book = books.get(req.params.id);
  if (!book) {
    res.statusCode = 404;
    res.write(`No book ${req.params.id}.`);
    return;
  }
  return book;
});

app.post('/books', async (req, res) => {
  await req.parseBody();
  const { id, title, year } = req.bodyAsMap;
  const book = { title: String(title), year: Number(year) };
  books.set(String(id), book);
  res.statusCode = 201;
  res.headers.location = `/books/${id}`;
  res.json(book);
});

// The list's old address.
app.get('/library', (req, res) => {
  res.redirect('/books', 301);
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Books at http://localhost:3000/books');
