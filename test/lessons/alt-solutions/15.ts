// Lesson 15 solved another way: the paging options as a constant, the people created through the
// service app.use returns, all at once.
import { App, AppHttp, MemoryService } from 'halo';

const paginate = { max: 10, default: 2 };

const app = new App();
const people = app.use('/people', new MemoryService({ paginate }));
await Promise.all(
  [
    ['Marie', 66, 'Paris'],
    ['Linus', 28, 'Helsinki'],
    ['Grace', 85, 'New York'],
    ['Alan', 41, 'London'],
    ['Ada', 36, 'London'],
  ].map(([name, age, city]) => people.create({ name, age, city })),
);

await new AppHttp(app).startServer('localhost', 3000);
