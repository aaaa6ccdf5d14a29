import { catalogueId, fileId } from './stable-ids';

describe('stable ids (the issue: re-ingesting the same folder changes nothing)', () => {
  it('gives 22-character base62 catalogue ids (spec 001 §3: base62 ids have at most 22 characters), the same every time', () => {
    const id = catalogueId('album', 'Harbour Lights', 'Marlow Tide');
    expect(id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(catalogueId('album', 'Harbour Lights', 'Marlow Tide')).toBe(id);
    expect(catalogueId('album', 'Harbour Light', 's', 'Marlow Tide')).not.toBe(id);
  });

  it('gives 40-character hex file ids', () => {
    expect(fileId('audio', 'x', 'MP4_96')).toMatch(/^[0-9a-f]{40}$/);
    expect(fileId('audio', 'x', 'MP4_96')).not.toBe(fileId('audio', 'x', 'MP4_160'));
  });
});
