import { App, AppHttp } from 'halo';

const app = new App();
const books = [
  { title: 'Dune', year: 1965 },
  { title: 'Neuromancer', year: 1984 },
  { title: 'Kindred', year: 1979 },
];

// TODO: return the list instead of writing it by hand: a returned value is sent as JSON.
app.get('/books', (req, res) => {
  res.write(JSON.stringify(books));
});

// TODO: return the number: it is JSON too.
app.get('/books/count', (req, res) => {
  res.write(books.length);
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');

// Too late: the routes were frozen when the server started. Halo logs a warning; /late is a 404.
app.get('/late', (req, res) => {
  res.write('You will never see this.');
});
