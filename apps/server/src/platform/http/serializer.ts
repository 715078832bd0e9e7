import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, type $ZodType } from 'zod/v4/core';

/**
 * Checks every answer against the contract before it leaves. The contract's
 * numeric fields are one-way transforms (number or numeric string → number),
 * which zod cannot `encode` (the type provider's own serializer does), so the
 * answer is parsed instead: for values the server builds — already numbers —
 * parsing is the identity, and any shape mismatch still fails loudly as a 500.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({
  schema,
  method,
  url,
}) => {
  return (data) => {
    const result = safeParse(schema, data);
    if (!result.success) {
      throw new ResponseSerializationError(method, url, { cause: result.error });
    }
    return JSON.stringify(result.data);
  };
};
