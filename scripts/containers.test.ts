import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, testStores, waitUntil } from '@medrelay/testing';
import { DCLinter } from 'dclint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deployableSettings, launcherVariableNames } from './launcher/services';
import { freePort } from './stores/ports';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: { dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

// Only layout preferences are switched off; the schema and the safety rules stay on.
const styleRules = [
  'no-build-and-image',
  'service-keys-order',
  'services-alphabetical-order',
  'top-level-properties-order',
  'service-dependencies-alphabetical-order',
];

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification schema (dclint, offline)', () => {
    const linter = new DCLinter({
      rules: Object.fromEntries(styleRules.map((rule) => [rule, 0])),
      quiet: false,
      debug: false,
      exclude: [],
    });
    const [result] = linter.lintFiles([path.join(root, 'docker-compose.yml')], false);
    expect(result!.messages.map((m) => `${m.rule}: ${m.message}`)).toEqual([]);
  });

  it('runs every store and service the launcher runs, with the same environment variable names', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [
        'postgres',
        'redis',
        'mailpit',
        'identity',
        'catalog',
        'requests',
        'gateway',
        'web',
        'deploy-remote',
      ].sort(),
    );
    for (const [name, variables] of Object.entries(launcherVariableNames(root))) {
      const names = Object.keys(compose.services[name]!.environment ?? {});
      for (const variable of variables) expect(names, `${name} sets ${variable}`).toContain(variable);
    }
  });

  it('releases one remote into the volume web serves, only when asked (the deploy profile)', () => {
    const deploy = compose.services['deploy-remote'] as ComposeService & {
      profiles?: string[];
      entrypoint?: string[];
    };
    expect(deploy.profiles).toEqual(['deploy']);
    expect(deploy.entrypoint?.join(' ')).toContain('scripts/deploy-remote.ts');
    const served = compose.services.web!.environment!.MF_DEPLOY_DIR;
    expect(deploy.environment!.MF_DEPLOY_DIR).toBe(served);
    expect(deploy.volumes).toEqual(compose.services.web!.volumes);
  });

  it('gives each deployable only the settings its config shape reads (no database URL for the gateway)', () => {
    for (const [name, settings] of Object.entries(deployableSettings)) {
      const names = Object.keys(compose.services[name]!.environment ?? {});
      for (const variable of names) expect(settings, `${name} reads ${variable}`).toContain(variable);
    }
    const gateway = Object.keys(compose.services.gateway!.environment!);
    for (const secret of ['DATABASE_URL', 'SMTP_URL', 'INTERNAL_SECRET'])
      expect(gateway).not.toContain(secret);
  });

  it('checks health, starts in dependency order, keeps data in named volumes, takes every setting from the environment', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const dockerfileHasCheck =
        service.build && /HEALTHCHECK/.test(read(service.build.dockerfile ?? 'Dockerfile'));
      expect(Boolean(service.healthcheck ?? dockerfileHasCheck), `${name} has a health check`).toBe(true);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        expect(condition).toBe('service_healthy');
      }
      for (const volume of service.volumes ?? []) {
        expect(Object.keys(compose.volumes), `${name} mounts a named volume`).toContain(volume.split(':')[0]);
      }
    }
    expect(compose.services.redis!.healthcheck).toBeDefined();
    expect(JSON.stringify(compose.services.redis)).toMatch(/appendonly.*yes.*noeviction/);
    // No secret written into the file: each comes from .env, and .env.example names every variable used.
    const text = read('docker-compose.yml');
    const used = new Set([...text.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]!));
    const documented = read('.env.example');
    for (const name of used)
      expect(documented, `.env.example mentions ${name}`).toMatch(new RegExp(`\\b${name}=`));
    for (const secret of ['POSTGRES_PASSWORD', 'INTERNAL_SECRET', 'SEALING_KEYS'])
      expect(text).toContain(`\${${secret}:?`);
  });
});

describe('Dockerfiles', () => {
  const dockerfiles = readdirSync(root).filter((f) => /^Dockerfile(\..+)?$/.test(f));

  it('build in stages, run as a non-root user with production dependencies only, check health, stop on SIGTERM', () => {
    expect(dockerfiles.sort()).toEqual(['Dockerfile', 'Dockerfile.web']);
    for (const file of dockerfiles) {
      const lines = read(file)
        .replace(/\\\n/g, ' ')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'));
      const stages = lines.filter((line) => /^FROM /i.test(line));
      expect(stages.length, `${file} is multi-stage`).toBeGreaterThanOrEqual(2);
      const final = lines.slice(lines.lastIndexOf(stages.at(-1)!));
      const user = final.filter((line) => /^USER /i.test(line)).at(-1);
      expect(user, `${file} sets a user`).toBeDefined();
      expect(user, `${file} does not run as root`).not.toMatch(/^USER\s+(root|0)(:|\s|$)/i);
      expect(
        final.some((line) => /npm ci .*--omit=dev/.test(line)),
        `${file} installs production dependencies only`,
      ).toBe(true);
      expect(
        final.some((line) => /^HEALTHCHECK .*CMD/i.test(line)),
        `${file} has a HEALTHCHECK`,
      ).toBe(true);
      // Exec form: node is PID 1 and gets SIGTERM itself (a shell would swallow it).
      expect(
        final.find((line) => /^CMD /i.test(line)),
        `${file} uses exec-form CMD`,
      ).toMatch(/^CMD \[/);
      expect(
        lines.some((line) => /^ADD https?:/i.test(line)),
        `${file} downloads nothing at build time`,
      ).toBe(false);
    }
  });

  it('install dependencies from the manifests alone, before the sources are copied (layer cache)', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces.flatMap(
      (pattern) =>
        pattern.endsWith('/*')
          ? readdirSync(path.join(root, pattern.slice(0, -2))).map((dir) => `${pattern.slice(0, -1)}${dir}`)
          : [pattern],
    );
    for (const file of dockerfiles) {
      const lines = read(file).split('\n');
      const install = lines.findIndex((line) => /^RUN npm ci (?!.*--omit=dev)/.test(line));
      const sources = lines.indexOf('COPY . .');
      expect(install, `${file} installs before copying the sources`).toBeGreaterThan(0);
      expect(sources, `${file} copies the sources after`).toBeGreaterThan(install);
      const before = lines.slice(0, install).join('\n');
      expect(before).toContain('COPY package.json package-lock.json ./');
      for (const workspace of workspaces)
        expect(before, `${file} copies ${workspace}/package.json`).toContain(
          `COPY ${workspace}/package.json ${workspace}/`,
        );
    }
  });

  it('keep local builds and secrets out of the build context', () => {
    const ignored = read('.dockerignore');
    for (const entry of ['**/node_modules', '**/dist', 'var', '.env']) expect(ignored).toContain(entry);
  });

  it('the back-end bundle runs without tsx and imports only its production dependencies', async () => {
    const bundle = (dir: string) =>
      new Promise<number | null>((resolve) =>
        spawn(process.execPath, [path.join(root, 'scripts', 'bundle-service.mjs'), dir], {
          stdio: 'ignore',
        }).on('exit', resolve),
      );
    for (const dir of ['svc-identity', 'svc-catalog', 'svc-requests', 'gateway']) {
      expect(await bundle(dir), `bundling ${dir}`).toBe(0);
      const code = readFileSync(path.join(root, dir, 'dist', 'main.js'), 'utf8');
      const imported = new Set(
        [...code.matchAll(/^import (?:[^'"]* from )?"([^"]+)";$/gm)]
          .map((m) => m[1]!)
          .filter((name) => !name.startsWith('node:'))
          .map((name) =>
            name
              .split('/')
              .slice(0, name.startsWith('@') ? 2 : 1)
              .join('/'),
          ),
      );
      const allowed = productionDependencies(dir);
      expect(
        [...imported].filter((name) => !allowed.has(name)),
        `${dir} imports only its dependencies`,
      ).toEqual([]);
      // Node looks for them from dist/: in <dir>/node_modules, then the root's. A library's
      // dependency that npm nests under the library (another version sits at the root) is not
      // found there: the service must depend on it too.
      expect(
        [...imported].filter((name) => !resolvableInProduction(dir, name)),
        `${dir}'s imports are found from ${dir}/dist after npm ci --omit=dev`,
      ).toEqual([]);
    }

    // The image's command: `node dist/main.js --migrate-only` (the Kubernetes migration Job).
    const stores = testStores();
    const run = spawn(process.execPath, ['dist/main.js', '--migrate-only'], {
      cwd: path.join(root, 'svc-catalog'),
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: await createTestDatabase(),
        REDIS_URL: stores.redisUrl,
        INTERNAL_SECRET: 'a-long-enough-internal-secret',
        JWT_PUBLIC_KEY: stores.jwtPublicKey,
        LOG_LEVEL: 'info',
      },
    });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await new Promise((resolve) => run.on('close', resolve)), output).toBe(0);
    const done = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; applied?: string[]; service: string })
      .find((line) => line.msg === 'migrations done');
    expect(done?.service).toBe('svc-catalog');
    expect(done?.applied?.length).toBeGreaterThan(0);
  });
});

describe('the web image server (gateway/src/web-server.ts)', () => {
  it('serves the shell, the remotes list and versioned deploys, is ready with a shell build, and stops on SIGTERM', async () => {
    const port = await freePort();
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'gateway', 'src', 'web-server.ts')],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          STATIC_ROOT: root,
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitUntil(async () => (await fetch(`${url}/health/ready`).catch(() => null))?.status === 200, {
        what: 'the web server to be ready',
      });
      const page = await fetch(`${url}/ngo/dashboard`);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await page.text()).toContain('<div');
      const remotes = (await (await fetch(`${url}/mf/remotes.json`)).json()) as { role: string }[];
      expect(remotes.map((r) => r.role)).toEqual(['pharmacy', 'ngo', 'donor', 'admin']);
      expect((await fetch(`${url}/mf/pharmacy/remoteEntry.js`)).status).toBe(200);
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

/** Whether `npm ci --omit=dev` puts `name` where Node finds it from `<dir>/dist` (lock file layout). */
function resolvableInProduction(dir: string, name: string): boolean {
  const packages = (
    JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    }
  ).packages;
  return [`${dir}/node_modules/${name}`, `node_modules/${name}`].some(
    (key) => packages[key] !== undefined && !packages[key].dev,
  );
}

/** npm packages `npm ci --omit=dev --workspace=<dir>` installs for it: its own and its libs' dependencies. */
function productionDependencies(dir: string): Set<string> {
  const names = new Set<string>();
  const visit = (packageDir: string) => {
    const manifest = JSON.parse(readFileSync(path.join(root, packageDir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (names.has(name)) continue;
      names.add(name);
      if (name.startsWith('@medrelay/')) {
        const lib = path.join('libs', name.slice('@medrelay/'.length));
        if (existsSync(path.join(root, lib, 'package.json'))) visit(lib);
      }
    }
  };
  visit(dir);
  return names;
}

/**
 * What the image's runtime stage installs (`npm ci --omit=dev --workspace=gateway`), in a
 * temporary folder kept for the next run while the manifests stay the same.
 */
function productionInstall(): string {
  const manifests = execFileSync('git', ['ls-files', 'package-lock.json', '*package.json'], { cwd: root })
    .toString()
    .split('\n')
    .filter(Boolean);
  const digest = createHash('sha256');
  for (const file of manifests) digest.update(file).update(readFileSync(path.join(root, file)));
  const dir = path.join(tmpdir(), `medrelay-gateway-production-${digest.digest('hex').slice(0, 12)}`);
  if (existsSync(path.join(dir, '.installed'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const file of manifests) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(dir, file));
  }
  execFileSync(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--workspace=gateway',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  writeFileSync(path.join(dir, '.installed'), '');
  return dir;
}

describe('the gateway image', () => {
  it('starts its bundle with production dependencies only and answers /health/live', async () => {
    const dir = productionInstall();
    execFileSync(process.execPath, [path.join(root, 'scripts', 'bundle-service.mjs'), 'gateway']);
    mkdirSync(path.join(dir, 'gateway', 'dist'), { recursive: true });
    copyFileSync(path.join(root, 'gateway', 'dist', 'main.js'), path.join(dir, 'gateway', 'dist', 'main.js'));
    const stores = testStores();
    const port = await freePort();
    let output = '';
    const gateway = spawn(process.execPath, ['dist/main.js'], {
      cwd: path.join(dir, 'gateway'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        REDIS_URL: stores.redisUrl,
        REDIS_PREFIX: 'gateway-image-test',
        JWT_PUBLIC_KEY: stores.jwtPublicKey,
        LOG_LEVEL: 'warn',
      },
    });
    gateway.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    gateway.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => gateway.on('exit', (code, signal) => resolve(code ?? signal)));
    try {
      await waitUntil(
        async () => (await fetch(`http://127.0.0.1:${port}/health/live`).catch(() => null))?.status === 200,
        { what: 'the gateway bundle to answer' },
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${output}`);
    } finally {
      gateway.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  }, 120_000);
});
