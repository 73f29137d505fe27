import { App, AppHttp, HttpException } from 'halo';

const app = new App();

app.post('/upload', async (req, res) => {
  await req.parseBody();
  // TODO: no files in req.uploadedFiles? throw HttpException.badRequest({ message: 'Attach at least one file.' })
  res.writeln(req.bodyAsMap.title ?? 'Untitled');
  // TODO: for each file, write a line '<filename>: <size> bytes, <number of lines> lines' (await file.text())
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
