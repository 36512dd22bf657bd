// The starting files moved to the engine, where the server's editor makes them too.
export * from '../engine/content/scaffold';
