// Preloaded into a server under test (node --expose-gc --import …/heap-probe.mjs): on SIGUSR2 it
// collects all garbage, then appends the V8 heap still in use, in bytes, as a line to HEAP_PROBE_FILE.
// What survives a full collection is what the server keeps, however busy the machine is.
import { appendFileSync } from 'node:fs';

const file = process.env.HEAP_PROBE_FILE;
if (file && typeof global.gc === 'function')
  process.on('SIGUSR2', () => {
    global.gc();
    appendFileSync(file, `${process.memoryUsage().heapUsed}\n`);
  });
