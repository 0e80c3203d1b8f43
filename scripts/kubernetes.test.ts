import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  kubectlInstalled,
  render,
  renderKustomization,
  renderWithKubectl,
  type K8sObject,
} from './k8s/render';
import { deployableSettings, launcherVariableNames } from './launcher/services';

const root = path.resolve(import.meta.dirname, '..');
const productionDir = path.join(root, 'deploy', 'k8s', 'overlays', 'production');
// The real kustomize (kubectl) wherever it is installed, the offline renderer otherwise.
const production = render(productionDir);
const base = render(path.join(root, 'deploy', 'k8s', 'base'));

interface Container {
  name: string;
  image: string;
  args?: string[];
  env?: Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface PodSpec {
  containers: Container[];
  securityContext?: { runAsNonRoot?: boolean };
  volumes?: Array<{ secret?: { secretName: string }; persistentVolumeClaim?: { claimName: string } }>;
}
type Workload = K8sObject & {
  spec: { template: { metadata?: { labels?: Record<string, string> }; spec: PodSpec } };
};

const of = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

/** The kubernetes-models class for an object (its JSON schema from the Kubernetes OpenAPI). */
async function modelFor(object: K8sObject) {
  const [group, version] = object.apiVersion.includes('/')
    ? object.apiVersion.split('/')
    : ['', object.apiVersion];
  const specifier = `kubernetes-models/${group ? `${group}/` : ''}${version}/${object.kind}`;
  const module = (await import(/* @vite-ignore */ specifier)) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >;
  return module[object.kind]!;
}

/**
 * The fields of `object` its schema does not know (`readinessprobe` for `readinessProbe`): the
 * schemas allow unknown fields, so the validator runs over a proxy that records every field it
 * looks at; any field it never looked at is unknown. Maps (labels, data) are read key by key.
 */
async function unknownFields(object: K8sObject): Promise<string[]> {
  const Model = (await modelFor(object)) as unknown as { prototype: { validate(): void } };
  const read = new WeakMap<object, Set<string>>();
  const proxies = new WeakMap<object, object>();
  const watched = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (!proxies.has(value)) {
      const keys = new Set<string>();
      read.set(value, keys);
      proxies.set(
        value,
        new Proxy(value, {
          get(target, key, receiver) {
            if (typeof key === 'string') keys.add(key);
            return watched(Reflect.get(target, key, receiver));
          },
        }),
      );
    }
    return proxies.get(value);
  };
  try {
    Model.prototype.validate.call(watched(object));
  } catch {
    // Validity is checked on its own; here only the fields matter.
  }
  const unknown: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${at}[${i}]`));
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (!read.get(value)?.has(key)) unknown.push(`${at}.${key}`);
      else walk(child, `${at}.${key}`);
    }
  };
  walk(object, `${object.kind}/${object.metadata.name}`);
  return unknown;
}

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('render, and every object of the base and the production overlay is valid against the Kubernetes schemas', async () => {
    expect(production.length).toBeGreaterThan(15);
    for (const object of [...base, ...production]) {
      const Model = await modelFor(object);
      expect(() => new Model(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow();
    }
    // The schemas do catch mistakes: a port given as text is refused.
    const broken = structuredClone(named(production, 'Deployment', 'catalog')) as Workload;
    (broken.spec.template.spec.containers[0] as unknown as { ports: unknown[] }).ports = [
      { containerPort: 'http' },
    ];
    const Deployment = await modelFor(broken);
    expect(() => new Deployment(broken).validate()).toThrow(/containerPort/);
  });

  it('uses no field the Kubernetes schemas do not know (a misspelt field fails)', async () => {
    for (const object of [...base, ...production]) expect(await unknownFields(object)).toEqual([]);
    const misspelt = structuredClone(named(production, 'Deployment', 'gateway')) as Workload;
    const container = misspelt.spec.template.spec.containers[0] as unknown as Record<string, unknown>;
    container.readinessprobe = container.readinessProbe;
    delete container.readinessProbe;
    (misspelt.spec as Record<string, unknown>).replica = 2;
    expect((await unknownFields(misspelt)).sort()).toEqual([
      'Deployment/gateway.spec.replica',
      'Deployment/gateway.spec.template.spec.containers[0].readinessprobe',
    ]);
  });

  it('gives every deployable probes, requests and limits, an autoscaler, a disruption budget, a Service and a non-root pod', () => {
    const deployments = of(production, 'Deployment') as Workload[];
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([
      'catalog',
      'gateway',
      'identity',
      'requests',
      'web',
    ]);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const pod = deployment.spec.template.spec;
      expect(pod.securityContext?.runAsNonRoot, `${name} runs as non-root`).toBe(true);
      for (const container of pod.containers) {
        expect(container.readinessProbe?.httpGet?.path, `${name} readiness`).toBe('/health/ready');
        expect(container.livenessProbe?.httpGet?.path, `${name} liveness`).toBe('/health/live');
        for (const kind of ['requests', 'limits'] as const) {
          expect(Object.keys(container.resources?.[kind] ?? {}).sort(), `${name} ${kind}`).toEqual([
            'cpu',
            'memory',
          ]);
        }
        expect(container.image, `${name} image from the registry, pinned`).toMatch(
          /^registry\.example\.com\/medrelay\/.+:1\.0\.0$/,
        );
      }
      const hpa = named(production, 'HorizontalPodAutoscaler', name) as
        | (K8sObject & {
            spec: {
              scaleTargetRef: { kind: string; name: string };
              minReplicas: number;
              maxReplicas: number;
            };
          })
        | undefined;
      expect(hpa?.spec.scaleTargetRef, `${name} autoscaler`).toMatchObject({ kind: 'Deployment', name });
      expect(hpa!.spec.minReplicas).toBeLessThanOrEqual(hpa!.spec.maxReplicas);
      const budget = named(production, 'PodDisruptionBudget', name) as
        (K8sObject & { spec: { selector: { matchLabels: Record<string, string> } } }) | undefined;
      expect(deployment.spec.template.metadata?.labels, `${name} disruption budget`).toMatchObject(
        budget!.spec.selector.matchLabels,
      );
      const service = named(production, 'Service', name) as K8sObject & {
        spec: { selector: Record<string, string> };
      };
      expect(service, `${name} Service`).toBeDefined();
      expect(deployment.spec.template.metadata?.labels).toMatchObject(service.spec.selector);
    }
    expect(
      (
        named(production, 'HorizontalPodAutoscaler', 'gateway') as K8sObject & {
          spec: { minReplicas: number };
        }
      ).spec.minReplicas,
    ).toBe(3);
  });

  it('leaves the replica count to the autoscalers and the RWX storage class to the overlay', () => {
    for (const deployment of of(production, 'Deployment') as Workload[]) {
      expect(named(production, 'HorizontalPodAutoscaler', deployment.metadata.name)).toBeDefined();
      expect(deployment.spec, `${deployment.metadata.name} replicas`).not.toHaveProperty('replicas');
    }
    for (const claim of of(production, 'PersistentVolumeClaim') as Array<
      K8sObject & { spec: { accessModes: string[]; storageClassName?: string } }
    >) {
      expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
      expect(claim.spec.storageClassName, `${claim.metadata.name} storage class`).toBe('nfs-client');
    }
    expect(JSON.stringify(base)).not.toContain('storageClassName');
  });

  it('rolls the pods out when a setting changes (the ConfigMap name carries a hash of its content)', () => {
    const configMaps = of(production, 'ConfigMap');
    expect(configMaps).toHaveLength(1);
    const name = configMaps[0]!.metadata.name;
    expect(name).toMatch(/^medrelay-config-[0-9a-z]{10}$/);
    for (const workload of [...of(production, 'Deployment'), ...of(production, 'Job')] as Workload[]) {
      for (const source of workload.spec.template.spec.containers[0]!.envFrom ?? []) {
        if (source.configMapRef) expect(source.configMapRef.name).toBe(name);
      }
    }
    // An overlay changing one value: a new name, and every pod template follows it.
    const overlay = mkdtempSync(path.join(root, 'deploy', 'k8s', 'overlays', '.test-'));
    try {
      writeFileSync(
        path.join(overlay, 'kustomization.yaml'),
        [
          'resources: [../production]',
          'configMapGenerator:',
          '  - name: medrelay-config',
          '    behavior: merge',
          '    literals: [LOG_LEVEL=debug]',
        ].join('\n'),
      );
      const changed = render(overlay);
      const changedName = of(changed, 'ConfigMap')[0]!.metadata.name;
      expect(changedName).not.toBe(name);
      const gateway = named(changed, 'Deployment', 'gateway') as Workload;
      expect(gateway.spec.template.spec.containers[0]!.envFrom![0]!.configMapRef!.name).toBe(changedName);
    } finally {
      rmSync(overlay, { recursive: true, force: true });
    }
  });

  it.runIf(kubectlInstalled)(
    'the offline renderer agrees with the real kustomize on the production overlay',
    () => {
      // Only the ConfigMap's content hash is computed differently (kustomize's own encoding).
      const normalised = (objects: K8sObject[]) =>
        objects
          .map((o) =>
            JSON.parse(JSON.stringify(o).replace(/medrelay-config-[0-9a-z]{10}/g, 'medrelay-config-#')),
          )
          .sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));
      expect(normalised(renderKustomization(productionDir))).toEqual(
        normalised(renderWithKubectl(productionDir)),
      );
    },
  );

  it('refuses several `$patch: delete` documents in one patch file, as kustomize does', () => {
    const overlay = mkdtempSync(path.join(root, 'deploy', 'k8s', 'overlays', '.test-'));
    try {
      writeFileSync(
        path.join(overlay, 'kustomization.yaml'),
        ['resources: [../../base]', 'patches:', '  - path: secrets.yaml'].join('\n'),
      );
      const deletion = (name: string) =>
        ['$patch: delete', 'apiVersion: v1', 'kind: Secret', 'metadata:', `  name: ${name}`].join('\n');
      writeFileSync(
        path.join(overlay, 'secrets.yaml'),
        [deletion('medrelay-secrets'), deletion('medrelay-jwt-public')].join('\n---\n'),
      );
      expect(() => renderKustomization(overlay)).toThrow(/one `\$patch: delete` per patch file/);
      if (kubectlInstalled) expect(() => renderWithKubectl(overlay)).toThrow();
      // One deletion per file is what both accept.
      writeFileSync(path.join(overlay, 'secrets.yaml'), deletion('medrelay-secrets'));
      for (const renderer of kubectlInstalled
        ? [renderKustomization, renderWithKubectl]
        : [renderKustomization])
        expect(renderer(overlay).some((o) => o.metadata.name === 'medrelay-secrets')).toBe(false);
    } finally {
      rmSync(overlay, { recursive: true, force: true });
    }
  });

  it('migrates each service with a Job running its image in --migrate-only mode', () => {
    for (const name of ['identity', 'catalog', 'requests']) {
      const job = named(production, 'Job', `${name}-migrate`) as Workload | undefined;
      const container = job?.spec.template.spec.containers[0];
      expect(container?.args, `${name} migration job`).toEqual(['node', 'dist/main.js', '--migrate-only']);
      const deployment = named(production, 'Deployment', name) as Workload;
      expect(container?.image).toBe(deployment.spec.template.spec.containers[0]!.image);
    }
  });

  it('backs the database up every day with pg_dump to a volume of its own, as a non-root job', () => {
    type CronJob = K8sObject & {
      spec: {
        schedule: string;
        concurrencyPolicy: string;
        jobTemplate: { spec: Workload['spec'] & { template: { spec: PodSpec & { volumes: unknown[] } } } };
      };
    };
    const cron = named(production, 'CronJob', 'database-backup') as CronJob | undefined;
    expect(cron, 'the backup CronJob').toBeDefined();
    // Minute and hour fixed, every day of every month and week.
    expect(cron!.spec.schedule).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(cron!.spec.concurrencyPolicy).toBe('Forbid');
    const pod = cron!.spec.jobTemplate.spec.template.spec;
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    const [container] = pod.containers;
    expect(container!.image).toMatch(/^postgres:\d+/);
    expect(container!.args?.join(' ')).toMatch(/pg_dump --format=custom .*"\$DATABASE_URL"/);
    expect(container!.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'medrelay-secrets',
      key: 'DATABASE_URL',
    });
    const claim = pod.volumes?.find((v) => v.persistentVolumeClaim)?.persistentVolumeClaim?.claimName;
    expect(claim).toBe('database-backups');
    expect(named(production, 'PersistentVolumeClaim', claim!)).toBeDefined();
  });

  it('routes /api to the gateway and the pages and /mf/* to the static front ends', () => {
    const ingress = named(production, 'Ingress', 'medrelay') as K8sObject & {
      spec: {
        rules: Array<{ http: { paths: Array<{ path: string; backend: { service: { name: string } } }> } }>;
      };
    };
    const routes = Object.fromEntries(
      ingress.spec.rules[0]!.http.paths.map((p) => [p.path, p.backend.service.name]),
    );
    expect(routes).toEqual({ '/api': 'gateway', '/mf': 'web', '/': 'web' });
  });

  it('takes configuration from ConfigMaps and Secrets that exist, with the launcher’s variable names, and stores by URL', () => {
    const keysOf = (kind: string, name: string) => {
      const object = named(base, kind, name) as
        (K8sObject & { data?: object; stringData?: object }) | undefined;
      expect(object, `${kind} ${name} exists`).toBeDefined();
      return Object.keys({ ...object!.data, ...object!.stringData });
    };
    const secretKeys = keysOf('Secret', 'medrelay-secrets');
    expect(secretKeys.sort()).toEqual([
      'DATABASE_URL',
      'INTERNAL_SECRET',
      'REDIS_URL',
      'SEALING_KEYS',
      'SMTP_URL',
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
    ]);
    // Production creates the secrets out of band: the overlay must not ship the placeholders.
    expect(of(production, 'Secret')).toEqual([]);
    expect(of(production, 'StatefulSet')).toEqual([]);

    const expected = launcherVariableNames(root);
    const workloads = base.filter(
      (o): o is Workload => (o.kind === 'Deployment' || o.kind === 'Job') && o.metadata.name !== 'web',
    );
    expect(workloads.length).toBeGreaterThan(4);
    for (const workload of workloads) {
      // A service's migration Job runs its image with its settings.
      const name = workload.metadata.name.replace(/-migrate$/, '') as keyof typeof expected;
      expect(expected[name], `${workload.kind} ${workload.metadata.name} is a deployable`).toBeDefined();
      const names = workload.kind === 'Deployment' ? expected[name] : [];
      const pod = workload.spec.template.spec;
      const container = pod.containers[0]!;
      const available = new Set(container.env?.map((e) => e.name));
      for (const entry of container.env ?? []) {
        const ref = entry.valueFrom?.secretKeyRef;
        if (ref) expect(keysOf('Secret', ref.name), `${ref.name} has ${ref.key}`).toContain(ref.key);
      }
      for (const source of container.envFrom ?? []) {
        if (source.configMapRef)
          keysOf('ConfigMap', source.configMapRef.name).forEach((k) => available.add(k));
        if (source.secretRef) keysOf('Secret', source.secretRef.name).forEach((k) => available.add(k));
      }
      for (const variable of names) expect([...available], `${name} gets ${variable}`).toContain(variable);
      // Only what its config shape reads: no database URL or internal secret for the gateway.
      for (const variable of available)
        expect(deployableSettings[name], `${workload.metadata.name} reads ${variable}`).toContain(variable);
      for (const volume of pod.volumes ?? []) {
        if (volume.secret) keysOf('Secret', volume.secret.secretName);
        if (volume.persistentVolumeClaim)
          expect(named(base, 'PersistentVolumeClaim', volume.persistentVolumeClaim.claimName)).toBeDefined();
      }
    }
  });
});
