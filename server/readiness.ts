/** Whether this process should get new traffic: false once it starts draining on SIGTERM. */
export interface Readiness {
  readonly draining: boolean;
  startDraining(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
