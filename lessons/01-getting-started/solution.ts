import { App, AppHttp } from 'halo';

const app = new App();

app.get('/', (req, res) => {
  res.write('Hello, world!');
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
