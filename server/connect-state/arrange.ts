import type { StateMachine } from '../playback/state-machine';
import type { PlayerOptions } from './cluster';

/*
 * The player options of spec 001 §3 (shuffling_context, repeating_context, repeating_track) as a
 * state machine carries them to a device (spec 001 §4 replace_state): the machine's tracks are in
 * play order (shuffled: the starting track first, the rest in a random order), and its transitions
 * wrap at the ends when the context repeats, and `advance` stays on the track when it repeats.
 */

/** The play order of a context: as it is, or shuffled with the start first. `random` in [0, 1). */
export function arrangeTracks<T>(tracks: readonly T[], start: number, shuffle: boolean, random: () => number): { tracks: T[]; start: number } {
  if (!shuffle || tracks.length < 2) return { tracks: [...tracks], start };
  const rest = tracks.filter((_t, i) => i !== start);
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as T, rest[i] as T];
  }
  const first = tracks[start];
  return { tracks: first === undefined ? rest : [first, ...rest], start: 0 };
}

/** The machine with its transitions set for the repeat options (states in play order). */
export function withRepeat(machine: StateMachine, options: PlayerOptions): StateMachine {
  const states = machine.states;
  const count = states.length;
  return {
    ...machine,
    states: states.map((state, i) => {
      const next = i + 1 < count ? states[i + 1] : options.repeating_context ? states[0] : undefined;
      const prev = i > 0 ? states[i - 1] : options.repeating_context ? states[count - 1] : undefined;
      const advance = options.repeating_track ? state : next;
      return {
        ...state,
        transitions: {
          ...(advance === undefined ? {} : { advance: advance.state_id }),
          ...(next === undefined ? {} : { skip_next: next.state_id, show_next: next.state_id }),
          ...(prev === undefined ? {} : { skip_prev: prev.state_id, show_prev: prev.state_id }),
        },
      };
    }),
  };
}
