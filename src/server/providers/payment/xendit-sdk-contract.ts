/**
 * Holds a JSON body to a model of Xendit's SDK (xendit-node, generated from Xendit's own API
 * description): its required keys are there, its enum values are ones the SDK knows, its dates
 * are dates, and every key it carries is one the SDK model has (a key we invented is reported,
 * unless named as documented but not yet in the SDK). Answers the problems found; none is a pass.
 * Used by the contract tests on the local fake's replies and webhooks.
 */
type Json = Record<string, unknown>;

export interface SdkModel {
  fromJSON: (json: unknown) => unknown;
  toJSON: (value: never) => unknown;
  /** The SDK's type guard: its required keys, on the model's own (camelCase) names. */
  instanceOf?: (value: object) => boolean;
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const camelKeys = (json: Json) => Object.fromEntries(Object.entries(json).map(([k, v]) => [camel(k), v]));

function walkUnknownEnums(value: unknown, path: string, problems: string[]) {
  if (value === 'UNKNOWN_ENUM_VALUE') problems.push(`${path}: a value the SDK does not know`);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) walkUnknownEnums(v, `${path}[${i}]`, problems);
  } else if (value && typeof value === 'object' && !(value instanceof Date))
    for (const [k, v] of Object.entries(value)) walkUnknownEnums(v, path ? `${path}.${k}` : k, problems);
}

/** Keys of `given` the round trip lost (the SDK has no such field), and values it changed. */
function compare(given: unknown, back: unknown, path: string, extras: ReadonlySet<string>, problems: string[]) {
  if (given === null || typeof given !== 'object') {
    const sameInstant =
      typeof given === 'string' &&
      typeof back === 'string' &&
      !Number.isNaN(Date.parse(given)) &&
      Date.parse(given) === Date.parse(back);
    if (back !== undefined && back !== given && !sameInstant)
      problems.push(`${path}: ${JSON.stringify(given)} read back as ${JSON.stringify(back)}`);
    return;
  }
  if (back === null || typeof back !== 'object') {
    // A free-form object the SDK keeps as it is (metadata, channel_properties of some models).
    if (back === undefined && !extras.has(path)) problems.push(`${path}: not in the SDK model`);
    return;
  }
  if (Array.isArray(given)) {
    if (!Array.isArray(back)) {
      problems.push(`${path}: a list where the SDK has an object`);
      return;
    }
    for (const [i, v] of given.entries()) compare(v, back[i], `${path}[]`, extras, problems);
    return;
  }
  if (Array.isArray(back)) {
    problems.push(`${path || 'body'}: an object where the SDK has a list`);
    return;
  }
  const b = back as Json;
  for (const [key, value] of Object.entries(given as Json)) {
    const at = path ? `${path}.${key}` : key;
    // The SDK reads a null as absent (its `exists`): a null where it has the key is no finding.
    if (value === null && key in b) continue;
    if (!(key in b) || (b[key] === undefined && value !== undefined)) {
      if (!extras.has(at)) problems.push(`${at}: not in the SDK model`);
      continue;
    }
    compare(value, b[key], at, extras, problems);
  }
}

/** The SDK's output with its dates as ISO text, keeping its keys (an undefined one says the model has the field). */
function datesAsText(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(datesAsText);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, datesAsText(v)]));
  return value;
}

export function sdkProblems(
  json: unknown,
  model: SdkModel,
  options: { documentedExtras?: readonly string[]; nested?: readonly [string, SdkModel][] } = {},
): string[] {
  const problems: string[] = [];
  if (json === null || typeof json !== 'object') return ['body: not a JSON object'];
  if (model.instanceOf && !Array.isArray(json) && !model.instanceOf(camelKeys(json as Json)))
    problems.push('body: a key the SDK requires is missing');
  for (const [path, nested] of options.nested ?? []) {
    const value = path
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), json);
    const rows = Array.isArray(value) ? value : value === undefined ? [] : [value];
    for (const row of rows)
      if (nested.instanceOf && (row === null || typeof row !== 'object' || !nested.instanceOf(camelKeys(row as Json))))
        problems.push(`${path}: a key the SDK requires is missing`);
  }
  let parsed: unknown;
  let back: unknown;
  try {
    parsed = model.fromJSON(json);
    walkUnknownEnums(parsed, '', problems);
    back = model.toJSON(parsed as never);
  } catch (error) {
    return [...problems, `body: the SDK cannot read it (${error instanceof Error ? error.message : String(error)})`];
  }
  // A date the SDK parsed that is no date fails in toJSON above; here the keys and values read back.
  compare(json, datesAsText(back), '', new Set(options.documentedExtras ?? []), problems);
  return problems;
}
