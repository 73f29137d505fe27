import { App, AppHttp } from 'halo';

type Book = { title: string; year: number };

const app = new App();
const books = new Map<string, Book>([['dune', { title: 'Dune', year: 1965 }]]);

app.get('/books', () => Object.fromEntries(books));

app.get('/books/:id', (req, res) => {
  const book = books.get(req.params.id);
  // TODO: an unknown id answers 404 with the text `No book <id>.` (res.statusCode, then res.write).
  return book;
});

app.post('/books', async (req, res) => {
  await req.parseBody();
  const { id, title, year } = req.bodyAsMap;
  const book = { title: String(title), year: Number(year) };
  books.set(String(id), book);
  // TODO: status 201, a location header with the new book's path, and the book as JSON with res.json.
  res.write('Saved.');
});

// The list's old address.
app.get('/library', (req, res) => {
  // TODO: send clients to /books for good: res.redirect with the status 301.
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Books at http://localhost:3000/books');
