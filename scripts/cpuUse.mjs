// How much of the machine a stage of `npm test` used: the busy share of all cores (whatever ran on
// them, as os.cpus() counts), and the CPU time of the stage's own processes, which stays meaningful
// when other work shares the machine. The second comes from Linux's /proc (the CPU time of every
// finished child and grandchild is added to its parent's once it is waited for); elsewhere it is left out.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ) on every architecture Node.js runs on. */
const TICKS_PER_SECOND = 100;

function coreTimes() {
  return cpus().reduce(
    (sum, { times }) => ({ idle: sum.idle + times.idle, total: sum.total + times.user + times.nice + times.sys + times.irq + times.idle }),
    { idle: 0, total: 0 },
  );
}

/** This process's and its waited-for descendants' CPU seconds, or undefined without /proc. */
function ownCpuSeconds() {
  try {
    // The fields after the command's closing parenthesis, from the state (field 3) on: utime, stime, cutime, cstime are 14–17.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Starts measuring; the function it answers tells the use since then, as a few words for the summary. */
export function measureCpuUse() {
  const cores = coreTimes();
  const own = ownCpuSeconds();
  return () => {
    const now = coreTimes();
    const busy = now.total > cores.total ? 1 - (now.idle - cores.idle) / (now.total - cores.total) : 0;
    const ownNow = ownCpuSeconds();
    const ownText = own === undefined || ownNow === undefined ? '' : `, own ${Math.round(ownNow - own)} CPU-s`;
    return `CPU ${Math.round(busy * 100)}% of ${cpus().length} cores${ownText}`;
  };
}
