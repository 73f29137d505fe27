// PGlite as one self-contained module file, handed to the server worker on a program's first database
// (see ../host/handed-in-modules.ts); its file name starts with `pglite` so the offline cache stores it on demand.
import * as pglite from '@electric-sql/pglite';
import { handIn } from './hand-in.ts';

handIn('pglite', pglite);
