import { App, AppHttp, HttpException, MapService } from 'halo';
import type { Handler, MapData, ServiceParams } from 'halo';

// Who is calling? Passed on to the service as params.user.
const identify: Handler = (req) => {
  const user = req.headers['x-user']?.[0];
  if (!user) throw HttpException.notAuthenticated({ message: 'Send an x-user header.' });
  req.serviceParams.user = user;
  return true;
};

class NotesService extends MapService {
  override async create(data: MapData, params?: ServiceParams): Promise<MapData> {
    // TODO: store who wrote the note and how it came in: `owner` from params.user ('nobody' without one),
    // `via` from params.provider.via ('server' for a call without a provider).
    return super.create(data, params);
  }
}

const app = new App();
// identify runs before every route of /notes.
const notes = app.chain([identify]).use('/notes', new NotesService());

// Calls from our own code: no middleware, no provider; params are whatever we pass.
app.get('/welcome', () => notes.create({ text: 'Welcome!' }));
app.get('/welcome/:user', (req) => notes.create({ text: 'Welcome!' }, { user: req.params.user }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Notes at http://localhost:3000/notes');
