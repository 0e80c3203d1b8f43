import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export function onPath(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
}

function isDebian(): boolean {
  return (
    existsSync('/etc/debian_version') || /ID(_LIKE)?=.*debian/.test(readFileSync('/etc/os-release', 'utf8'))
  );
}

/**
 * Makes sure `binary` is on PATH: on Debian as root we install Debian's `pkg`; anywhere else we
 * stop with `hint`, which says exactly what to install.
 */
export function ensureDebianPackage(binary: string, pkg: string, hint: string, log: (line: string) => void) {
  if (onPath(binary)) return;
  if (process.getuid?.() === 0 && isDebian()) {
    log(`${binary} not found: installing Debian package ${pkg} (apt-get)…`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', pkg], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status === 0 && install.status === 0 && onPath(binary)) return;
  }
  throw new Error(hint);
}
