import { audienceOf, SIGN_UP_TOOLTIPS, tooltipFor, UPGRADE_TOOLTIP, type TooltipControl } from './tooltips';

// spec 001 §6 Roles and permissions: "Signup tooltips go to anonymous users and an upgrade tooltip to free users."
describe('tooltips by role (spec 001 §6)', () => {
  const anonymous = { loggedIn: false };
  const free = { loggedIn: true, product: 'free' };
  const premium = { loggedIn: true, product: 'premium' };
  const controls: TooltipControl[] = ['library', 'playlist', 'play'];

  it('tells the roles apart: anonymous without a login, premium by the product, any other product free', () => {
    expect([anonymous, free, premium, { loggedIn: true }, { loggedIn: true, product: 'open' }].map(audienceOf)).toEqual([
      'anonymous',
      'free',
      'premium',
      'free',
      'free',
    ]);
  });

  it('an anonymous visitor gets a sign-up tooltip on every control that needs an account', () => {
    expect(controls.map((c) => tooltipFor(anonymous, c))).toEqual([SIGN_UP_TOOLTIPS.library, SIGN_UP_TOOLTIPS.playlist, SIGN_UP_TOOLTIPS.play]);
    for (const c of controls) expect(tooltipFor(anonymous, c)).toMatch(/^Sign up free/);
  });

  it('a free listener gets the upgrade tooltip on play and no sign-up tooltip; premium gets none', () => {
    expect(controls.map((c) => tooltipFor(free, c))).toEqual([null, null, UPGRADE_TOOLTIP]);
    expect(UPGRADE_TOOLTIP).toMatch(/^Upgrade to Premium/);
    expect(controls.map((c) => tooltipFor(premium, c))).toEqual([null, null, null]);
  });
});
