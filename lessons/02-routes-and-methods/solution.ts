import { App, AppHttp } from 'halo';

const app = new App();
let on = false;

app.get('/lamp', (req, res) => {
  res.write(on ? 'The lamp is on.' : 'The lamp is off.');
});

app.post('/lamp', (req, res) => {
  on = true;
  res.write('Switched on.');
});

app.delete('/lamp', (req, res) => {
  on = false;
  res.write('Switched off.');
});

app.patch('/lamp', (req, res) => {
  on = !on;
  res.write(on ? 'Toggled on.' : 'Toggled off.');
});

app.head('/lamp', (req, res) => {
  res.headers['x-lamp'] = on ? 'on' : 'off';
});

// get, post, … are shorthands for addRoute, which takes the method by name.
app.addRoute('GET', '/lamp/help', (req, res) => {
  res.writeln('GET /lamp     shows the lamp');
  res.writeln('POST /lamp    switches it on');
  res.writeln('DELETE /lamp  switches it off');
  res.writeln('PATCH /lamp   toggles it');
  res.writeln('HEAD /lamp    x-lamp header only');
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
