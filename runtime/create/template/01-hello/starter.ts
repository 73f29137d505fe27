import { App, AppHttp } from 'halo';

const app = new App();

// Your route goes here: app.get('/hello', …)

await new AppHttp(app).startServer('localhost', 3000);
