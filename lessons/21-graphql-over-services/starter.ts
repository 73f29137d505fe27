import { App, AppHttp, MemoryService } from 'halo';

const app = new App();
app.use('/books', new MemoryService());

// TODO: serve GraphQL at /graphql, with queries and mutations derived from the mounted services.

await new AppHttp(app).startServer('localhost', 3000);
