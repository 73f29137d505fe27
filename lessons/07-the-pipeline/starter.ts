import { App, AppHttp } from 'halo';

const app = new App();
let visits = 0;

// Middleware: runs before every /api/… route.
app.all('/api/*', (req, res) => {
  res.headers['x-api-version'] = '2';
  visits++;
  // TODO: GET /api/stats answers an empty body. What must this handler return to let the next one run?
});

// Any value other than true/false/null/undefined is sent as JSON.
app.get('/api/stats', () => ({ visits }));

app.get('/api/time', () => ({ now: new Date().toISOString() }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');

// Too late: the routes were frozen when the server started. Halo logs a warning; /late is a 404.
app.get('/late', (req, res) => {
  res.write('You will never see this.');
});
