import { App, AppHttp, HttpException } from 'halo';

const app = new App();

app.post('/divide', async (req) => {
  await req.parseBody();
  const { a, b } = req.bodyAsMap;
  if (typeof a !== 'number' || typeof b !== 'number') {
    throw HttpException.badRequest({ message: 'Send numbers a and b.' });
  }
  // Any status works: the constructor takes the code and the message.
  if (b === 0) throw new HttpException({ statusCode: 422, message: 'Cannot divide by zero.' });
  return { result: a / b };
});

app.get('/crash', () => {
  throw new Error('Something broke'); // any other error becomes a 500
});

// Keep the default handler to delegate to; log every server error first.
const defaultHandler = app.errorHandler;
app.errorHandler = (error, req, res) => {
  if (error.statusCode >= 500) console.error(`${req.method} ${req.path} failed:`, error.message);
  return defaultHandler(error, req, res);
};

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
