import { App, AppHttp } from 'halo';

const app = new App();
let visits = 0;

// Middleware: runs before every /api/… route.
app.all('/api/*', (req, res) => {
  res.headers['x-api-version'] = '2';
  visits++;
  // TODO: GET /api/stats answers an empty body. What must this handler return to let the next one run?
});

app.get('/api/stats', () => ({ visits }));

app.get('/api/time', () => ({ now: new Date().toISOString() }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
