// Loaded with `--import` ahead of a process's entry when the launcher keeps a warm spare: loads
// the modules listed in MEDRELAY_STANDBY (the process's own code and the npm packages it pulls
// in, most of its start time), then holds the entry back until the launcher says go. A restart
// then only reads its settings, connects and listens (see "Supervision" in docs/operations.md).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// Listening first: a message that arrives while the modules load is not missed.
const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
const preload = JSON.parse(process.env.MEDRELAY_STANDBY ?? '[]') as string[];
delete process.env.MEDRELAY_STANDBY;
for (const file of preload) await import(pathToFileURL(path.resolve(file)).href);
process.send?.('warm');
await go;
// The channel served its purpose; it must not keep the process alive or change how it exits.
process.channel?.unref();
