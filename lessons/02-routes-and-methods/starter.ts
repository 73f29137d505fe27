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

// TODO: DELETE /lamp switches the lamp off and writes 'Switched off.'
// TODO: PATCH /lamp toggles it and writes 'Toggled on.' or 'Toggled off.'
// TODO: HEAD /lamp sets the header x-lamp to 'on' or 'off' (res.headers['x-lamp'] = …)
// TODO: GET /lamp/help, added with app.addRoute('GET', …), lists the routes

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
