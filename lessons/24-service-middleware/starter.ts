import { App, AppHttp, HttpException, MapService, Middleware } from 'halo';
import type { Handler, MapData, ServiceParams } from 'halo';

// Who is calling? Passed on to the service as params.user.
const identify: Handler = (req) => {
  const user = req.headers['x-user']?.[0];
  if (!user) throw HttpException.notAuthenticated({ message: 'Send an x-user header.' });
  req.serviceParams.user = user;
  return true;
};

const adminOnly: Handler = (req) => {
  if (req.serviceParams.user !== 'admin') throw HttpException.forbidden({ message: 'Only admin may delete notes.' });
  return true;
};

// TODO: run identify before every route of this service: @Middleware([identify]) on the class.
class NotesService extends MapService {
  override async create(data: MapData, params?: ServiceParams): Promise<MapData> {
    return super.create({ ...data, owner: params?.user ?? 'nobody', via: params?.provider?.via ?? 'server' }, params);
  }

  // TODO: only admin may remove: @Middleware([adminOnly]) on this method.
  override async remove(id: string | null, params?: ServiceParams): Promise<MapData> {
    return super.remove(id, params);
  }
}

const app = new App();
const notes = app.use('/notes', new NotesService());

// A call from our own code: no middleware, no provider.
app.get('/welcome', () => notes.create({ text: 'Welcome!' }));

await new AppHttp(app).startServer('localhost', 3000);
console.log('Notes at http://localhost:3000/notes');
