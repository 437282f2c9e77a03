import { describe, expect, it } from '@jest/globals';
import { actedSince, activityHeader, noteUserActivity, watchUserActivity } from './activity';

describe('the clerk activity that renews a session (issue 38)', () => {
  it('marks a request only when the clerk acted since the token was issued', () => {
    const issued = 1_800_000_000;
    noteUserActivity(issued * 1000 - 1);
    expect(actedSince(issued)).toBe(false);
    expect(activityHeader(issued)).toEqual({});
    noteUserActivity(issued * 1000 + 5);
    expect(actedSince(issued)).toBe(true);
    expect(activityHeader(issued)).toEqual({ 'X-User-Activity': '1' });
  });

  it('notes key presses, clicks, wheel and touch, not other events', () => {
    const listeners = new Map<string, () => void>();
    watchUserActivity({
      addEventListener: (type: string, listener: unknown) => listeners.set(type, listener as () => void),
    } as Pick<Window, 'addEventListener'>);
    expect([...listeners.keys()].sort()).toEqual(['keydown', 'pointerdown', 'touchstart', 'wheel']);
    const issued = Math.floor(Date.now() / 1000) + 1;
    noteUserActivity(0);
    expect(actedSince(issued)).toBe(false);
    listeners.get('keydown')!();
    expect(actedSince(Math.floor(Date.now() / 1000))).toBe(true);
  });
});
