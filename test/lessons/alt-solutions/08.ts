// Lesson 8 solved as its task says and no more: the service mounted, no hook (hooks are lesson 11).
import { App, AppHttp, MapService } from 'halo';

const app = new App();
app.use('/todos', new MapService());

await new AppHttp(app).startServer('localhost', 3000);
