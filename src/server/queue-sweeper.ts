// The loop both outgoing queues run (mail/queue.ts, push/queue.ts): a sweep every
// `intervalMs` and soon after a kick, batch after batch while full ones come, the
// hourly clean-up, errors logged and never thrown, timers that never keep the
// process alive. A kick during a sweep makes one more sweep after it, never two at once.
import { log } from './logger.ts';

export interface Sweeper {
  /** Sweeps soon (after `kickDelayMs`): many kicks in a row make one sweep. */
  kick(): void;
  /** Stops the timers and waits for a sweep under way. */
  stop(): Promise<void>;
}

export interface SweeperOptions {
  /** Names the queue in the log. */
  name: string;
  /** One batch: claims up to `batch` due rows, attempts each, answers how many it claimed. */
  deliver(batch: number): Promise<number>;
  /** The hourly clean-up of rows kept no longer. */
  forget(): Promise<void>;
  intervalMs?: number;
  kickDelayMs?: number;
  batch?: number;
}

const FORGET_EVERY_MS = 3_600_000;

export function startSweeper({
  name,
  deliver,
  forget,
  intervalMs = 10_000,
  kickDelayMs = 50,
  batch = 20,
}: SweeperOptions): Sweeper {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let kickTimer: NodeJS.Timeout | undefined;
  let forgotAt = 0;

  async function sweep(): Promise<void> {
    do {
      again = false;
      try {
        while (!stopped && (await deliver(batch)) === batch);
        if (!stopped && Date.now() - forgotAt >= FORGET_EVERY_MS) {
          forgotAt = Date.now();
          await forget();
        }
      } catch (error) {
        log.error({ err: error }, `${name}: queue sweep failed; the next one retries`);
      }
    } while (again && !stopped);
  }
  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sweep().finally(() => {
      running = undefined;
    });
  }

  const interval = setInterval(run, intervalMs);
  interval.unref();
  run();
  return {
    kick() {
      if (stopped || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = undefined;
        run();
      }, kickDelayMs);
      kickTimer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      clearTimeout(kickTimer);
      await running;
    },
  };
}
