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

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Planets at ${server.uri}/planets`);
