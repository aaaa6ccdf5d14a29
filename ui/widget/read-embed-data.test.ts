import { readEmbedData, showStartupError } from './read-embed-data';
import { testEmbedData } from './test-embed-data';

afterEach(() => {
  document.body.replaceChildren();
});

const page = (text: string | null) => {
  if (text === null) return;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'resource';
  block.textContent = text;
  document.body.appendChild(block);
};

describe('readEmbedData (spec 000 §4 Start-up reads the embedded JSON block; ARCHITECTURE.md §5 decode at the boundary)', () => {
  it('decodes a valid block', () => {
    page(JSON.stringify(testEmbedData));
    expect(readEmbedData(document)).toEqual({ ok: true, data: testEmbedData });
  });

  it.each<[string, string | null, RegExp]>([
    ['no block', null, /no #resource data block/],
    ['not JSON', '{"resource":', /not valid JSON/],
    ['a field of the wrong type', JSON.stringify({ ...testEmbedData, locale: 7 }), /invalid: locale: expected string, got 7/],
  ])('%s -> a sentence naming the problem', (_case, text, message) => {
    page(text);
    const result = readEmbedData(document);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('showStartupError renders a readable alert box, as text only', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>server frame</p>';
    showStartupError(root, 'bad <b>data</b>');
    const box = root.querySelector('[role="alert"]');
    expect(box?.textContent).toBe('This player could not start.bad <b>data</b>');
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).not.toContain('server frame');
  });
});
