import { App, AppHttp, HttpException } from 'halo';

const app = new App();

app.post('/upload', async (req, res) => {
  await req.parseBody();
  // TODO: no files in req.uploadedFiles? throw HttpException.badRequest({ message: 'Attach at least one file.' })
  res.writeln(req.bodyAsMap.title ?? 'Untitled');
  // TODO: for each file, write a line '<filename>: <size> bytes, <number of lines> lines' (await file.text())
});

const server = new AppHttp(app);
await server.startServer('localhost', 3000);
// server.uri: where it really listens (on Node, HALO_PORT may choose another port).
console.log(`Listening on ${server.uri}`);
