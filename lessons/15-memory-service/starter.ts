import { App, AppHttp, MemoryService } from 'halo';

const app = new App();

// TODO: paginate — pages of 2 unless the client asks for a $limit, never more than 10:
//       new MemoryService({ paginate: { default: …, max: … } })
const people = new MemoryService();

const PEOPLE = [
  { name: 'Ada', age: 36, city: 'London' },
  { name: 'Alan', age: 41, city: 'London' },
  { name: 'Grace', age: 85, city: 'New York' },
  { name: 'Linus', age: 28, city: 'Helsinki' },
  { name: 'Marie', age: 66, city: 'Paris' },
];
for (const person of PEOPLE) await people.create(person);

app.use('/people', people);

await new AppHttp(app).startServer('localhost', 3000);
console.log('People at http://localhost:3000/people');
