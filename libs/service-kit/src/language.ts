import type { Language } from '@medrelay/contracts';
import type { Request } from 'express';

/** The caller's language from Accept-Language: Arabic if it comes first among en/ar, else English. */
export function requestLanguage(req: Pick<Request, 'headers'>): Language {
  const header = String(req.headers['accept-language'] ?? '');
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'ar' || tag === 'en') return tag;
  }
  return 'en';
}
