import pkg from '../package.json';
import { readConfig } from './config';

describe('DEMO_PRODUCT_CHANGE (issue 12: the self-service product switch is a demo feature)', () => {
  it('is off unless set, on with 1 or true, and a value that is neither is refused at start', () => {
    expect(readConfig({}).demoProductChange).toBe(false);
    expect(readConfig({ DEMO_PRODUCT_CHANGE: '' }).demoProductChange).toBe(false);
    expect(readConfig({ DEMO_PRODUCT_CHANGE: '0' }).demoProductChange).toBe(false);
    expect(readConfig({ DEMO_PRODUCT_CHANGE: '1' }).demoProductChange).toBe(true);
    expect(readConfig({ DEMO_PRODUCT_CHANGE: 'true' }).demoProductChange).toBe(true);
    expect(() => readConfig({ DEMO_PRODUCT_CHANGE: 'yes please' })).toThrow('DEMO_PRODUCT_CHANGE must be 1 or 0, got yes please');
  });

  it('`npm start` (the demo) turns it on unless the environment says otherwise', () => {
    expect(pkg.scripts.start).toContain('DEMO_PRODUCT_CHANGE=${DEMO_PRODUCT_CHANGE:-1} node dist/server/main.js');
  });
});

describe('TERMS_LICENCE (issue 17: the terms licence version users must reaccept, server/other-services/)', () => {
  it('is the default when unset or empty; a version that cannot be a path segment is refused at start', () => {
    expect(readConfig({}).termsLicence).toBeUndefined();
    expect(readConfig({ TERMS_LICENCE: '' }).termsLicence).toBeUndefined();
    expect(readConfig({ TERMS_LICENCE: '2027-01' }).termsLicence).toBe('2027-01');
    expect(() => readConfig({ TERMS_LICENCE: 'v/2' })).toThrow('TERMS_LICENCE must be');
  });
});
