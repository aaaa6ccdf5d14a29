import { EmbedConfig } from '../model/embed-data';
import { isRight } from 'fp-ts/Either';
import { albumData } from './testing/album-data';
import { initialWidgetState } from './state';
import { isMiniPlayer, selectIsMiniPlayer } from './mini-player';

describe('mini-player variant (spec 000 §2: its compact legacy layout is a placeholder)', () => {
  const config = albumData().config;

  it.each([
    ['no variant: the normal embed', config, false],
    ['variant mini: the placeholder', { ...config, variant: 'mini' as const }, true],
    ['no config at all (an older state)', undefined, false],
  ])('%s', (_rule, c, expected) => {
    expect(isMiniPlayer(c)).toBe(expected);
  });

  it('is read from the embed data, whatever the viewport', () => {
    const state = initialWidgetState({ ...albumData(), config: { ...config, variant: 'mini' } }, { width: 1_000_000, height: 600 });
    expect(selectIsMiniPlayer(state)).toBe(true);
  });

  it('the embed data codec accepts variant mini and refuses other variants', () => {
    expect(isRight(EmbedConfig.decode({ ...config, variant: 'mini' }))).toBe(true);
    expect(isRight(EmbedConfig.decode(config))).toBe(true);
    expect(isRight(EmbedConfig.decode({ ...config, variant: 'huge' }))).toBe(false);
  });
});
