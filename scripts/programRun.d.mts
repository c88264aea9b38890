import type { ChildProcess } from 'node:child_process';

/** A program started by startProgram: what it has written so far, and its exit code once it exits. */
export interface StartedProgram {
  child: ChildProcess;
  /** stdout and stderr as a user sees them, in the order they came. */
  output(): string;
  /** The program's answer alone (`--json`). */
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

/** What a program run to its end wrote, and its exit code. */
export interface ProgramRun {
  code: number | null;
  output: string;
  stdout: string;
  stderr: string;
}

/** Starts `program` (a .js entry) under this Node.js with exactly `env`. */
export declare function startProgram(program: string, args: string[], env: NodeJS.ProcessEnv): StartedProgram;
/** Runs `program` to its end. */
export declare function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<ProgramRun>;
