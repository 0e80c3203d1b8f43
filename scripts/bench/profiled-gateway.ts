// The gateway with the V8 CPU profiler on (node:inspector; --cpu-prof is refused in NODE_OPTIONS),
// written to $GATEWAY_CPU_PROF when SIGTERM arrives.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
// Started on SIGUSR2 (the harness sends it when the load begins), so start-up is not in the profile.
process.on('SIGUSR2', () => session.post('Profiler.start'));
process.prependListener('SIGTERM', () => {
  // The in-thread session answers synchronously, before the gateway's shutdown exits.
  session.post('Profiler.stop', (err, result) => {
    if (err) return console.error(err);
    const file = path.join(process.env.GATEWAY_CPU_PROF!, `gateway-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
  });
});
// The gateway of this folder (the harness runs it in the gateway's folder, or a baseline's).
await import(path.join(process.cwd(), 'src', 'main.ts'));
