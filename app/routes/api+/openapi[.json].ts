import { apiError } from '~/utils/api.server';
import { openApiDocument } from '~/utils/openapi.server';

/** GET /api/openapi.json: the OpenAPI 3.1 document of every /api path, generated from the routes' zod schemas (decision 288). */
export const loader = () => {
  const doc = openApiDocument();
  return doc ? Response.json(doc, { headers: { 'Cache-Control': 'public, max-age=300' } }) : apiError(404, 'The API document is served by the web server only.');
};

export const action = () => apiError(405, 'Use GET for this path.');
