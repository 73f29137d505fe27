import { App, AppHttp, MapService, Service } from 'halo';

const app = new App();

// The defaults: clients may filter with the query string, but may not delete everything.
app.use('/todos', new MapService());

// A scratch pad that clients may wipe, and that ignores query strings.
app.use('/scratch', new MapService({ allowQuery: false, allowRemoveAll: true }));

// How a path segment becomes an id: the text "null" means no id at all.
app.get('/ids/:raw', (req) => ({ raw: req.params.raw, id: Service.toId(req.params.raw) }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
