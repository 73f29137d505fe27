// Lesson 18 solved another way: its own conversion and its own message for a body that is not a number.
import { AnonymousService, App, AppHttp, HttpException } from 'halo';

const app = new App();

type Reading = { id?: string; celsius: number; fahrenheit: number };

const oneDecimal = (n: number): number => Number(n.toFixed(1));

app.use(
  '/celsius',
  new AnonymousService<string, Reading>({
    read: (id) => {
      const celsius = Number(id);
      if (!Number.isFinite(celsius)) throw HttpException.badRequest({ message: `Not a temperature: ${id}` });
      return { id: String(id), celsius, fahrenheit: oneDecimal(celsius * 1.8 + 32) };
    },
    create: async (data) => {
      // A form sends text, JSON a number: the declared type does not say what a client really sent.
      const sent: unknown = data.fahrenheit;
      const fahrenheit = typeof sent === 'string' && sent.trim() !== '' ? Number(sent) : sent;
      if (typeof fahrenheit !== 'number' || !Number.isFinite(fahrenheit)) {
        throw HttpException.badRequest({ message: 'Send fahrenheit as a number, e.g. {"fahrenheit": 212}' });
      }
      return { fahrenheit, celsius: oneDecimal((fahrenheit - 32) / 1.8) };
    },
  }),
);

await new AppHttp(app).startServer('localhost', 3000);
