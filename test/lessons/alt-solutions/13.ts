// Lesson 13 solved another way: one file, records in a Map, an index that filters by moons so that
// the default findOne finds the right planet, and the routes calling the hooked service app.use returns.
import { App, AppHttp, HttpException, Service } from 'halo';
import type { ServiceParams } from 'halo';

type Planet = { id: string; name: string; moons: number };

const planetsById = new Map<string, Planet>(
  [
    { id: 'mercury', name: 'Mercury', moons: 0 },
    { id: 'venus', name: 'Venus', moons: 0 },
    { id: 'earth', name: 'Earth', moons: 1 },
    { id: 'mars', name: 'Mars', moons: 2 },
  ].map((planet) => [planet.id, planet]),
);

class Planets extends Service<string, Planet> {
  override async index(params?: ServiceParams): Promise<Planet[]> {
    const moons = params?.query?.moons;
    const all = [...planetsById.values()];
    return moons === undefined ? all : all.filter((planet) => planet.moons === Number(moons));
  }

  override async read(id: string | null): Promise<Planet> {
    const planet = id === null ? undefined : planetsById.get(id);
    if (planet === undefined) throw HttpException.notFound({ message: `There is no planet called ${id}.` });
    return planet;
  }
}

const app = new App();
const planets = app.use('/planets', new Planets());
app.get('/compare/:a/:b', (req) => planets.readMany([req.params.a, req.params.b]));
app.get('/with-moons/:moons', (req) => planets.findOne({ query: { moons: req.params.moons } }));

await new AppHttp(app).startServer('localhost', 3000);
