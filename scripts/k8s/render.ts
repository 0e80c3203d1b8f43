// Renders a kustomization the way `kubectl kustomize` does, for the subset our manifests use:
// resources (files and kustomization folders), patches (strategic merge by kind and name,
// lists of named items merged by name, `$patch: delete`), images, labels and namespace. The
// Kubernetes test validates its output; `node --import tsx scripts/k8s/render.ts <dir>` prints it.
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
}

const supported = new Set(['apiVersion', 'kind', 'resources', 'patches', 'images', 'labels', 'namespace']);

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

export function renderKustomization(dir: string): K8sObject[] {
  const kustomization = readDocuments(path.join(dir, 'kustomization.yaml'))[0] as Kustomization;
  const unknown = Object.keys(kustomization).filter((key) => !supported.has(key));
  if (unknown.length) throw new Error(`${dir}: unsupported kustomization fields ${unknown.join(', ')}`);

  let objects: K8sObject[] = (kustomization.resources ?? []).flatMap((resource) => {
    const full = path.join(dir, resource);
    return statSync(full).isDirectory() ? renderKustomization(full) : (readDocuments(full) as K8sObject[]);
  });

  for (const { path: patchFile } of kustomization.patches ?? []) {
    for (const patch of readDocuments(path.join(dir, patchFile)) as Array<K8sObject & { $patch?: string }>) {
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

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv[2] ?? 'deploy/k8s/overlays/production';
  console.log(
    renderKustomization(path.resolve(dir))
      .map((o) => stringify(o))
      .join('---\n'),
  );
}
