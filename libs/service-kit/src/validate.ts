import { isMessageKey, translate, type FieldError, type Language } from '@medrelay/contracts';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { httpError } from './errors';
import { requestLanguage } from './language';

type Part = 'body' | 'query' | 'params';

/** Turns zod issues into field errors with a stable rule key and a message in the caller's language. */
export function toFieldErrors(issues: z.core.$ZodIssue[], language: Language): FieldError[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (isMessageKey(issue.message)) {
      return { path, rule: issue.message, message: translate(issue.message, language) };
    }
    if (issue.code === 'too_big' && issue.origin === 'string') {
      return {
        path,
        rule: 'tooLong',
        message: translate('tooLong', language, { max: Number(issue.maximum) }),
      };
    }
    if (issue.code === 'unrecognized_keys') {
      return {
        path: issue.keys.join(', '),
        rule: 'unknownField',
        message: translate('unknownField', language),
      };
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      return { path, rule: 'required', message: translate('required', language) };
    }
    return { path, rule: 'invalidValue', message: translate('invalidValue', language) };
  });
}

/** Paths of strings holding a NUL character, which PostgreSQL cannot store in text. */
function nulPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path.join('.')] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => nulPaths(v, [...path, k]));
  }
  return [];
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): invisible,
 * they reorder the text around them, so a name can be made to read as another ("Trojan Source").
 * Nobody types them; they are taken out of every string before validation (the marks U+200E/F,
 * which Arabic keyboards do type, stay).
 */
const bidiControls = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * The input with bidi controls taken out of every string. Deeper than any schema of ours goes,
 * it is left as it is (the schema refuses it; a 5,000-deep array must not exhaust the stack).
 */
export function withoutBidiControls(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(bidiControls, '');
  if (depth > 32 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutBidiControls(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutBidiControls(v, depth + 1)]));
}

/**
 * Validates and replaces request parts with their parsed values. Query values are exposed on
 * `res.locals.query` because Express 5 makes `req.query` read-only.
 */
export function validate(schemas: Partial<Record<Part, z.ZodType>>): RequestHandler {
  return (req, res, next) => {
    const errors: FieldError[] = [];
    const language = requestLanguage(req);
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(withoutBidiControls(part === 'body' ? (req.body ?? {}) : req[part]));
      if (!result.success) {
        errors.push(...toFieldErrors(result.error.issues, language));
        continue;
      }
      // Checked on the parsed value: only fields the schema keeps, at the depth it allows.
      const withNul = nulPaths(result.data);
      if (withNul.length) {
        const message = translate('invalidValue', language);
        errors.push(...withNul.map((path) => ({ path, rule: 'invalidValue', message })));
        continue;
      }
      if (part === 'query') res.locals.query = result.data;
      else if (part === 'params') res.locals.params = result.data;
      else req.body = result.data;
    }
    if (errors.length > 0) {
      const summary = errors.map((e) => e.message).join('; ');
      next(httpError.validation(summary, errors));
      return;
    }
    next();
  };
}
