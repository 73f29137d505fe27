import { App, AppHttp } from 'halo';

const app = new App();

app.get('/hello', () => ({ hello: 'world' }));

await new AppHttp(app).startServer('localhost', 3000);
