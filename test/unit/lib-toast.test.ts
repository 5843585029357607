import { describe, expect, it } from 'vitest';
import { errorToastText, toastDuration, withToast, type ToastMessage } from '../../lib/toast.js';

/** A fake clock: sleep advances it, so the minimum display time is observable. */
function clock() {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('snackbar rules (spec §8, §9)', () => {
  it('keeps success 1 s, errors 2 s, and the pending toast until replaced', () => {
    expect(toastDuration('success')).toBe(1000);
    expect(toastDuration('info')).toBe(1000);
    expect(toastDuration('error')).toBe(2000);
    expect(toastDuration('pending')).toBeNull();
  });

  it("says 'Error: {message}', 'Something went wrong!' without one, or the custom text", () => {
    expect(errorToastText(new Error('Access Denied!'))).toBe('Error: Access Denied!');
    expect(errorToastText('timeout')).toBe('Error: timeout');
    expect(errorToastText(new Error(''))).toBe('Something went wrong!');
    expect(errorToastText({ weird: true })).toBe('Something went wrong!');
    expect(errorToastText(new Error('x'), 'Error updating subscription')).toBe('Error updating subscription');
  });

  it("shows 'Submitting...' for at least 500 ms, then 'Submitted!'", async () => {
    const c = clock();
    const shown: [number, ToastMessage][] = [];
    const result = await withToast(async () => 42, { emit: (t) => shown.push([c.now(), t]), now: c.now, sleep: c.sleep });
    expect(result).toBe(42);
    expect(shown.map(([at, t]) => [at, t.kind, t.text])).toEqual([
      [0, 'pending', 'Submitting...'],
      [500, 'success', 'Submitted!'],
    ]);
    expect(shown[0]?.[1].id).toBe(shown[1]?.[1].id);
  });

  it('does not wait longer when the action itself took over 500 ms', async () => {
    const c = clock();
    const shown: [number, ToastMessage][] = [];
    await withToast(
      async () => {
        c.advance(800);
      },
      { emit: (t) => shown.push([c.now(), t]), now: c.now, sleep: c.sleep, success: 'Subscription updated successfully' },
    );
    expect(shown.map(([at, t]) => [at, t.text])).toEqual([
      [0, 'Submitting...'],
      [800, 'Subscription updated successfully'],
    ]);
  });

  it('shows the error and rejects as the action did', async () => {
    const c = clock();
    const shown: ToastMessage[] = [];
    const failure = new Error('No Network: The server cannot be reached.');
    await expect(
      withToast(
        async () => {
          throw failure;
        },
        { emit: (t) => shown.push(t), now: c.now, sleep: c.sleep },
      ),
    ).rejects.toBe(failure);
    expect(shown.map((t) => [t.kind, t.text])).toEqual([
      ['pending', 'Submitting...'],
      ['error', 'Error: No Network: The server cannot be reached.'],
    ]);
    expect(c.now()).toBe(500);
  });
});
