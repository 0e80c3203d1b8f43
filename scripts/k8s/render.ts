// Renders a kustomization the way `kubectl kustomize` does, for the subset our manifests use:
// resources (files and kustomization folders), configMapGenerator (env files and literals,
// `behavior: merge` in an overlay, a content-hash name suffix with every reference rewritten),
// patches (strategic merge by kind and name, lists of named items merged by name,
// `$patch: delete`), images, labels and namespace. The
// Kubernetes test validates its output; `node --import tsx scripts/k8s/render.ts <dir>` prints it.
// Where `kubectl` is installed the test renders with the real kustomize (`render`) and checks
// that this renderer agrees with it; this one is the fallback for machines without kubectl.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
};

interface Kustomization {
  resources?: string[];
  patches?: Array<{ path: string }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  labels?: Array<{ pairs: Record<string, string> }>;
  namespace?: string;
  configMapGenerator?: Array<{
    name: string;
    envs?: string[];
    literals?: string[];
    behavior?: 'create' | 'merge';
  }>;
}

const supported = new Set([
  'apiVersion',
  'kind',
  'resources',
  'configMapGenerator',
  'patches',
  'images',
  'labels',
  'namespace',
]);

/** Marks a generated ConfigMap until the top-level render gives it its hashed name. */
const generated = '$generated';

function readDocuments(file: string): Record<string, unknown>[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => doc.toJSON() as Record<string, unknown> | null)
    .filter((doc): doc is Record<string, unknown> => doc !== null);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strategic merge as far as we use it: maps merge, lists of named items merge by name, the rest replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (isObject(target) && isObject(patch)) {
    const merged: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(patch))
      merged[key] = key in target ? mergePatch(target[key], value) : value;
    return merged;
  }
  const named = (list: unknown) =>
    Array.isArray(list) && list.every((item) => isObject(item) && 'name' in item);
  if (named(target) && named(patch)) {
    const result = [...(target as Record<string, unknown>[])];
    for (const item of patch as Record<string, unknown>[]) {
      const at = result.findIndex((existing) => existing.name === item.name);
      if (at >= 0) result[at] = mergePatch(result[at], item) as Record<string, unknown>;
      else result.push(item);
    }
    return result;
  }
  return patch;
}

function containersOf(object: K8sObject): Array<{ image?: string }> {
  const spec = object.spec as { template?: { spec?: { containers?: []; initContainers?: [] } } } | undefined;
  return [...(spec?.template?.spec?.containers ?? []), ...(spec?.template?.spec?.initContainers ?? [])];
}

/** `KEY=value` lines (blank lines and # comments skipped), as kustomize reads `envs` files. */
function readEnvLines(lines: string[]): Record<string, string> {
  return Object.fromEntries(
    lines
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.indexOf('=');
        if (at < 1) throw new Error(`Not a KEY=value line: ${line}`);
        return [line.slice(0, at), line.slice(at + 1)];
      }),
  );
}

function generateConfigMaps(dir: string, kustomization: Kustomization, objects: K8sObject[]): K8sObject[] {
  let result = objects;
  for (const generator of kustomization.configMapGenerator ?? []) {
    const data = readEnvLines([
      ...(generator.envs ?? []).flatMap((file) => readFileSync(path.join(dir, file), 'utf8').split('\n')),
      ...(generator.literals ?? []),
    ]);
    const at = result.findIndex((o) => o.kind === 'ConfigMap' && o.metadata.name === generator.name);
    if (generator.behavior === 'merge') {
      if (at < 0) throw new Error(`${dir}: no generated ConfigMap ${generator.name} to merge into`);
      const existing = result[at] as K8sObject & { data: Record<string, string> };
      result = result.map((o, i) => (i === at ? { ...existing, data: { ...existing.data, ...data } } : o));
    } else {
      if (at >= 0) throw new Error(`${dir}: ConfigMap ${generator.name} already exists`);
      result = [
        ...result,
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data, [generated]: true },
      ];
    }
  }
  return result;
}

/**
 * Generated ConfigMaps get a suffix from their content (as kustomize's), and every pod template
 * that names them (envFrom, env valueFrom, volumes) the new name: changed settings roll out.
 */
function hashGeneratedNames(objects: K8sObject[]): K8sObject[] {
  const renamed = new Map<string, string>();
  const result = objects.map((object) => {
    if (!object[generated]) return object;
    const { [generated]: _marker, ...configMap } = object;
    const hash = createHash('sha256')
      .update(JSON.stringify(Object.entries((configMap.data as object) ?? {}).sort()))
      .digest('hex')
      .slice(0, 10);
    const name = `${configMap.metadata.name}-${hash}`;
    renamed.set(configMap.metadata.name, name);
    return { ...configMap, metadata: { ...configMap.metadata, name } } as K8sObject;
  });
  const rename = (holder: { name?: string } | undefined) => {
    if (holder?.name && renamed.has(holder.name)) holder.name = renamed.get(holder.name);
  };
  for (const object of result) {
    const pod = (object.spec as { template?: { spec?: PodTemplateSpec } } | undefined)?.template?.spec;
    for (const container of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
      container.envFrom?.forEach((source) => rename(source.configMapRef));
      container.env?.forEach((entry) => rename(entry.valueFrom?.configMapKeyRef));
    }
    pod?.volumes?.forEach((volume) => rename(volume.configMap));
  }
  return result;
}

interface PodTemplateSpec {
  containers?: Array<{
    envFrom?: Array<{ configMapRef?: { name?: string } }>;
    env?: Array<{ valueFrom?: { configMapKeyRef?: { name?: string } } }>;
  }>;
  initContainers?: PodTemplateSpec['containers'];
  volumes?: Array<{ configMap?: { name?: string } }>;
}

/** The objects `kubectl kustomize <dir>` would print (for the subset described above). */
export function renderKustomization(dir: string): K8sObject[] {
  return hashGeneratedNames(structuredClone(renderTree(dir)));
}

function renderTree(dir: string): K8sObject[] {
  const kustomization = readDocuments(path.join(dir, 'kustomization.yaml'))[0] as Kustomization;
  const unknown = Object.keys(kustomization).filter((key) => !supported.has(key));
  if (unknown.length) throw new Error(`${dir}: unsupported kustomization fields ${unknown.join(', ')}`);

  let objects: K8sObject[] = (kustomization.resources ?? []).flatMap((resource) => {
    const full = path.join(dir, resource);
    return statSync(full).isDirectory() ? renderTree(full) : (readDocuments(full) as K8sObject[]);
  });
  objects = generateConfigMaps(dir, kustomization, objects);

  for (const { path: patchFile } of kustomization.patches ?? []) {
    const patches = readDocuments(path.join(dir, patchFile)) as Array<K8sObject & { $patch?: string }>;
    // kustomize v5 panics on this (kubernetes/kubernetes#131939): refuse it here too, so a file
    // the real tool cannot apply never passes the offline render.
    if (patches.length > 1 && patches.some((patch) => patch.$patch === 'delete'))
      throw new Error(`${patchFile}: one \`$patch: delete\` per patch file (kustomize cannot apply several)`);
    for (const patch of patches) {
      const at = objects.findIndex(
        (o) =>
          o.kind === patch.kind &&
          o.apiVersion === patch.apiVersion &&
          o.metadata.name === patch.metadata.name,
      );
      if (at < 0) throw new Error(`${patchFile}: no ${patch.kind} named ${patch.metadata.name} to patch`);
      if (patch.$patch === 'delete') objects = objects.filter((_, i) => i !== at);
      else objects[at] = mergePatch(objects[at], patch) as K8sObject;
    }
  }

  for (const object of objects) {
    for (const container of containersOf(object)) {
      const [name, tag] = (container.image ?? '').split(':');
      const rule = kustomization.images?.find((image) => image.name === name);
      if (rule) container.image = `${rule.newName ?? name}:${rule.newTag ?? tag}`;
    }
    for (const { pairs } of kustomization.labels ?? []) {
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
    }
    if (kustomization.namespace) object.metadata.namespace = kustomization.namespace;
  }
  return objects;
}

/** Whether `kubectl` (with its built-in kustomize) is on PATH. */
export const kubectlInstalled =
  spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

/** The objects the real `kubectl kustomize <dir>` prints (throws with its error output if it fails). */
export function renderWithKubectl(dir: string): K8sObject[] {
  const output = execFileSync('kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
  });
  return parseAllDocuments(output)
    .map((doc) => doc.toJSON() as K8sObject | null)
    .filter((doc): doc is K8sObject => doc !== null);
}

/** The real kustomize wherever `kubectl` is installed; the offline renderer only as a fallback. */
export function render(dir: string): K8sObject[] {
  return kubectlInstalled ? renderWithKubectl(dir) : renderKustomization(dir);
}

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv[2] ?? 'deploy/k8s/overlays/production';
  console.log(
    renderKustomization(path.resolve(dir))
      .map((o) => stringify(o))
      .join('---\n'),
  );
}
