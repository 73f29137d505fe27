// Lesson 10 solved another way: the scratch pad is a MapService subclass that sets its own options.
import { App, AppHttp, MapService, Service } from 'halo';

class ScratchPad extends MapService {
  constructor() {
    super({ allowRemoveAll: true, allowQuery: false });
  }
}

const app = new App();
app.use('/todos', new MapService({ allowQuery: true, allowRemoveAll: false }));
app.use('/scratch', new ScratchPad());
app.get('/ids/:raw', (req) => {
  const raw = req.params.raw;
  return { raw, id: Service.toId(raw) };
});

await new AppHttp(app).startServer('localhost', 3000);
