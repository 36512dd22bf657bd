// Shapes shared by the benchmark's processes and the report.

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  uniqueIds?: boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Milliseconds (autocannon's histogram has 1 ms resolution). */
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  total: number;
  /** 2xx and 3xx answers. */
  ok: number;
  /** Any other status. */
  bad: number;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
  /** CPU the load generator used while measuring, in cores (1 = one core fully busy). */
  clientCpu: number;
  /** CPU the target (with its child processes) used while measuring, in cores; null where /proc is unavailable. */
  serverCpu?: number | null;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}
