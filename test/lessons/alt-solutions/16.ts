// Lesson 16 solved another way: the health route reads the address when it is asked, through a
// function, and the address is printed from the server the route closes over.
import { App, AppHttp } from 'halo';

const app = new App();
const http = new AppHttp(app);
const address = (): string => http.uri;

app.get('/', (req, res) => {
  res.write('Hello, world!');
});
app.get('/health', (req, res) => {
  res.json({ uri: address(), status: 'ok' });
});

await http.startServer('localhost', 3000);
console.log(`Serving at ${address()}`);
