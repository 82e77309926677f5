import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument, OPENAPI_FILE } from '../../src/tools/openapi-document.js';
import { startTestServer } from '../helpers/test-context.js';

describe('the committed OpenAPI document', () => {
  it('matches the routes and schemas in the code (run `npm run openapi` after changing them)', async () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    expect(JSON.parse(await generateOpenApiDocument())).toEqual(JSON.parse(committed));
  });

  it('is what GET /api/docs serves', async () => {
    const server = await startTestServer('sqlite');
    try {
      const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')));
    } finally {
      await server.close();
    }
  });
});
