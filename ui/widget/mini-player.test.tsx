import type { EmbedData } from '../../core/model/embed-data';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { EmbedApp } from './EmbedApp';
import { renderEmbedApp } from './ssr';
import { testEmbedData } from './test-embed-data';

afterEach(cleanup);

const miniData: EmbedData = {
  ...testEmbedData,
  translations: { ...testEmbedData.translations, mini_player_not_implemented: 'Minispelaren är inte implementerad än' },
  config: { ...testEmbedData.config, variant: 'mini' },
};

describe('EmbedApp, mini-player variant (spec 000 §2: a placeholder saying it is not implemented)', () => {
  it('renders only the translated placeholder text, without the player', () => {
    const { container } = render(
      <StoreProvider store={testStore(miniData).store}>
        <EmbedApp />
      </StoreProvider>,
    );
    expect(byTestId(container, 'mini-player').textContent).toBe('Minispelaren är inte implementerad än');
    expect(container.querySelector('[data-testid="play-button"]')).toBeNull();
  });

  it('the server renders the same placeholder (the variant is in the embed data, not measured)', () => {
    const html = renderEmbedApp(miniData);
    expect(html).toContain('data-testid="mini-player"');
    expect(html).toContain('Minispelaren är inte implementerad än');
    expect(renderEmbedApp(testEmbedData)).not.toContain('data-testid="mini-player"');
  });
});
