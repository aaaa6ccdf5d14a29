import { flagOutcome, flagsQuery, SEND_ALL_STATE_UPDATES } from './feature-flag';

const cell = (value: unknown, exists = value !== null) => ({ value, exists, featureName: SEND_ALL_STATE_UPDATES, fromAbba: exists });
const answer = (flags: unknown) => JSON.stringify({ flags });

describe('feature flag answer (spec 001 §3 Feature flag response; §8 Flags)', () => {
  it.each([
    ['the cell with value true', answer({ [SEND_ALL_STATE_UPDATES]: cell(true) }), true],
    ['the cell with value false', answer({ [SEND_ALL_STATE_UPDATES]: cell(false) }), false],
    ['the cell absent from the service (value null, exists false)', answer({ [SEND_ALL_STATE_UPDATES]: cell(null) }), false],
    ['the cell left out of the map', answer({ other: cell(true) }), false],
    ['a cell with a string value', answer({ [SEND_ALL_STATE_UPDATES]: cell('true') }), false],
    ['value true but exists false', answer({ [SEND_ALL_STATE_UPDATES]: cell(true, false) }), false],
  ])('%s: on is %p, no error', (_name, body, on) => {
    expect(flagOutcome(SEND_ALL_STATE_UPDATES, { status: 200, body })).toEqual({ on, err: null });
  });

  it.each([
    ['a 500', 500, answer({}), 'Request to abba-service failed with status code 500'],
    ['a 401', 401, '{"error":{"status":401}}', 'Request to abba-service failed with status code 401'],
    ['a 204 (not 200)', 204, '', 'Request to abba-service failed with status code 204'],
    ['an empty body', 200, '', 'Unexpected response format from abba service.'],
    ['a blank body', 200, ' \n', 'Unexpected response format from abba service.'],
    ['no flags map', 200, '{"cells":{}}', 'Unexpected response format from abba service.'],
    ['flags not a map', 200, '{"flags":[1]}', 'Unexpected response format from abba service.'],
    ['a cell missing its fields', 200, answer({ [SEND_ALL_STATE_UPDATES]: { value: true } }), 'Unexpected response format from abba service.'],
    ['a body that is not JSON', 200, '<html>', 'Unexpected response format from abba service.'],
    ['JSON null', 200, 'null', 'Unexpected response format from abba service.'],
  ])('%s is the flag error %p and resolves not on', (_name, status, body, err) => {
    expect(flagOutcome(SEND_ALL_STATE_UPDATES, { status, body })).toEqual({ on: false, err });
  });
});

describe('feature flags request (spec 001 §7 User and flags: query tests = comma-separated flag names)', () => {
  it('names each flag, encoded, separated by commas', () => {
    expect(flagsQuery([SEND_ALL_STATE_UPDATES])).toBe('tests=send%20all%20state%20updates');
    expect(flagsQuery(['a', 'b,c'])).toBe('tests=a,b%2Cc');
  });
});
