/** Milliseconds without camera movement after which the full resolution comes back. */
export const REST_MS = 150;

/**
 * A frame interval above this (ms) is over a 60 Hz frame's budget (16.7 ms) by more than timer
 * jitter: on a vsync-paced screen it missed a vsync, on a faster or unpaced one it took too long.
 */
export const LATE_FRAME_MS = 17;

/** On-time motion frames in a row after which the motion resolution is raised a step. */
const RAISE_AFTER = 30;

/** Of the last LOWER_WINDOW motion frames, this many late ones lower the motion resolution. */
const LOWER_WINDOW = 8;
const LOWER_WHEN_LATE = 2;

/** Step (fraction of full resolution) by which the motion resolution adapts. */
const STEP = 0.05;

/**
 * Dynamic resolution scaling for a fill-rate-bound renderer (software WebGL): while the camera
 * moves, draw at `maxFraction` of the full backing resolution, stepping down towards
 * `minFraction` when motion frames keep missing vsync and back up when they are all on time;
 * `REST_MS` after the last movement, the full resolution again (one crisp frame). Pure state
 * machine: times in ms from the caller's clock, resolutions in device pixels per CSS pixel.
 */
export class DynamicResolution {
  private lastMove = -Infinity;
  /**
   * A move no frame has drawn yet. Its first frame is a motion frame however late it comes: on a
   * loaded machine the next frame can be more than REST_MS away, and the moved view still shows
   * fast first (and the camera rests on the frame after).
   */
  private unshownMove = false;
  private fraction: number;
  private late: boolean[] = [];
  private onTimeRun = 0;

  constructor(
    readonly full: number,
    private readonly maxFraction: number,
    private readonly minFraction: number,
  ) {
    this.fraction = maxFraction;
  }

  /** The camera moved at `now`: the resolution to draw at. */
  moved(now: number): number {
    this.lastMove = now;
    this.unshownMove = true;
    return this.motion();
  }

  resting(now: number): boolean {
    return !this.unshownMove && now - this.lastMove >= REST_MS;
  }

  /** One frame tick at `now`, `deltaMs` after the previous one: the resolution to draw at. */
  tick(now: number, deltaMs: number): number {
    const resting = this.resting(now);
    this.unshownMove = false;
    if (resting) {
      this.late = [];
      this.onTimeRun = 0;
      return this.full;
    }
    const late = deltaMs > LATE_FRAME_MS;
    this.late = [...this.late.slice(1 - LOWER_WINDOW), late];
    this.onTimeRun = late ? 0 : this.onTimeRun + 1;
    if (this.late.filter(Boolean).length >= LOWER_WHEN_LATE && this.fraction > this.minFraction) {
      this.fraction = Math.max(this.minFraction, round(this.fraction - STEP));
      this.late = [];
    } else if (this.onTimeRun >= RAISE_AFTER) {
      this.fraction = Math.min(this.maxFraction, round(this.fraction + STEP));
      this.onTimeRun = 0;
    }
    return this.motion();
  }

  /** The motion resolution (a move is never resting before its first frame is drawn). */
  private motion(): number {
    return round(this.fraction * this.full);
  }
}

/** Two decimals, so repeated steps land on exact values (0.5 - 0.05 - 0.05 = 0.4). */
function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * While the camera moves the canvas backing store is drawn at this fraction of its full
 * resolution (CSS keeps the canvas size, the browser scales it up), lower down to
 * MOTION_RESOLUTION_MIN when frames still miss vsync. Software WebGL (SwiftShader, no GPU) is
 * fill-rate bound, so shading a quarter of the pixels is what keeps panning smooth.
 */
const MOTION_RESOLUTION = 0.5;
const MOTION_RESOLUTION_MIN = 0.3;

/**
 * The table's dynamic resolution at `full` resolution; `motionres` is the `?motionres=` URL
 * parameter: 1 turns dynamic resolution off, another value in (0, 1] sets the motion fraction
 * (and its floor); anything else keeps the default.
 */
export function dynamicResolutionFor(full: number, motionres: string | null): DynamicResolution {
  const asked = Number(motionres ?? MOTION_RESOLUTION);
  const motion = Number.isFinite(asked) && asked > 0 && asked <= 1 ? asked : MOTION_RESOLUTION;
  return new DynamicResolution(full, motion, Math.min(motion, MOTION_RESOLUTION_MIN));
}
