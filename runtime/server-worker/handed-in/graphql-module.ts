// graphql-js as one self-contained module file, handed to the server worker on a program's first GraphQL
// request (see ../host/handed-in-modules.ts).
import * as graphql from 'graphql';
import { handIn } from './hand-in.ts';

handIn('graphql', graphql);
