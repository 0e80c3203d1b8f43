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
      const result = schema.safeParse(part === 'body' ? (req.body ?? {}) : req[part]);
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
