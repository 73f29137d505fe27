import { App, AppHttp, MapService, websocket } from 'halo';

const app = new App();
app.use('/messages', new MapService());

// Every service is now callable over ws://localhost:3000/ws, and every change is pushed to every connection.
websocket(app);

await new AppHttp(app).startServer('localhost', 3000);
