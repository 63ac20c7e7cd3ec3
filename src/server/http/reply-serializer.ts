import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * A faster way to hold a reply to its contract, for the hot calls (`registerCall`'s `fastReply`).
 * The zod serializer of every other route (fastify-type-provider-zod) encodes the reply with its
 * schema, which checks each value and drops every field the contract does not name (the safety
 * net that keeps a stray column out of a reply), then prints it. Here the schema is turned once,
 * when the route is built, into plain functions that check the same and print the JSON in the same
 * pass, for the kinds of schema our replies use (objects, arrays, strings, numbers, whole numbers,
 * booleans, literals, enums, unions, optional and nullable), keys in the order zod's output has
 * (the schema's), each value as JSON.stringify prints it, so the text is the same. A part of a schema of any other kind is encoded by zod itself. A reply that does not
 * fit the contract is handed to the zod serializer whole, so it fails exactly as before (a 500
 * naming the route). With `crossCheck` (development and tests) every reply is also printed by zod
 * and the two texts must be equal.
 */
const MISFIT: unique symbol = Symbol('misfit');
/** A value's JSON text; `undefined` where JSON.stringify leaves the value out; MISFIT when it breaks the schema. */
type Writer = (value: unknown) => string | undefined | typeof MISFIT;

interface Def {
  type: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  coerce?: boolean;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  options?: $ZodType[];
  innerType?: $ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

const defOf = (schema: $ZodType): Def => schema._zod.def as unknown as Def;

/** Whole numbers as zod's `.int()` takes them (safe integers); no other check is written out here. */
function numberCheck(def: Def): ((n: number) => boolean) | null {
  const checks = def.checks ?? [];
  if (checks.length === 0) return Number.isFinite;
  if (checks.length === 1) {
    const check = checks[0]?._zod.def;
    if (check?.check === 'number_format' && check.format === 'safeint') return Number.isSafeInteger;
  }
  return null;
}

/** zod itself, for a part of a schema this file does not write out. */
function byZod(schema: $ZodType): Writer {
  return (value) => {
    const result = safeEncode(schema, value);
    return result.success ? JSON.stringify(result.data) : MISFIT;
  };
}

/** Whether a schema takes `undefined` as it is (an optional key may then be left out). */
const takesUndefined = (schema: $ZodType): boolean => defOf(schema).type === 'optional';

/**
 * The JSON text of `value` as zod's encode and JSON.stringify would print it for `schema`, written
 * in one pass (no copy of the reply is built), or MISFIT.
 */
export function replyWriter(schema: $ZodType): Writer {
  const def = defOf(schema);
  if (def.coerce || (def.type !== 'number' && def.checks && def.checks.length > 0)) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? JSON.stringify(value) : MISFIT);
    case 'boolean':
      return (value) => (value === true ? 'true' : value === false ? 'false' : MISFIT);
    case 'number': {
      const ok = numberCheck(def);
      if (!ok) return byZod(schema);
      // A finite number prints as its string, as in JSON.stringify.
      return (value) => (typeof value === 'number' && ok(value) ? String(value) : MISFIT);
    }
    case 'literal':
    case 'enum': {
      const texts = new Map(
        (def.type === 'literal' ? (def.values ?? []) : Object.values(def.entries ?? {})).map((v) => [
          v,
          JSON.stringify(v),
        ]),
      );
      return (value) => (texts.has(value) ? texts.get(value) : MISFIT);
    }
    case 'optional': {
      const inner = replyWriter(def.innerType as $ZodType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable': {
      const inner = replyWriter(def.innerType as $ZodType);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'union': {
      // zod takes the first option that fits.
      const options = (def.options ?? []).map(replyWriter);
      return (value) => {
        for (const option of options) {
          const out = option(value);
          if (out !== MISFIT) return out;
        }
        return MISFIT;
      };
    }
    case 'array': {
      const element = replyWriter(def.element as $ZodType);
      return (value) => {
        if (!Array.isArray(value)) return MISFIT;
        let json = '[';
        for (let i = 0; i < value.length; i++) {
          const item = element(value[i]);
          if (item === MISFIT) return MISFIT;
          // JSON.stringify prints a left-out value in an array as null.
          json += `${i === 0 ? '' : ','}${item ?? 'null'}`;
        }
        return `${json}]`;
      };
    }
    case 'object': {
      // Only a plain object schema: one that keeps unknown keys (a catchall) is zod's.
      if (def.catchall !== undefined) return byZod(schema);
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => ({
        key,
        prefix: `${JSON.stringify(key)}:`,
        write: replyWriter(field),
        optional: takesUndefined(field),
      }));
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return MISFIT;
        const input = value as Record<string, unknown>;
        // Only the contract's fields, in its order: anything else on the value is left behind.
        let json = '{';
        let first = true;
        for (const { key, prefix, write, optional } of fields) {
          const field = input[key];
          if (field === undefined && optional) continue;
          const written = write(field);
          if (written === MISFIT) return MISFIT;
          if (written === undefined) continue;
          json += first ? prefix : `,${prefix}`;
          json += written;
          first = false;
        }
        return `${json}}`;
      };
    }
    default:
      return byZod(schema);
  }
}

/** The route's serializer: the writer above, the zod serializer for a reply that does not fit. */
export function fastReplySerializer(crossCheck: boolean): FastifySerializerCompiler<unknown> {
  return (route) => {
    const bySchema = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    if (!(route.schema instanceof $ZodType)) return bySchema;
    const write = replyWriter(route.schema);
    return (data) => {
      const json = write(data);
      if (json === MISFIT || json === undefined) return bySchema(data);
      if (crossCheck) {
        const expected = bySchema(data);
        if (expected !== json)
          throw new Error(`${route.method} ${route.url}: the fast reply differs from zod's:\n${json}\n${expected}`);
      }
      return json;
    };
  };
}
