import fc from 'fast-check';
import { z } from 'zod';

/** A JSON Schema property, as much of it as the generator reads. */
interface PropertySchema {
  type?: string | string[];
  anyOf?: PropertySchema[];
}

interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
  required?: string[];
}

export interface InputShape {
  properties: Record<string, PropertySchema>;
  required: string[];
}

/** The fields of a call's payload schema (zod 4 → JSON Schema), for generating what it must refuse. */
export function shapeOf(schema: z.ZodType): InputShape {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as ObjectSchema;
  return { properties: json.properties ?? {}, required: json.required ?? [] };
}

function typesOf(p: PropertySchema): string[] {
  if (p.anyOf) return p.anyOf.flatMap(typesOf);
  return Array.isArray(p.type) ? p.type : p.type ? [p.type] : [];
}

/** Values of the wrong kind for a field, and values of the right kind that are out of any sane range. */
function badValuesFor(p: PropertySchema): unknown[] {
  const types = typesOf(p);
  const out: unknown[] = [{ nested: { deeper: [1, 2, 3] } }, ['a', 'b'], null];
  if (types.includes('string'))
    out.push('A'.repeat(100_000), '\u0000\u202e😀'.repeat(300), '<script>alert(1)</script>', "' or 1=1 --");
  if (types.includes('number') || types.includes('integer'))
    out.push('abc', '1e309', '-99999999999999999999', '1.5e-7', 'NaN', '0x1F');
  if (types.includes('boolean')) out.push('maybe', 2);
  return out;
}

/**
 * Payloads a call must refuse: nothing, each required field missing, each field of a wrong kind
 * with the required ones missing, prototype-pollution keys, and random junk (seeded, so a failure
 * replays). Every one lacks at least one required field or has one of a wrong kind.
 */
export function malformedPayloads(shape: InputShape, randomCount: number, seed: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{}];
  const names = Object.keys(shape.properties);
  for (const missing of shape.required) {
    const partial: Record<string, unknown> = {};
    for (const name of shape.required) if (name !== missing) partial[name] = 'x';
    out.push(partial);
  }
  for (const name of names) {
    for (const value of badValuesFor(shape.properties[name] ?? {})) out.push({ [name]: value });
  }
  out.push(JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}'));
  const junk = fc.sample(fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 2 }), { maxKeys: 6 }), {
    numRuns: randomCount,
    seed,
  });
  // Keep only junk that cannot satisfy the schema: it lacks a required field.
  for (const value of junk) if (shape.required.some((name) => !Object.hasOwn(value, name))) out.push(value);
  return out;
}
