/** A small program using what learner programs use (types, decorators, async, `halo`), compiled once at start-up. */
export const WARM_UP_FILES: Record<string, string> = {
  'main.ts': [
    "import { App, AppHttp, HttpException } from 'halo';",
    'function logged<T>(value: T, _context: ClassMethodDecoratorContext): T { return value; }',
    'class Greeter { @logged greet(name: string): string { return `Hello, ${name}!`; } }',
    'const app = new App();',
    "app.post('/greet', async (req, res) => { await req.parseBody(); const name = req.bodyAsMap.name as string | null;",
    "  if (name == null) throw HttpException.badRequest({ message: 'Missing name.' }); res.write(new Greeter().greet(name)); });",
    "await new AppHttp(app).startServer('localhost', 3000);",
  ].join('\n'),
};
