import { AnonymousService, App, AppHttp, HttpException } from 'halo';

const app = new App();

/** What the service reads and answers (the id is the Celsius value, as text). */
type Temperature = { id?: string; celsius: number; fahrenheit: number };

const round = (n: number): number => Math.round(n * 10) / 10;

function number(value: unknown, name: string): number {
  const n = Number(value);
  if (value === null || value === '' || Number.isNaN(n)) throw HttpException.badRequest({ message: `${name} must be a number.` });
  return n;
}

app.use(
  '/celsius',
  new AnonymousService<string, Temperature>({
    read: (id) => {
      const celsius = number(id, 'The id');
      return { id: String(id), celsius, fahrenheit: round((celsius * 9) / 5 + 32) };
    },
    create: (data) => {
      const fahrenheit = number(data.fahrenheit, 'fahrenheit');
      return { fahrenheit, celsius: round(((fahrenheit - 32) * 5) / 9) };
    },
  }),
);

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
