import { App, AppHttp, HttpException, Service } from 'halo';
import type { ServiceParams } from 'halo';

/** One planet of the solar system, as the service serves it. */
type Planet = { id: string; name: string; moons: number };

const PLANETS: Planet[] = [
  { id: 'mercury', name: 'Mercury', moons: 0 },
  { id: 'venus', name: 'Venus', moons: 0 },
  { id: 'earth', name: 'Earth', moons: 1 },
  { id: 'mars', name: 'Mars', moons: 2 },
];

/** A read-only service over the list above: create, modify, update and remove answer 405. */
class PlanetService extends Service<string, Planet> {
  override async index(): Promise<Planet[]> {
    return PLANETS;
  }

  override async read(id: string | null): Promise<Planet> {
    const planet = PLANETS.find((p) => p.id === id);
    if (!planet) throw HttpException.notFound({ message: `No planet ${id}.` });
    return planet;
  }

  // The default lists every planet to keep the first; searching stops at the first match.
  override async findOne(params?: ServiceParams): Promise<Planet> {
    const moons = Number(params?.query?.moons);
    const planet = PLANETS.find((p) => p.moons === moons);
    if (!planet) throw HttpException.notFound({ message: `No planet has ${moons} moons.` });
    return planet;
  }

  // The default calls read() once per id; one lookup table serves them all.
  override async readMany(ids: string[]): Promise<Planet[]> {
    const byId = new Map(PLANETS.map((p) => [p.id, p]));
    return ids.map((id) => {
      const planet = byId.get(id);
      if (!planet) throw HttpException.notFound({ message: `No planet ${id}.` });
      return planet;
    });
  }
}

const app = new App();
const planets = new PlanetService();
app.use('/planets', planets);

app.get('/compare/:a/:b', (req) => planets.readMany([req.params.a, req.params.b]));
app.get('/with-moons/:moons', (req) => planets.findOne({ query: { moons: req.params.moons } }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Planets at http://localhost:3000/planets');
