import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument, OPENAPI_FILE } from '../../src/tools/openapi-document.js';

describe('the committed OpenAPI document', () => {
  it('matches the routes and schemas in the code (run `npm run openapi` after changing them)', async () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    expect(JSON.parse(await generateOpenApiDocument())).toEqual(JSON.parse(committed));
  });
});
