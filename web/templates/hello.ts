import { App, AppHttp } from 'halo';

const app = new App();

app.get('/', (req, res) => {
  res.write('Hello from Halo!');
});

// A route parameter: GET /hello/Ada
app.get('/hello/:name', (req) => ({ greeting: `Hello, ${req.params.name}!` }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
