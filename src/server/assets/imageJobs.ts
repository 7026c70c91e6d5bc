/** A job that waited longer than its bound for a decoding slot: nothing of it ran. */
export class ImageJobsBusyError extends Error {}

/**
 * How much image work the server takes on at once. Decoding and cutting an 8192×8192 map keeps
 * every core busy for seconds and needs hundreds of MB, so: at most `maxInFlight` uploads at a
 * time (admitted before their body is read, which bounds the memory their bytes take), of which
 * `maxRunning` are being decoded; the others wait their turn in order. Past `maxInFlight` an
 * upload is refused at once (503 with Retry-After) instead of queueing without end.
 */
export class ImageJobs {
  private inFlight = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxInFlight: number,
    /** Longest a job waits for a decoding slot (ms) before it is given up (ImageJobsBusyError). */
    private readonly maxWaitMs: number,
  ) {}

  /** A place for one upload, or undefined when all are taken; call `leave` when it is done. */
  admit(): { leave(): void } | undefined {
    if (this.inFlight >= this.maxInFlight) return undefined;
    this.inFlight += 1;
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        this.inFlight -= 1;
      },
    };
  }

  /** Run `job` when a decoding slot is free (first come, first served). */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) await this.waitForSlot();
    else this.running += 1;
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Resolves holding a slot handed over by a finishing job; rejects (holding none) past maxWaitMs. */
  private waitForSlot(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(new ImageJobsBusyError('waited too long for an image slot'));
      }, this.maxWaitMs);
      this.waiting.push(turn);
    });
  }

  get busy(): { inFlight: number; running: number; waiting: number } {
    return { inFlight: this.inFlight, running: this.running, waiting: this.waiting.length };
  }
}
