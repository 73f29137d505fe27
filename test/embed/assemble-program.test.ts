import { expect, test } from 'vitest';
import { assembleProgram, CELL_MARKER } from '../../web/embed/assemble-program.ts';

test('a snippet with visible files only is its files', () => {
  expect(assembleProgram([{ visible: { 'main.ts': 'a', 'b.ts': 'b' }, hidden: {} }])).toEqual({ 'main.ts': 'a', 'b.ts': 'b' });
});

test('the cells of a file go in place of the marker of the nearest hidden file of that name, earliest cell first', () => {
  const setup = `import x;\n${CELL_MARKER}\nstart();`;
  const program = assembleProgram([
    { visible: { 'main.ts': 'one();\n' }, hidden: { 'main.ts': setup } },
    { visible: { 'main.ts': 'two();' }, hidden: {} },
  ]);
  expect(program).toEqual({ 'main.ts': 'import x;\none();\ntwo();\nstart();' });
});

test('a hidden file without the marker comes before the cells; one with no cells is used as it is', () => {
  const program = assembleProgram([
    { visible: { 'main.ts': 'cell();' }, hidden: { 'main.ts': 'setup();\n', 'db.ts': 'export const db = 1;' } },
  ]);
  expect(program).toEqual({ 'main.ts': 'setup();\ncell();', 'db.ts': 'export const db = 1;' });
});

test('a later hidden file of the same name replaces an earlier one; a `$` in a cell stays as written', () => {
  const program = assembleProgram([
    { visible: { 'main.ts': "a('$&');" }, hidden: { 'main.ts': `old ${CELL_MARKER}` } },
    { visible: {}, hidden: { 'main.ts': `new ${CELL_MARKER}` } },
  ]);
  expect(program).toEqual({ 'main.ts': "new a('$&');" });
});
