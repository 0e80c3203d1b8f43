import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Where SQL lives: in a service, only `*repo.ts` files (and `migrations/*.sql`) hold
 * SQL; routes, services and workers call repository functions. Tests, and the `*-fixture.ts`
 * set-ups several test files share, may arrange and inspect rows directly. A plain text check: comments are dropped, then a pg call or a statement keyword
 * in upper case counts as SQL.
 */
const root = path.resolve(import.meta.dirname, '..');

const sqlSigns: Array<[string, RegExp]> = [
  ['a pg query call', /\.query\s*[<(]/],
  ['a SELECT', /\bSELECT\s/],
  ['an INSERT', /\bINSERT\s+INTO\b/],
  ['an UPDATE', /\bUPDATE\s+[\w."]+\s+SET\b/],
  ['a DELETE', /\bDELETE\s+FROM\b/],
  ['a lock or setting', /\b(SET\s+LOCAL|LOCK\s+TABLE|pg_advisory\w*)\b/],
  ['a transaction statement', /['"`](BEGIN|COMMIT|ROLLBACK)['"`]/],
  ['DDL', /\b(CREATE|ALTER|DROP)\s+(TABLE|INDEX|SCHEMA)\b/],
];

/** What in `source` looks like SQL (comments left out), as "line N: sign". */
export function sqlFound(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found: string[] = [];
  code.split('\n').forEach((line, i) => {
    for (const [sign, pattern] of sqlSigns) if (pattern.test(line)) found.push(`line ${i + 1}: ${sign}`);
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isRepo = (file: string) => /repo\.ts$/.test(file);
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || isFixture(file);
const isFixture = (file: string) => /-fixture\.ts$/.test(file);
const serviceFiles = () =>
  readdirSync(root)
    .filter((name) => name.startsWith('svc-'))
    .flatMap((service) => sourceFiles(path.join(root, service, 'src')));

describe('SQL lives in repositories', () => {
  it('recognises SQL, and not the same words in comments', () => {
    expect(sqlFound("await client.query('SELECT 1')")).toEqual([
      'line 1: a pg query call',
      'line 1: a SELECT',
    ]);
    expect(sqlFound('const q = `UPDATE catalog.medicines SET quantity = 0`;')).toEqual(['line 1: an UPDATE']);
    expect(sqlFound('x\nawait db.query<Row>(sql)')).toEqual(['line 2: a pg query call']);
    expect(sqlFound("await c.query(`SET LOCAL lock_timeout = '5s'`)")).toContain('line 1: a lock or setting');
    expect(sqlFound("run('BEGIN')")).toEqual(['line 1: a transaction statement']);
    expect(
      sqlFound('// holding the row FOR UPDATE, then SELECT 1\n/* INSERT INTO x */ const a = 1;'),
    ).toEqual([]);
    expect(sqlFound("const url = 'http://example.test'; // SELECT x")).toEqual([]);
  });

  it('has no SQL in a non-repository, non-test file of a service', () => {
    const services = readdirSync(root).filter((name) => name.startsWith('svc-'));
    expect(services.length).toBeGreaterThanOrEqual(3);
    const offenders = services.flatMap((service) =>
      sourceFiles(path.join(root, service, 'src'))
        .filter((file) => !isRepo(file) && !isTest(file))
        .flatMap((file) =>
          sqlFound(readFileSync(file, 'utf8')).map((where) => `${path.relative(root, file)} ${where}`),
        ),
    );
    expect(offenders).toEqual([]);
  });

  it("lets only tests import a fixture (its SQL is a test's)", () => {
    const fixtures = serviceFiles().filter(isFixture);
    expect(fixtures.length).toBeGreaterThanOrEqual(2);
    const importers = serviceFiles()
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => /from '[^']*-fixture'/.test(readFileSync(file, 'utf8')));
    expect(importers.map((file) => path.relative(root, file))).toEqual([]);
  });
});
