import { App, AppHttp } from 'halo';
import { PlanetService } from './planets.service.ts';

const app = new App();
const planets = new PlanetService();
app.use('/planets', planets);

app.get('/compare/:a/:b', (req) => planets.readMany([req.params.a, req.params.b]));
app.get('/with-moons/:moons', (req) => planets.findOne({ query: { moons: req.params.moons } }));

// TODO: GET /planets/:id/text answers the planet in a sentence, as text: read it with planets.read(…),
// then write describePlanet(planet), which planets.service.ts exports (import it above).

await new AppHttp(app).startServer('localhost', 3000);
console.log('Planets at http://localhost:3000/planets');
