export interface SupervisedServer {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface UnexpectedExit {
  name: string;
  /** Which server, how it ended and its last lines, for the terminal. */
  report: string;
}

export interface ServerSupervisor {
  start(server: SupervisedServer): { pid: number | undefined };
  stopAll(): Promise<void>;
}

export declare function createServerSupervisor(options: { cwd: string; onUnexpectedExit(exit: UnexpectedExit): void }): ServerSupervisor;
