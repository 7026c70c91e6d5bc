import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DynamicResolution, REST_MS } from '../../src/render/DynamicResolution';

const ON_TIME = 16.7;
const LATE = 33.4;

describe('DynamicResolution', () => {
  it('draws at half resolution while moving and at full resolution REST_MS after the last move', () => {
    const d = new DynamicResolution(1, 0.5, 0.3);
    expect(d.tick(0, ON_TIME)).toBe(1);
    expect(d.moved(100)).toBe(0.5);
    expect(d.tick(117, ON_TIME)).toBe(0.5);
    expect(d.tick(100 + REST_MS - 1, ON_TIME)).toBe(0.5);
    expect(d.tick(100 + REST_MS, ON_TIME)).toBe(1);
  });

  it('scales with the device pixel ratio', () => {
    const d = new DynamicResolution(2, 0.5, 0.3);
    expect(d.moved(0)).toBe(1);
    expect(d.tick(ON_TIME, ON_TIME)).toBe(1);
    expect(d.tick(REST_MS, ON_TIME)).toBe(2);
  });

  it('a move is drawn at motion resolution even when its first frame comes after REST_MS', () => {
    // A loaded machine (CI, a busy laptop) can take longer than REST_MS to reach the next frame:
    // the moved view still shows first at motion resolution, and rests on the frame after.
    const d = new DynamicResolution(1, 0.5, 0.3);
    expect(d.moved(0)).toBe(0.5);
    expect(d.resting(REST_MS + 100)).toBe(false);
    expect(d.tick(REST_MS + 100, REST_MS + 100)).toBe(0.5);
    expect(d.resting(REST_MS + 117)).toBe(true);
    expect(d.tick(REST_MS + 117, ON_TIME)).toBe(1);
  });

  it('steps down after 2 late frames of the last 8 and back up after 30 on-time frames', () => {
    const d = new DynamicResolution(1, 0.5, 0.3);
    let now = 0;
    const frame = (delta: number): number => {
      now += delta;
      d.moved(now);
      return d.tick(now, delta);
    };
    expect(frame(LATE)).toBe(0.5);
    expect(frame(LATE)).toBe(0.45);
    expect(frame(LATE)).toBe(0.45);
    expect(frame(LATE)).toBe(0.4);
    for (let i = 0; i < 10; i++) frame(LATE);
    expect(frame(LATE)).toBe(0.3); // the floor
    for (let i = 0; i < 29; i++) expect(frame(ON_TIME)).toBe(0.3);
    expect(frame(ON_TIME)).toBe(0.35);
    for (let i = 0; i < 200; i++) frame(ON_TIME);
    expect(frame(ON_TIME)).toBe(0.5); // the ceiling
  });

  it('?motionres=1 (max = min = 1) never lowers the resolution', () => {
    const d = new DynamicResolution(1, 1, 1);
    expect(d.moved(0)).toBe(1);
    for (let i = 1; i < 20; i++) expect(d.tick(i * 40, 40)).toBe(1);
  });

  it('always stays between the floor and full resolution', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.double({ min: 1, max: 200, noNaN: true }))), (steps) => {
        const d = new DynamicResolution(1, 0.5, 0.3);
        let now = 0;
        for (const [move, delta] of steps) {
          now += delta;
          const r = move ? d.moved(now) : d.tick(now, delta);
          expect(r === 1 || (r >= 0.3 && r <= 0.5)).toBe(true);
        }
      }),
    );
  });
});

describe('DynamicResolution on a screen faster than 60 Hz', () => {
  it('frames over the 16.7 ms budget lower the motion resolution even when no vsync is missed', () => {
    const d = new DynamicResolution(1, 0.5, 0.3);
    let now = 0;
    d.moved(now);
    const resolutions: number[] = [];
    for (let i = 0; i < 4; i++) {
      now += 20; // 20 ms frames: 50 fps, over budget for 60 fps
      d.moved(now);
      resolutions.push(d.tick(now, 20));
    }
    expect(resolutions).toEqual([0.5, 0.45, 0.45, 0.4]);
  });
});
