import { playbackIdOf } from './playback-id';

describe('playback ids (spec 001 §3 tracking record: one id per playback)', () => {
  it('are 32 hex characters, distinct for each playback of one client', () => {
    const ids = [0, 1, 2].map((n) => playbackIdOf('0123456789abcdef0123456789abcdef', n));
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('are the same for the same instance id and count (a replay makes the same ids)', () => {
    expect(playbackIdOf('ABCDEF0123456789ABCDEF0123456789', 7)).toBe(playbackIdOf('ABCDEF0123456789ABCDEF0123456789', 7));
  });
});
