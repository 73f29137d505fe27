import { App, AppHttp, HttpException } from 'halo';

const app = new App();

app.post('/upload', async (req, res) => {
  await req.parseBody();
  if (req.uploadedFiles.length === 0) {
    throw HttpException.badRequest({ message: 'Attach at least one file.' });
  }
  res.writeln(req.bodyAsMap.title ?? 'Untitled');
  for (const file of req.uploadedFiles) {
    const lines = (await file.text()).split('\n').length;
    res.writeln(`${file.filename}: ${file.size} bytes, ${lines} lines`);
  }
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('Listening on http://localhost:3000');
