// A compiled program of the product (COMPILED_PROGRAMS) started as a user's terminal would start it —
// under this Node.js — with what it writes kept: for the tests of the county data commands and of the
// API's own start.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export function startProgram(program, args, env) {
  const child = spawn(process.execPath, [program, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text) => {
    output += text;
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text) => {
    output += text;
    stderr += text;
  });
  const exited = once(child, 'exit').then(([code]) => code);
  return { child, output: () => output, stdout: () => stdout, stderr: () => stderr, exited };
}

export async function runProgram(program, args, env) {
  const started = startProgram(program, args, env);
  const code = await started.exited;
  return { code, output: started.output(), stdout: started.stdout(), stderr: started.stderr() };
}
