import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type Compiler = FastifySerializerCompiler<ZodType>;

const zodSerializer: Compiler = createSerializerCompiler({}) as Compiler;

/**
 * Strict: every response is encoded through its zod schema and must come out unchanged (no missing,
 * mistyped or extra fields), so the OpenAPI document cannot drift from what is sent. The test suites
 * run this way. Otherwise responses are plain JSON: encoding through zod costs several times
 * JSON.stringify on the hottest routes, and the tests have already held every route to its schema.
 */
export function serializerCompiler(strict: boolean): Compiler {
  if (!strict) return () => (data) => JSON.stringify(data);
  return (route) => {
    const encode = zodSerializer(route);
    return (data) => {
      const encoded = encode(data);
      const plain = JSON.stringify(data);
      if (encoded !== plain && !isDeepStrictEqual(JSON.parse(encoded), JSON.parse(plain))) {
        throw new Error(
          `Response of ${route.method} ${route.url} differs from its schema: sent ${plain.slice(0, 300)}, schema gives ${encoded.slice(0, 300)}`,
        );
      }
      return encoded;
    };
  };
}
