import { App, AppHttp, MemoryService, graphql } from 'halo';

const app = new App();
app.use('/books', new MemoryService());

// Queries `books` and `booksRead`, mutations `booksCreate`, `booksModify`, `booksUpdate`, `booksRemove`.
graphql(app);

await new AppHttp(app).startServer('localhost', 3000);
