import { App, AppHttp } from 'halo';
import { describePlanet, PlanetService } from './planets.service.ts';

const app = new App();
const planets = new PlanetService();
app.use('/planets', planets);

app.get('/compare/:a/:b', (req) => planets.readMany([req.params.a, req.params.b]));
app.get('/with-moons/:moons', (req) => planets.findOne({ query: { moons: req.params.moons } }));

app.get('/planets/:id/text', async (req, res) => {
  res.write(describePlanet(await planets.read(req.params.id)));
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Planets at http://localhost:3000/planets');
