// A one-line progress bar on a terminal (stderr); silent when stderr is not a TTY (logs, CI).
import type { ImportProgress } from '../import/importParcels.ts';

const WIDTH = 30;
const REDRAW_MS = 100;

export function createProgressBar(stream: NodeJS.WriteStream = process.stderr) {
  if (!stream.isTTY) return { update: (_progress: ImportProgress) => undefined, done: () => undefined };
  let lastDraw = 0;
  let phaseStarted = performance.now();
  let phase: ImportProgress['phase'] | undefined;
  let drawn = false;
  return {
    update(progress: ImportProgress): void {
      const now = performance.now();
      if (progress.phase !== phase) {
        phase = progress.phase;
        phaseStarted = now;
      } else if (now - lastDraw < REDRAW_MS && progress.done < progress.total) return;
      lastDraw = now;
      const fraction = progress.total === 0 ? 1 : progress.done / progress.total;
      const filled = Math.round(fraction * WIDTH);
      const rate = progress.done / Math.max((now - phaseStarted) / 1000, 0.001);
      const line = `${progress.phase.padEnd(9)} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}% ${progress.done.toLocaleString('en-US')}/${progress.total.toLocaleString('en-US')} ${Math.round(rate).toLocaleString('en-US')}/s`;
      stream.write(`\r${line.slice(0, (stream.columns || 100) - 1)}\u001b[K`);
      drawn = true;
    },
    done(): void {
      if (drawn) stream.write('\r\u001b[K');
      drawn = false;
    },
  };
}
