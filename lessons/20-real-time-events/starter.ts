import { App, AppHttp, MapService } from 'halo';

const app = new App();
app.use('/messages', new MapService());

// TODO: serve the app's services over WebSocket at /ws, so clients can call them and hear every change.

await new AppHttp(app).startServer('localhost', 3000);
