import { App, AppHttp } from 'halo';
import { PlanetService } from './planets.service.ts';

const app = new App();
const planets = new PlanetService();
app.use('/planets', planets);

app.get('/compare/:a/:b', (req) => planets.readMany([req.params.a, req.params.b]));
app.get('/with-moons/:moons', (req) => planets.findOne({ query: { moons: req.params.moons } }));

// TODO: GET /planets/:id/text answers the planet in a sentence, as text: read it with planets.read(…),
// then write describePlanet(planet), which planets.service.ts exports (import it above).

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Planets at ${server.uri}/planets`);
