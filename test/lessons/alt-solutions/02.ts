// Lesson 2 solved another way: every route through addRoute, the state as a word, the help as a table.
import { App, AppHttp } from 'halo';
import type { Handler } from 'halo';

const app = new App();
const lamp = { state: 'off' as 'on' | 'off' };

const routes: [method: string, description: string, handler: Handler][] = [
  ['GET', 'tells the state', (req, res) => void res.write(`The lamp is ${lamp.state}.`)],
  [
    'POST',
    'lights it',
    (req, res) => {
      lamp.state = 'on';
      res.write('Switched on.');
    },
  ],
  [
    'DELETE',
    'puts it out',
    (req, res) => {
      lamp.state = 'off';
      res.write('Switched off.');
    },
  ],
  [
    'PATCH',
    'flips it',
    (req, res) => {
      lamp.state = lamp.state === 'on' ? 'off' : 'on';
      res.write(`Toggled ${lamp.state}.`);
    },
  ],
  ['HEAD', 'state in x-lamp', (req, res) => void (res.headers['x-lamp'] = lamp.state)],
];

for (const [method, , handler] of routes) app.addRoute(method, '/lamp', handler);
app.addRoute('GET', '/lamp/help', () => routes.map(([method, description]) => `${method} /lamp: ${description}`).join('\n'));

await new AppHttp(app).startServer('localhost', 3000);
