/** The provider's mark: a disc with a play sign (this project's own logo, no one else's). */
function ProviderLogo() {
  return (
    <svg aria-hidden focusable={false} viewBox="0 0 24 24" width={16} height={16} className="cta__logo">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M9.5 7.5v9l7-4.5z" fill="#121212" />
    </svg>
  );
}

/**
 * spec 000 §2 Call-to-action text: a "listen to full" text chosen by resource type, and the
 * provider logo link; both lead to the item in the provider's web player, in a new tab.
 */
export function CallToAction({ text, href }: { readonly text: string; readonly href: string }) {
  return (
    <a className="cta" href={href} target="_blank" rel="noopener noreferrer" data-testid="call-to-action">
      <ProviderLogo />
      <span className="cta__text">{text}</span>
    </a>
  );
}
