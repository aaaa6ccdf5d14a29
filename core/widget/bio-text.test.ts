import type { Resource } from '../model/embed-data';
import { selectBiography, splitBioText } from './bio-text';

describe('splitBioText (spec 000 §5: bio text splits on line breaks, drops empty lines and strips link markup)', () => {
  it.each([
    ['no biography', undefined, []],
    ['null', null, []],
    ['empty text', '', []],
    ['one line', 'A duo.', ['A duo.']],
    ['splits on \\n', 'One.\nTwo.', ['One.', 'Two.']],
    ['splits on \\r\\n and \\r', 'One.\r\nTwo.\rThree.', ['One.', 'Two.', 'Three.']],
    ['drops empty lines', 'One.\n\n\nTwo.\n', ['One.', 'Two.']],
    ['drops lines of spaces only', 'One.\n   \n\tTwo.  ', ['One.', 'Two.']],
    ['strips a link, keeping its text', 'Tours with <a href="spotify:artist:abc">The Quiet Orchards</a>.', ['Tours with The Quiet Orchards.']],
    ['strips several links, any case and attributes', 'A <A HREF="x" target="_blank">b</A> and <a href=\'y\'>c</a >', ['A b and c']],
    ['a line of only a link with no text is dropped', 'One.\n<a href="spotify:artist:abc"></a>', ['One.']],
    ['other markup stays as text (shown as text, never as HTML)', '<b>bold</b>', ['<b>bold</b>']],
  ] as ReadonlyArray<[string, string | null | undefined, string[]]>)('%s', (_rule, bio, expected) => {
    expect(splitBioText(bio)).toEqual(expected);
  });
});

describe('selectBiography (only an artist resource has a biography)', () => {
  const state = (resource: Record<string, unknown>) => ({ entities: { u: resource as unknown as Resource }, resourceUri: 'u' });
  it.each([
    ['an artist with a biography', { type: 'artist', biography: 'A duo.' }, 'A duo.'],
    ['an artist without one', { type: 'artist' }, null],
    ['an album (not an artist) never', { type: 'album', biography: 'x' }, null],
  ] as ReadonlyArray<[string, Record<string, unknown>, string | null]>)('%s', (_rule, resource, expected) => {
    expect(selectBiography(state(resource))).toBe(expected);
  });
});
