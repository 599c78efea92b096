/** `openapi`: prints the engine's own OpenAPI 3.1 document (from the route table and its zod schemas) as JSON. */
import { engineOpenApi } from '../../api/openapi.js';
import { ROUTE_SCHEMAS } from '../../api/openapi-schemas.js';
import { ROUTES } from '../../api/routes/index.js';
import { EXIT, type CliCommand } from '../command.js';

export const OPENAPI: CliCommand = {
  summary: "print the engine's OpenAPI 3.1 document (operations it serves, request schemas), servers at /2025-10-13",
  usage: '',
  arguments: [],
  options: {},
  run(_args, io) {
    io.out(JSON.stringify(engineOpenApi(ROUTES, ROUTE_SCHEMAS), null, 2));
    return EXIT.ok;
  },
};
